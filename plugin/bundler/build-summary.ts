/**
 * What a build says when it is clean: one line counting what was checked
 * (`wymcp: 12 tools in 5 files checked`, unless the `summary` option is
 * `false`), and a warning when the `include` option matched none of the
 * build's modules — a pattern that never matches would otherwise pass every
 * build in silence, having checked nothing.
 */
import type { ModuleVerdict } from "./checks/module-checker.js";
import type { WymcpPluginOptions } from "./options.js";

/**
 * The counts of one build.
 *
 * @example
 * ```ts
 * const tally = new BuildTally(options);
 * tally.module(accepts(id));
 * tally.verdict(await checker.check(id));
 * const line = tally.summary(); // "wymcp: 2 tools in 1 file checked"
 * ```
 */
export class BuildTally {
  private modules = 0;
  private matched = 0;
  private files = 0;
  private tools = 0;

  constructor(private readonly options: WymcpPluginOptions) {}

  /** A module of the build, and whether the `include` / `exclude` filter accepts it. */
  module(accepted: boolean): void {
    this.modules++;
    if (accepted) this.matched++;
  }

  /** A checked module's verdict. */
  verdict(verdict: ModuleVerdict): void {
    if (verdict.tools === 0) return;
    this.files++;
    this.tools += verdict.tools;
  }

  /** The line a clean build prints, or `undefined` when the `summary` option is `false`. */
  summary(): string | undefined {
    if (this.options.summary === false) return undefined;
    if (this.tools === 0) return `wymcp: no defineTool declarations found (${plural(this.matched, "module")} looked at)`;
    return `wymcp: ${plural(this.tools, "tool")} in ${plural(this.files, "file")} checked`;
  }

  /** The warning for an `include` option that matched none of the build's modules. */
  includeWarning(): string | undefined {
    if (this.options.include === undefined || this.modules === 0 || this.matched > 0) return undefined;
    return (
      `wymcp: the include option matched none of the build's ${plural(this.modules, "module")}, so nothing was checked. ` +
      'Globs are matched against absolute module paths (relative globs from the working directory, e.g. "src/tools/**"), ' +
      "regular expressions against paths with forward slashes."
    );
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A Rollup-like build's logger: Vite's, when there is one. */
export interface InfoLogger {
  info(message: string): void;
}

/** What a Rollup, Rolldown or Vite plugin context offers to tell of a clean build. */
export interface TellContext {
  warn(message: string): void;
  info?: (message: string) => void;
}

/**
 * A Rollup, Rolldown or Vite build's end: the warning about an `include`
 * that matched nothing, and the summary line — on Vite's logger, which
 * prints it as Vite prints its own lines, else on the build's info log
 * (without the "wymcp: " the bundler prefixes itself).
 */
export function tellClean(context: TellContext, tally: BuildTally, logger?: InfoLogger): void {
  const warning = tally.includeWarning();
  if (warning !== undefined) context.warn(withoutName(warning));
  const line = tally.summary();
  if (line === undefined) return;
  if (logger !== undefined) logger.info(line);
  else if (typeof context.info === "function") context.info(withoutName(line));
}

/** A line without its leading `wymcp: `, for bundlers that print the plugin's name before what it logs. */
export function withoutName(line: string): string {
  return line.startsWith("wymcp: ") ? line.slice("wymcp: ".length) : line;
}
