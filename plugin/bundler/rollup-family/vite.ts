/**
 * The wymcp plugin for Vite: fails the build when a `defineTool(...)`
 * declaration has a malformed action schema.
 *
 * @example
 * ```ts
 * import wymcp from "wymcp/vite";
 * export default defineConfig({ plugins: [wymcp()] });
 * ```
 *
 * @module
 */
import { wymcpHooks } from "../hooks.js";
import type { WymcpPluginOptions } from "../options.js";
import type { wymcp } from "../unplugin.js";

export type { WymcpPluginOptions };

/** Creates the Vite plugin (the hooks are already in its shape; unplugin is not loaded). */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.vite> = (options) =>
  wymcpHooks(options, "vite") as ReturnType<typeof wymcp.vite>;

export default plugin;
