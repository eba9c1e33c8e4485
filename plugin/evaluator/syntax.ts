/**
 * Source the evaluator must not read: a module with a syntax error (the
 * parser recovers, and what it recovers is a guess — evaluating it could
 * report an offence the author never wrote; the bundler or `tsc` reports the
 * syntax error itself), and source nested so deeply that parsing or
 * evaluating it exhausts the call stack.
 */
import type ts from "typescript";
import { typescript } from "./typescript.js";

/** Where a source text stops being parseable, 1-based, with the parser's message. */
export interface SyntaxProblem {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/**
 * The first syntax error the parser recorded while parsing a SourceFile, if
 * any. (TypeScript keeps them on the SourceFile as `parseDiagnostics`; a
 * SourceFile without that list is taken as clean.)
 *
 * @example
 * ```ts
 * firstSyntaxError(parseSource("/src/x.ts", "const x = ;")); // { message: "Expression expected.", line: 1, column: 11 }
 * ```
 */
export function firstSyntaxError(sourceFile: ts.SourceFile): SyntaxProblem | undefined {
  const diagnostics = (sourceFile as { readonly parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics;
  const first = diagnostics?.find((diagnostic) => diagnostic.category === typescript.DiagnosticCategory.Error);
  if (first === undefined) return undefined;
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(first.start ?? 0);
  return { message: typescript.flattenDiagnosticMessageText(first.messageText, " "), line: line + 1, column: character + 1 };
}

/**
 * Whether an error is the engine's "Maximum call stack size exceeded" (the
 * TypeScript parser recurses once per nesting level of the source).
 *
 * @example
 * ```ts
 * try { parseSource(fileName, text); } catch (error) { if (!isStackOverflow(error)) throw error; }
 * ```
 */
export function isStackOverflow(error: unknown): boolean {
  // Duck-typed: an error thrown in another realm (a bundler's worker, a test's sandbox) is no instance of this realm's RangeError.
  const { name, message } = (typeof error === "object" && error !== null ? error : {}) as { name?: unknown; message?: unknown };
  return name === "RangeError" && typeof message === "string" && /call stack/i.test(message);
}
