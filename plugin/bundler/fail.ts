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
import { toolLabel } from "../../src/internal.js";
import { displayPath, formatFileCheck, inSourceOrder } from "../check/report.js";
import { positionOf } from "../evaluator/ast.js";

/**
 * A file's offences as one error: the file checked, the message naming them
 * all, and where the first one is (column from 1, as in the message).
 */
export interface OffenceError {
  readonly fileName: string;
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
  // The header names the first line of the message: the first offence in source order, in the file itself when it has one.
  const first = inSourceOrder(offencesOf(check), check.fileName)[0]!;
  return {
    fileName: check.fileName,
    message: formatFileCheck(check),
    loc: { file: first.fileName, line: first.line, column: first.column },
  };
}

/**
 * The warning for a file that was not fully checked (no silent pass): not
 * checked at all (nested too deeply, or a syntax error the parser reports
 * while the bundler may still build the file), uses of wymcp the check does
 * not follow, a spent budget, or declarations with values it could not
 * evaluate. `undefined` for a fully checked file.
 *
 * @example
 * ```ts
 * const warning = partialWarning(check); // "wymcp: src/tools.ts was partly checked: …"
 * ```
 */
export function partialWarning(check: FileCheck): string | undefined {
  const file = displayPath(check.fileName);
  const skipped = check.skipped;
  if (skipped !== undefined) {
    const at = skipped.line === undefined ? "" : `${file}:${String(skipped.line)}:${String(skipped.column)}`;
    const why =
      skipped.reason === "syntax-error"
        ? `the parser reports a syntax error at ${at}: ${skipped.message}`
        : `${skipped.message}${at === "" ? "" : ` (at ${at})`}`;
    return `wymcp: ${file} was not checked: ${why}; its tools are still validated when they are registered`;
  }
  const parts: string[] = [];
  for (const note of check.notes ?? []) parts.push(`${file}:${note.line}:${note.column}  ${note.message}`);
  for (const { declaration } of check.declarations) {
    for (const unknown of declaration.unknowns) {
      const at = positionOf(unknown.node);
      parts.push(`${displayPath(at.fileName)}:${at.line}:${at.column}  ${toolLabel(declaration.name)}: ${unknown.text}: ${unknown.reason}`);
    }
  }
  if (parts.length === 0) return undefined;
  return [
    `wymcp: ${file} was partly checked (what depends on these is validated when the tools are registered):`,
    ...parts.map((part) => `  ${part}`),
  ].join("\n");
}

/**
 * Where a `partialWarning` points: its first located part (`file:line:column`,
 * column from 1), or `undefined` when it names no position. Read from the
 * text, since a cached verdict keeps the warning as text alone.
 *
 * @example
 * ```ts
 * warningLocation("wymcp: a.ts was partly checked (…):\n  a.ts:3:9  tool \"t\": …"); // { file: "a.ts", line: 3, column: 9 }
 * ```
 */
export function warningLocation(warning: string): { file: string; line: number; column: number } | undefined {
  const found = /(?:^ {2}| at )(.+?):(\d+):(\d+)(?: {2}|: )/m.exec(warning);
  return found === null ? undefined : { file: found[1]!, line: Number(found[2]), column: Number(found[3]) };
}

/** Reports a file's offences from a transform hook (Vite, Rollup, Rolldown, and any other bundler unplugin drives through hooks). */
export function failBuild(context: UnpluginBuildContext & UnpluginContext, { fileName, message, loc }: OffenceError): undefined {
  context.error({ message, id: fileName, loc, plugin: "wymcp", stack: undefined });
  return undefined;
}
