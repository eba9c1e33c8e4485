/**
 * Failing a build the way each bundler shows it best (NOTES part A):
 * Vite, Rollup and Rolldown throw from `this.error` and print `loc`; esbuild
 * collects the error and prints `loc.file`; webpack and Rspack would drop the
 * location, so the error is pushed onto the compilation with its module and
 * `loc`. The message itself always carries every offence's
 * file:line:column, so every bundler shows them all.
 */
import type { UnpluginBuildContext, UnpluginContext } from "unplugin";
import { offencesOf, type FileCheck } from "../check.js";
import { formatFileCheck } from "../report.js";

/** What the plugin runs under: unplugin's `meta.framework`. */
export type Framework = string;

interface WebpackLikeError extends Error {
  module?: unknown;
  loc?: { start: { line: number; column: number } };
  file?: string;
  hideStack?: boolean;
}

interface WebpackLikeNative {
  readonly framework: "webpack" | "rspack";
  readonly compiler: { readonly webpack: { readonly WebpackError: new (message: string) => WebpackLikeError } };
  readonly compilation?: { readonly errors: WebpackLikeError[] } | undefined;
  readonly loaderContext?: { readonly _module?: unknown } | undefined;
}

/**
 * Reports a file's offences as a build error. Returns what the transform
 * hook must return afterwards: esbuild returns its errors only together with
 * contents, so the unchanged code goes back with them.
 */
export function failBuild(context: UnpluginBuildContext & UnpluginContext, framework: Framework, check: FileCheck, code: string): string | undefined {
  const message = formatFileCheck(check);
  const offences = offencesOf(check);
  const first = offences.find((offence) => offence.fileName === check.fileName) ?? offences[0]!;
  // Bundlers count columns from 0; the message counts them from 1, as editors do.
  const loc = { file: first.fileName, line: first.line, column: first.column - 1 };
  if (framework === "webpack" || framework === "rspack") {
    const native = context.getNativeBuildContext?.() as WebpackLikeNative | undefined;
    if (native?.compilation !== undefined) {
      const error = new native.compiler.webpack.WebpackError(message);
      error.name = "WymcpActionSchemaError";
      error.module = native.loaderContext?._module;
      error.loc = { start: { line: loc.line, column: loc.column } };
      error.file = check.fileName;
      error.hideStack = true;
      native.compilation.errors.push(error);
      return undefined;
    }
    context.error(message);
    return undefined;
  }
  context.error({ message, id: check.fileName, loc, plugin: "wymcp" });
  return framework === "esbuild" ? code : undefined;
}
