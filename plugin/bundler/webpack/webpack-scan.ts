/**
 * The webpack and Rspack pass over a compilation's modules (set up by
 * `webpack-apply.ts`). An offence is pushed onto the compilation as an error
 * with its module and `loc` (unplugin would drop the location), so both
 * print `ERROR in ./src/tools.ts 11:12`; the modules a check read are added
 * to the compilation's file dependencies, so watch mode re-checks when they
 * change.
 */
import { checkedInOrder } from "../verdicts/checked-in-order.js";
import { withoutName, type BuildTally } from "../build-summary.js";
import { warningLine } from "../../check/warning-line.js";
import type { ModuleChecker, ModuleVerdict } from "../checks/module-checker.js";
import { compilerResolver, type ResolverCompiler } from "../resolution/bundler-resolvers.js";
import { compilationGraph, fileOfModule, type CompilationModuleGraph } from "./compilation-graph.js";

/** What the plugin uses of a webpack or Rspack error. */
export interface WebpackLikeError extends Error {
  module?: unknown;
  loc?: { start: { line: number; column: number } };
  file?: string;
  hideStack?: boolean;
}

/** What the plugin uses of a webpack or Rspack compilation. */
export interface WebpackLikeCompilation {
  readonly errors: WebpackLikeError[];
  readonly warnings: WebpackLikeError[];
  readonly fileDependencies: { add(file: string): unknown } & Partial<Iterable<string>>;
  readonly hooks: { readonly finishModules: { tapPromise(name: string, callback: (modules: Iterable<unknown>) => Promise<void>): void } };
  readonly moduleGraph?: CompilationModuleGraph;
}

/** What the plugin uses of a webpack or Rspack compiler. */
export interface WebpackLikeCompiler extends ResolverCompiler {
  readonly webpack: { readonly WebpackError: new (message: string) => WebpackLikeError };
  /** Where a clean build's summary line is printed (its level is the `infrastructureLogging` option). */
  getInfrastructureLogger?(name: string): { info(message: string): void };
  readonly hooks: {
    readonly thisCompilation: { tap(name: string, callback: (compilation: WebpackLikeCompilation) => void): void };
    readonly afterCompile: { tapPromise(name: string, callback: (compilation: WebpackLikeCompilation) => Promise<void>): void };
  };
}

/**
 * Starts checking the compilation's modules the filter accepts (once they
 * are all built), and answers the pass's end: awaited where the compilation
 * ends (`afterCompile`), it makes each offence an error on the compilation
 * with its module and `loc`, and the modules a check read file
 * dependencies. In between, the compiler seals the compilation while check
 * workers check.
 *
 * @example
 * ```ts
 * const end = scanModules(compiler, compilation, modules, checker, include, "rspack", tally); // in finishModules
 * await end(); // in afterCompile
 * ```
 */
export function scanModules(
  compiler: WebpackLikeCompiler,
  compilation: WebpackLikeCompilation,
  modules: Iterable<unknown>,
  checker: ModuleChecker,
  include: (id: string) => boolean,
  framework: "webpack" | "rspack",
  tally: BuildTally,
): () => Promise<void> {
  const all = moduleFiles(compilation, modules, framework);
  // The module graph: a check reads no module it shows never reaching wymcp.
  checker.startBuild(true, compilationGraph(compilation.moduleGraph, modules, all));
  // The compiler's own resolver: the check reads the files the compilation bundles.
  const resolve = compilerResolver(compiler);
  const files: string[] = [];
  for (const fileName of all) {
    const included = include(fileName);
    tally.module(included);
    if (included) files.push(fileName);
  }
  const checked = inOrder(checkedInOrder(files, (file) => checker.check(file, undefined, resolve), checker.concurrency)).finally(() =>
    checker.endBuild(),
  );
  // Awaited at the pass's end, which reports a failure; until then it is no unhandled rejection.
  checked.catch(() => undefined);
  return async () => {
    for (const [fileName, verdict] of await checked) report(compiler, compilation, modules, checker, tally, fileName, verdict);
    const { WebpackError } = compiler.webpack;
    const includeWarning = tally.includeWarning();
    if (includeWarning !== undefined) compilation.warnings.push(Object.assign(new WebpackError(includeWarning), { hideStack: true }));
    const line = tally.summary();
    if (line !== undefined && compilation.errors.length === 0) compiler.getInfrastructureLogger?.("wymcp").info(withoutName(line));
  };
}

async function inOrder<T>(verdicts: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const verdict of verdicts) all.push(verdict);
  return all;
}

/** One module's verdict, onto the compilation. */
function report(
  compiler: WebpackLikeCompiler,
  compilation: WebpackLikeCompilation,
  modules: Iterable<unknown>,
  checker: ModuleChecker,
  tally: BuildTally,
  fileName: string,
  verdict: ModuleVerdict,
): void {
  const { WebpackError } = compiler.webpack;
  tally.verdict(verdict);
  const { failure, filesRead, warnings, warning } = verdict;
  for (const file of filesRead) compilation.fileDependencies.add(file);
  for (const found of warnings ?? []) {
    const lint = located(new WebpackError(`wymcp: ${warningLine(found)}`), moduleOf(modules, fileName), fileName);
    lint.loc = { start: { line: found.line, column: found.column - 1 } };
    (checker.lint?.errors === true ? compilation.errors : compilation.warnings).push(lint);
  }
  if (warning !== undefined) compilation.warnings.push(located(new WebpackError(warning), moduleOf(modules, fileName), fileName));
  if (failure === undefined) return;
  const { message, loc } = failure;
  const error = located(new WebpackError(message), moduleOf(modules, fileName), fileName);
  error.name = "WymcpActionSchemaError";
  error.loc = { start: { line: loc.line, column: loc.column } };
  compilation.errors.push(error);
}

/**
 * The files of the compilation's modules. Rspack answers its file
 * dependencies in one call, while reading each module's `resource` crosses
 * from JavaScript into Rust; webpack is the other way round.
 */
function moduleFiles(compilation: WebpackLikeCompilation, modules: Iterable<unknown>, framework: "webpack" | "rspack"): string[] {
  const files = new Set<string>();
  if (framework === "rspack") {
    const dependencies = compilation.fileDependencies;
    if (typeof dependencies[Symbol.iterator] === "function") for (const file of dependencies as Iterable<string>) files.add(file);
    if (files.size > 0) return [...files];
  }
  for (const module of modules) {
    const file = fileOfModule(module);
    if (file !== undefined) files.add(file);
  }
  return [...files];
}

/** The module of a file, looked up only for a file with something to report. */
function moduleOf(modules: Iterable<unknown>, fileName: string): unknown {
  for (const module of modules) if (fileOfModule(module) === fileName) return module;
  return undefined;
}

function located(error: WebpackLikeError, module: unknown, fileName: string): WebpackLikeError {
  error.module = module;
  error.file = fileName;
  error.hideStack = true;
  return error;
}
