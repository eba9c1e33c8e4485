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
import { wymcpHooks } from "../hooks.js";
import type { WymcpPluginOptions } from "../options.js";
import type { wymcp } from "../unplugin.js";

export type { WymcpPluginOptions };

/** Creates the Rolldown plugin (the hooks are already in its shape; unplugin is not loaded). */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.rolldown> = (options) =>
  wymcpHooks(options, "rolldown") as ReturnType<typeof wymcp.rolldown>;

export default plugin;
