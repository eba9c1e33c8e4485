/**
 * The one bundler plugin behind `wymcp/vite`, `wymcp/rollup`,
 * `wymcp/rolldown`, `wymcp/esbuild`, `wymcp/webpack` and `wymcp/rspack`, as
 * an unplugin instance: it checks every tool declaration of every module in
 * the build and fails the build with every offence at its source position.
 * It never changes code: a clean module passes through untouched (no code,
 * no source map). Its hooks are in `hooks.ts`.
 */
import { createUnplugin, type UnpluginInstance } from "unplugin";
import { wymcpHooks } from "./hooks.js";
import type { WymcpPluginOptions } from "./options.js";

export type { FilterPattern, WymcpPluginOptions } from "./options.js";

/**
 * The unplugin instance; pick the bundler's adapter (`wymcp.vite()`,
 * `wymcp.webpack()`, …) or import the matching entry.
 *
 * @example
 * ```ts
 * import { wymcp } from "wymcp/unplugin";
 * export default { plugins: [wymcp.rollup({ exclude: [/fixtures/] })] };
 * ```
 */
export const wymcp: UnpluginInstance<WymcpPluginOptions | undefined, false> = createUnplugin<WymcpPluginOptions | undefined, false>(
  (options, meta) => wymcpHooks(options, meta.framework),
);

export default wymcp;
