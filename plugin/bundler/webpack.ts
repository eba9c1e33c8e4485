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
import { wymcp, type WymcpPluginOptions } from "./unplugin.js";

export type { WymcpPluginOptions };

/** Creates the webpack plugin. */
const plugin: (options?: WymcpPluginOptions) => ReturnType<typeof wymcp.webpack> = wymcp.webpack;

export default plugin;
