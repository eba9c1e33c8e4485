/**
 * The plugin's options and the file filter they make. By default every
 * JavaScript or TypeScript module outside `node_modules` is considered, and
 * only those that mention `wymcp` reach the evaluator.
 */

/** A glob (relative to the working directory) or a regular expression, or a list of them. */
export type FilterPattern = string | RegExp | readonly (string | RegExp)[];

/**
 * Options of every wymcp bundler plugin.
 *
 * @example
 * ```ts
 * wymcp({ include: [/\/src\/tools\//], exclude: ["**\/*.test.ts"] });
 * ```
 */
export interface WymcpPluginOptions {
  /** Modules to check (default: `.ts .tsx .mts .cts .js .jsx .mjs .cjs`). */
  readonly include?: FilterPattern | undefined;
  /** Modules never checked (default: anything under `node_modules`). */
  readonly exclude?: FilterPattern | undefined;
}

/** Module ids with a source extension, with or without a query (`?v=…`). */
export const DEFAULT_INCLUDE: RegExp = /\.[cm]?[jt]sx?(?:[?#]|$)/;
/** Installed packages. */
export const DEFAULT_EXCLUDE: RegExp = /[\\/]node_modules[\\/]/;

/** The id filter the hooks declare, for the bundlers that filter natively (Vite, Rollup, Rolldown) and unplugin's own. */
export function idFilter(options: WymcpPluginOptions): { include: (string | RegExp)[]; exclude: (string | RegExp)[] } {
  return { include: list(options.include ?? DEFAULT_INCLUDE), exclude: list(options.exclude ?? DEFAULT_EXCLUDE) };
}

/** The one regular expression esbuild can filter loads by: the include pattern when it is a single one, else everything. */
export function esbuildLoadFilter(options: WymcpPluginOptions): RegExp {
  const include = options.include ?? DEFAULT_INCLUDE;
  return include instanceof RegExp ? include : /.*/;
}

function list(pattern: FilterPattern): (string | RegExp)[] {
  return typeof pattern === "string" || pattern instanceof RegExp ? [pattern] : [...pattern];
}
