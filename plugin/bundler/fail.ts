/**
 * Failing a build the way each bundler shows it best (NOTES part A):
 * Vite, Rollup and Rolldown throw from `this.error` and print `loc`; esbuild
 * prints the `location` of an error its build returns; webpack and Rspack
 * would drop a location given to unplugin, so the error is pushed onto the
 * compilation with its module and `loc`. The message itself always carries
 * every offence's file:line:column, so every bundler shows them all.
 */
import type { UnpluginBuildContext, UnpluginContext } from "unplugin";
import { offencesOf, type FileCheck } from "../check/file-check.js";
import { displayPath, formatFileCheck } from "../check/report.js";

/** A file's offences as one error: the message naming them all, and where the first one is (column from 0, as bundlers count). */
export interface OffenceError {
  readonly message: string;
  readonly loc: { readonly file: string; readonly line: number; readonly column: number };
}

/**
 * The build error for a file's offences.
 *
 * @example
 * ```ts
 * const { message, loc } = offenceError(check); // loc: the first offence in the file itself
 * ```
 */
export function offenceError(check: FileCheck): OffenceError {
  const offences = offencesOf(check);
  const first = offences.find((offence) => offence.fileName === check.fileName) ?? offences[0]!;
  // Bundlers count columns from 0; the message counts them from 1, as editors do.
  return { message: formatFileCheck(check), loc: { file: first.fileName, line: first.line, column: first.column - 1 } };
}

/** The warning for a file that could not be checked because it nests too deeply. */
export function tooDeepWarning(check: FileCheck): string | undefined {
  if (check.skipped?.reason !== "too-deep") return undefined;
  return `wymcp: ${displayPath(check.fileName)} was not checked: ${check.skipped.message}; its tools are still validated when they are registered`;
}

/** Reports a file's offences from a transform hook (Vite, Rollup, Rolldown, and any other bundler unplugin drives through hooks). */
export function failBuild(context: UnpluginBuildContext & UnpluginContext, check: FileCheck): undefined {
  const { message, loc } = offenceError(check);
  context.error({ message, id: check.fileName, loc, plugin: "wymcp" });
  return undefined;
}
