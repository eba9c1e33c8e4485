/**
 * The wymcp plugin for Rollup: fails the build when a `defineTool(...)`
 * declaration has a malformed action schema.
 *
 * @example
 * ```ts
 * import wymcp from "wymcp/rollup";
 * export default { input: "src/index.ts", plugins: [wymcp(), typescript()] };
 * ```
 *
 * @module
 */
import { wymcp, type WymcpPluginOptions } from "./unplugin.js";

export type { WymcpPluginOptions };

/** Creates the Rollup plugin. */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.rollup> = wymcp.rollup;

export default plugin;
