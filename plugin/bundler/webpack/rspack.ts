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
import { wymcpHooks } from "../hooks.js";
import type { WymcpPluginOptions } from "../options.js";
import type { wymcp } from "../unplugin.js";

export type { WymcpPluginOptions };

/** Creates the Rspack plugin (unplugin is not loaded). */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.rspack> = (options) => {
  const apply = wymcpHooks(options, "rspack").rspack;
  if (apply === undefined) throw new Error("wymcp: no rspack hook"); // wymcpHooks always makes one
  return { apply: (compiler: unknown) => apply(compiler as never) };
};

export default plugin;
