/**
 * Failing a build the way each bundler shows it best (NOTES part A):
 * Vite, Rollup and Rolldown throw from `this.error` and print `loc`; esbuild
 * prints the `location` of an error its build returns; webpack and Rspack
 * would drop a location given to unplugin, so the error is pushed onto the
 * compilation with its module and `loc`. The message itself always carries
 * every offence's file:line:column, so every bundler shows them all.
 *
 * The location handed to the bundler counts columns from 1, as the message
 * does (and tsc, editors and `wymcp check`): bundlers print the column they
 * are given, so the header they print names the same line:column as the
 * first line of the message below it. The error carries no stack: the
 * bundler's own frames and the plugin's say nothing about the offences, and
 * the CLIs print a stack whenever the error has one.
 */
import type { UnpluginBuildContext, UnpluginContext } from "unplugin";
import { offencesOf, type FileCheck } from "../check/file-check.js";
import { displayPath, formatFileCheck } from "../check/report.js";

/** A file's offences as one error: the message naming them all, and where the first one is (column from 1, as in the message). */
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
  return { message: formatFileCheck(check), loc: { file: first.fileName, line: first.line, column: first.column } };
}

/** The warning for a file that could not be checked because it nests too deeply. */
export function tooDeepWarning(check: FileCheck): string | undefined {
  if (check.skipped?.reason !== "too-deep") return undefined;
  return `wymcp: ${displayPath(check.fileName)} was not checked: ${check.skipped.message}; its tools are still validated when they are registered`;
}

/** Reports a file's offences from a transform hook (Vite, Rollup, Rolldown, and any other bundler unplugin drives through hooks). */
export function failBuild(context: UnpluginBuildContext & UnpluginContext, check: FileCheck): undefined {
  const { message, loc } = offenceError(check);
  context.error({ message, id: check.fileName, loc, plugin: "wymcp", stack: undefined });
  return undefined;
}
