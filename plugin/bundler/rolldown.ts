/**
 * The wymcp plugin for Rolldown: fails the build when a `defineTool(...)`
 * declaration has a malformed action schema.
 *
 * @example
 * ```ts
 * import wymcp from "wymcp/rolldown";
 * export default { input: "src/index.ts", plugins: [wymcp()] };
 * ```
 *
 * @module
 */
import { wymcp, type WymcpPluginOptions } from "./unplugin.js";

export type { WymcpPluginOptions };

/** Creates the Rolldown plugin. */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.rolldown> = wymcp.rolldown;

export default plugin;
