/**
 * What checking a file answers: each declaration's located offences, the
 * offences left unreported, the modules read, or why the file was not
 * checked. Types and one reader, without the evaluator or the validators:
 * a bundler reads a stored or fresh verdict without loading either.
 */
import type { Offence } from "../../src/index.js";
import type { ToolDeclaration } from "./declarations.js";
import type { LocatedOffence } from "./locate.js";

/** One declaration's verdict. */
export interface DeclarationCheck {
  readonly declaration: ToolDeclaration;
  /** The offences that hold whatever the unknown parts are, located. */
  readonly offences: readonly LocatedOffence[];
  /** The offences left unreported because they depend on an unknown value. */
  readonly uncertain: readonly Offence[];
}

/** One file's verdict. */
export interface FileCheck {
  readonly fileName: string;
  readonly declarations: readonly DeclarationCheck[];
  /** The other modules read to evaluate it (watch them). */
  readonly filesRead: readonly string[];
  /** Set when the file could not be checked at all (its declarations are then empty). */
  readonly skipped?: SkippedFile | undefined;
  /** What keeps the file from being fully checked besides its declarations' unknown values: uses of wymcp not followed, a spent budget. */
  readonly notes?: readonly FileNote[] | undefined;
}

/** Something that keeps a file from being fully checked, at its place (1-based). */
export interface FileNote {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Whether a file was checked only in part: not checked at all, a note, or a
 * declaration with unknown values.
 *
 * @example
 * ```ts
 * if (isPartlyChecked(check)) warn(partialWarning(check));
 * ```
 */
export function isPartlyChecked(check: FileCheck): boolean {
  return (
    check.skipped !== undefined ||
    (check.notes?.length ?? 0) > 0 ||
    check.declarations.some(({ declaration }) => declaration.unknowns.length > 0)
  );
}

/**
 * Why a file was not checked: a syntax error (evaluating what the parser
 * recovered could report offences the author never wrote, and the bundler or
 * `tsc` reports the syntax error itself), source nested too deeply to
 * parse or evaluate without exhausting a stack, a source larger than the
 * check parses, or one the parser fails on.
 */
export interface SkippedFile {
  readonly reason: "syntax-error" | "too-deep" | "too-large" | "unparsable";
  /** The parser's message, or what was too deep or too large. */
  readonly message: string;
  /** Where, 1-based (syntax errors, and where a source becomes too deep to parse). */
  readonly line?: number | undefined;
  readonly column?: number | undefined;
}

/**
 * Every located offence of a file, declaration by declaration.
 *
 * @example
 * ```ts
 * if (offencesOf(check).length > 0) failBuild(context, check);
 * ```
 */
export function offencesOf(check: FileCheck): LocatedOffence[] {
  return check.declarations.flatMap((declaration) => [...declaration.offences]);
}
