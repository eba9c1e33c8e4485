/**
 * The wymcp plugin for webpack: fails the build when a `defineTool(...)`
 * declaration has a malformed action schema.
 *
 * @example
 * ```ts
 * const wymcp = require("wymcp/webpack").default;
 * module.exports = { plugins: [wymcp()] };
 * ```
 *
 * @module
 */
import { wymcpHooks } from "../hooks.js";
import type { WymcpPluginOptions } from "../options.js";
import type { wymcp } from "../unplugin.js";

export type { WymcpPluginOptions };

/** Creates the webpack plugin (unplugin is not loaded). */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.webpack> = (options) => {
  const apply = wymcpHooks(options, "webpack").webpack;
  if (apply === undefined) throw new Error("wymcp: no webpack hook"); // wymcpHooks always makes one
  return { apply: (compiler: unknown) => apply(compiler as never) };
};

export default plugin;
