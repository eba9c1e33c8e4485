/**
 * The plugin's options and the file filter they make. By default every
 * JavaScript or TypeScript module outside `node_modules` is considered, and
 * only those that mention `wymcp` reach the evaluator.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type Picomatch from "picomatch";

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
  /**
   * Where clean verdicts are kept between builds, so unchanged tool files are
   * not checked again: a file path, `true` for the default
   * (`node_modules/.cache/wymcp/verdicts.json` under the working directory,
   * when it has a `node_modules` folder), or `false` for none. Default: `true`.
   * TypeScript's compiled code is kept in the same folder.
   */
  readonly cache?: boolean | string | undefined;
  /**
   * Print one line after a clean build, `wymcp: 12 tools in 5 files checked`
   * (on the bundler's info log, where it has one). `false` keeps clean builds
   * silent; offences and warnings are printed either way. Default: `true`.
   */
  readonly summary?: boolean | undefined;
  /**
   * Model providers whose rules to lint the listings against (`"openai"`,
   * `"anthropic"`, `"gemini"`, or a comma-separated string): what a target
   * would reject or silently drop is reported as a warning at its
   * file:line:column. Checked modules are then not cached between builds.
   */
  readonly targets?: string | readonly ("openai" | "anthropic" | "gemini")[] | undefined;
  /** The listing mode the tools are served in, for `targets` (default `"compact"`). */
  readonly listing?: "compact" | "complete" | "strict" | "gemini" | undefined;
  /** The `targets` warnings fail the build. */
  readonly targetErrors?: boolean | undefined;
}

/** Module ids with a source extension, with or without a query (`?v=…`). */
const DEFAULT_INCLUDE = /\.[cm]?[jt]sx?(?:[?#]|$)/;
/** Installed packages. */
const DEFAULT_EXCLUDE = /[\\/]node_modules[\\/]/;

/** The id filter the hooks declare, for the bundlers that filter natively (Vite, Rollup, Rolldown) and unplugin's own. */
export function idFilter(options: WymcpPluginOptions): { include: (string | RegExp)[]; exclude: (string | RegExp)[] } {
  return { include: list(options.include ?? DEFAULT_INCLUDE), exclude: list(options.exclude ?? DEFAULT_EXCLUDE) };
}

function list(pattern: FilterPattern): (string | RegExp)[] {
  return typeof pattern === "string" || pattern instanceof RegExp ? [pattern] : [...pattern];
}

/**
 * The id filter as one function, for the bundlers that hand the plugin
 * their module list instead of calling a hook per module (esbuild, webpack,
 * Rspack): the same rules as unplugin's own filter — regular expressions
 * test the id with forward slashes, globs match the absolute id (relative
 * ones from the working directory) with picomatch, an id any `exclude`
 * matches is out, and with any `include` only ids it matches are in.
 *
 * @example
 * ```ts
 * moduleFilter({ exclude: ["**\/*.test.ts"] })("/p/src/tools.ts"); // true
 * ```
 */
export function moduleFilter(options: WymcpPluginOptions): (id: string) => boolean {
  const { include, exclude } = idFilter(options);
  const includes = include.map(patternTest);
  const excludes = exclude.map(patternTest);
  return (id) => {
    const normalized = id.replace(/\\/g, "/");
    if (excludes.some((test) => test(normalized))) return false;
    return includes.length === 0 || includes.some((test) => test(normalized));
  };
}

function patternTest(pattern: string | RegExp): (id: string) => boolean {
  if (pattern instanceof RegExp) {
    return (id) => {
      pattern.lastIndex = 0;
      return pattern.test(id);
    };
  }
  const normalized = pattern.replace(/\\/g, "/");
  const glob =
    normalized.startsWith("**") || path.isAbsolute(normalized)
      ? normalized
      : `${process
          .cwd()
          .replace(/\\/g, "/")
          .replace(/[\\^$*+?.()|[\]{}]/g, "\\$&")}/${normalized.replace(/^\.\//, "")}`;
  const matcher = picomatch()(glob, { dot: true });
  return (id) => matcher(id);
}

let loadedPicomatch: typeof Picomatch | undefined;

/**
 * The glob matcher unplugin uses too (the same rules), a dependency of
 * wymcp's own. Required on first use: only string globs need it, and a
 * top-level import would load it into every build.
 */
function picomatch(): typeof Picomatch {
  loadedPicomatch ??= createRequire(import.meta.url)("picomatch") as typeof Picomatch;
  return loadedPicomatch;
}
