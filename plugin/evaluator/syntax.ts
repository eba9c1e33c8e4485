/**
 * Sources the parser is not given, or that it fails on: nested so deeply
 * that the native parser would crash the process (measured before it runs,
 * `nesting.ts`), larger than the check parses, or refused by the parser
 * itself. Such a file is reported as not checked — at the line where it
 * becomes too deep — instead of crashing or stalling the build; a source
 * whose evaluation exhausts the JavaScript stack is reported the same way.
 */
import { MAX_CHAIN, MAX_NESTING, type TooDeep } from "./nesting.js";

/**
 * The most characters of source parsed: far beyond a hand-written module
 * (a generated 6 MB table is read), short of what the parser's output
 * cannot hold (a 56 MB module made it fail after taking 5 GB).
 */
export const MAX_SOURCE_CHARACTERS = 2 ** 24;

/** Why a source was not parsed. */
export type NotParsedReason = "too-deep" | "too-large" | "unparsable";

/** Thrown instead of parsing a source (or by a parser that fails): why, in one line, and where when it is a place. */
export class SourceNotParsed extends Error {
  override readonly name = "SourceNotParsed";
  constructor(
    readonly reason: NotParsedReason,
    message: string,
    /** 1-based, where the source passes the bound (`too-deep`). */
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/**
 * The error for a source that nests too deeply, at its place.
 *
 * @example
 * ```ts
 * const found = tooDeep(text);
 * if (found !== undefined) throw nestedTooDeeply(found, text);
 * ```
 */
export function nestedTooDeeply(found: TooDeep, text: string, skipped = 0): SourceNotParsed {
  const { line, column } = lineAndColumn(text, found.offset, skipped);
  const message =
    found.bound === "nesting"
      ? `the source is nested too deeply to parse: more than ${MAX_NESTING} levels of brackets, type arguments, JSX, ` +
        "?: or else-if chains, assignments, arrows and prefix operators, which would overflow the parser's stack; " +
        "flatten it, or split it into several declarations"
      : `the source is nested too deeply to parse: a chain of more than ${MAX_CHAIN} operators, member accesses and calls, ` +
        "which would overflow the parser's stack; split it into several constants";
  return new SourceNotParsed("too-deep", message, line, column);
}

/**
 * The error for a source larger than `MAX_SOURCE_CHARACTERS`.
 *
 * @example
 * ```ts
 * if (text.length > MAX_SOURCE_CHARACTERS) throw tooLarge(text.length);
 * ```
 */
export function tooLarge(characters: number): SourceNotParsed {
  return new SourceNotParsed(
    "too-large",
    `the source is too large to parse: ${characters.toLocaleString("en-US")} characters, more than the ` +
      `${MAX_SOURCE_CHARACTERS.toLocaleString("en-US")} the check parses; declare the tools in a smaller module`,
  );
}

/**
 * Why a source was not parsed or evaluated, from any realm (a bundler may
 * run the plugin in another one): a `SourceNotParsed`, or the engine's
 * "Maximum call stack size exceeded" (evaluating a source nested deeper
 * than the JavaScript stack); `undefined` for any other error.
 *
 * @example
 * ```ts
 * try { evaluate(node); } catch (error) { const why = notParsed(error); if (why === undefined) throw error; }
 * ```
 */
export function notParsed(error: unknown): SourceNotParsed | undefined {
  const { name, message, reason, line, column } = (typeof error === "object" && error !== null ? error : {}) as {
    name?: unknown;
    message?: unknown;
    reason?: unknown;
    line?: unknown;
    column?: unknown;
  };
  if (name === "SourceNotParsed" && typeof message === "string" && typeof reason === "string")
    return new SourceNotParsed(reason as NotParsedReason, message, line as number | undefined, column as number | undefined);
  if (name === "RangeError" && typeof message === "string" && /call stack/i.test(message))
    return new SourceNotParsed("too-deep", "the source is nested too deeply to evaluate");
  return undefined;
}

/**
 * Whether an error is a source that was not parsed for its depth, or the
 * engine's "Maximum call stack size exceeded".
 *
 * @example
 * ```ts
 * try { evaluate(node); } catch (error) { if (!isStackOverflow(error)) throw error; }
 * ```
 */
export function isStackOverflow(error: unknown): boolean {
  return notParsed(error)?.reason === "too-deep";
}

function lineAndColumn(text: string, offset: number, skipped: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || (code === 13 && text.charCodeAt(index + 1) !== 10) || code === 0x2028 || code === 0x2029) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 - (line === 1 ? skipped : 0) };
}
