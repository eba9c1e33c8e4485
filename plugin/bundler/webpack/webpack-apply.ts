/**
 * webpack and Rspack: one pass over the compilation's modules once they are
 * all built (`finishModules`), instead of a loader per module, reported
 * when the compilation ends (`afterCompile`): the compiler seals it while
 * the checks run. A loader runs
 * for every module the rules match — in Rspack each one a crossing from Rust
 * into JavaScript — just to find the few that mention wymcp.
 * The pass itself is `webpack-scan.ts`, loaded on the side (`lazy-pass.ts`).
 */
import type { BuildTally } from "../build-summary.js";
import { isMissingPeer } from "../../evaluator/parser.js";
import type { LazyPass } from "../lazy-pass.js";
import { noteWymcpAliases } from "../alias-config.js";
import type { WebpackLikeCompilation, WebpackLikeCompiler } from "./webpack-scan.js";

/**
 * Applies the check to a webpack or Rspack compiler.
 *
 * @example
 * ```ts
 * const plugin = {
 *   name: "wymcp",
 *   webpack: (compiler) =>
 *     applyToCompiler(compiler, new LazyPass(cacheFile), moduleFilter(options), "webpack", () => new BuildTally(options)),
 * };
 * ```
 */
export function applyToCompiler(
  compiler: WebpackLikeCompiler,
  pass: LazyPass,
  include: (id: string) => boolean,
  framework: "webpack" | "rspack",
  newTally: () => BuildTally,
): void {
  noteWymcpAliases((compiler as { options?: { resolve?: { alias?: unknown } } }).options?.resolve?.alias);
  // The pass of each compilation, started once its modules are built and ended with it.
  const ends = new WeakMap<WebpackLikeCompilation, () => Promise<void>>();
  compiler.hooks.thisCompilation.tap("wymcp", (compilation) => {
    pass.prepare();
    compilation.hooks.finishModules.tapPromise("wymcp", async (modules) => {
      const { checker, run } = await pass.ready();
      ends.set(compilation, run.scanModules(compiler, compilation, modules, checker, include, framework, newTally()));
    });
  });
  compiler.hooks.afterCompile.tapPromise("wymcp", async (compilation) => {
    const end = ends.get(compilation);
    if (end === undefined) return;
    ends.delete(compilation);
    try {
      await end();
    } catch (error) {
      if (!isMissingPeer(error)) throw error;
      // A missing build-time package is one line naming what to install, not a stack trace.
      const failure = new compiler.webpack.WebpackError(error.message);
      failure.hideStack = true;
      compilation.errors.push(failure);
    }
  });
}
