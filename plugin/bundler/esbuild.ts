/**
 * The wymcp plugin for esbuild: fails the build when a `defineTool(...)`
 * declaration has a malformed action schema.
 *
 * @example
 * ```ts
 * import wymcp from "wymcp/esbuild";
 * await build({ entryPoints: ["src/index.ts"], bundle: true, plugins: [wymcp()] });
 * ```
 *
 * @module
 */
import { wymcp, type WymcpPluginOptions } from "./unplugin.js";

export type { WymcpPluginOptions };

/** Creates the esbuild plugin. */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.esbuild> = wymcp.esbuild;

export default plugin;
