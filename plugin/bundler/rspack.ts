/**
 * The wymcp plugin for Rspack: fails the build when a `defineTool(...)`
 * declaration has a malformed action schema.
 *
 * @example
 * ```ts
 * import wymcp from "wymcp/rspack";
 * export default { plugins: [wymcp()] };
 * ```
 *
 * @module
 */
import { wymcp, type WymcpPluginOptions } from "./unplugin.js";

export type { WymcpPluginOptions };

/** Creates the Rspack plugin. */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.rspack> = wymcp.rspack;

export default plugin;
