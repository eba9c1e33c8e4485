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
import { wymcpHooks } from "../hooks.js";
import type { WymcpPluginOptions } from "../options.js";
import type { wymcp } from "../unplugin.js";

export type { WymcpPluginOptions };

/** Creates the esbuild plugin (unplugin is not loaded). */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.esbuild> = (options) => {
  const hooks = wymcpHooks(options, "esbuild");
  const setup = hooks.esbuild?.setup;
  if (setup === undefined) throw new Error("wymcp: the esbuild hooks have no setup"); // wymcpHooks always makes one
  return { name: hooks.name, setup };
};

export default plugin;
