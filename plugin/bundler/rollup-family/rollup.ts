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
import { wymcpHooks } from "../hooks.js";
import type { WymcpPluginOptions } from "../options.js";
import type { wymcp } from "../unplugin.js";

export type { WymcpPluginOptions };

/** Creates the Rollup plugin (the hooks are already in its shape; unplugin is not loaded). */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.rollup> = (options) =>
  wymcpHooks(options, "rollup") as ReturnType<typeof wymcp.rollup>;

export default plugin;
