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
import { wymcp, type WymcpPluginOptions } from "./unplugin.js";

export type { WymcpPluginOptions };

/** Creates the Vite plugin. */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.vite> = wymcp.vite;

export default plugin;
