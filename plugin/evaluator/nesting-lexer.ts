/**
 * The lexical pieces of a source that the nesting scanner (`nesting.ts`)
 * skips whole: strings, template text, regular expressions and words. None
 * of them can hide an unterminated piece past a line break but templates,
 * as in the language itself, so a stray quote costs at most one line. The
 * keywords that nest are here too: the scanner and its cheap bound
 * (`nesting-bound.ts`) count the same words.
 */

/**
 * Whether a character code can start a word (an identifier or keyword): a
 * letter, `$`, `_`, `\` (a Unicode escape) or any non-ASCII character that
 * is not a space.
 *
 * @example
 * ```ts
 * isWordStart("a".charCodeAt(0)); // true
 * ```
 */
export function isWordStart(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    code === 36 ||
    code === 95 ||
    code === 92 ||
    (code > 127 && !isSpace(code) && !isLineBreak(code))
  );
}

/** Whether a character code is white space other than a line break. */
export function isSpace(code: number): boolean {
  return (
    code === 32 ||
    code === 9 ||
    code === 11 ||
    code === 12 ||
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Whether a character code ends a line. */
export function isLineBreak(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

/** Keywords after which what follows nests one level deeper (prefix operators, `extends`). */
export const RIGHT_WORDS: ReadonlySet<string> = new Set([
  "typeof",
  "void",
  "delete",
  "await",
  "yield",
  "new",
  "keyof",
  "infer",
  "unique",
  "asserts",
  "extends",
]);
/** Keywords that open a statement nesting the next one (`if (a) if (b) …`). */
export const STATEMENT_WORDS: ReadonlySet<string> = new Set(["if", "else", "for", "while", "do", "with"]);

/** The longest keyword the scanner looks for ("instanceof", "implements"). */
const MAX_KEYWORD_LENGTH = 10;

/**
 * A word at `start` (a `#` private name, `\u` escapes included) and where
 * it ends; a word longer than any keyword comes back empty.
 *
 * @example
 * ```ts
 * scanWord("typeof x", 0); // { word: "typeof", end: 6 }
 * ```
 */
export function scanWord(text: string, start: number): { readonly word: string; readonly end: number } {
  let end = start + 1;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (isWordStart(code) || (code >= 48 && code <= 57)) end++;
    else break;
  }
  // Only a short word can be a keyword: a long identifier is never sliced out of the text.
  return { word: end - start <= MAX_KEYWORD_LENGTH ? text.slice(start, end) : "", end };
}

/**
 * The end of a string literal opened at `start` (after its closing quote, or
 * at the line break that leaves it unterminated).
 *
 * @example
 * ```ts
 * scanQuoted(`"a\\"b" + c`, 0); // 6
 * ```
 */
export function scanQuoted(text: string, start: number): number {
  const quote = text.charCodeAt(start);
  let at = start + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === quote) return at + 1;
    if (code === 92) at += 2;
    else if (code === 10 || code === 13) return at;
    else at++;
  }
  return at;
}

/**
 * Template text from `from` (just after a backtick or a hole's `}`): where it
 * ends, and whether it ends at a hole (`${`) rather than at its backtick.
 *
 * @example
 * ```ts
 * scanTemplate("`a${b}`", 1); // { end: 4, hole: true }
 * ```
 */
export function scanTemplate(text: string, from: number): { readonly end: number; readonly hole: boolean } {
  let at = from;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 96) return { end: at + 1, hole: false };
    if (code === 92) at += 2;
    else if (code === 36 && text.charCodeAt(at + 1) === 123) return { end: at + 2, hole: true };
    else at++;
  }
  return { end: at, hole: false };
}

/**
 * The end of a regular expression literal opened at `start` (its flags
 * included), or of its line when it is unterminated.
 *
 * @example
 * ```ts
 * scanRegex("/[/]x/g.test(s)", 0); // 7
 * ```
 */
export function scanRegex(text: string, start: number): number {
  let at = start + 1;
  let inClass = false;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 10 || code === 13) return at;
    if (code === 92) at += 2;
    else if (code === 91) {
      inClass = true;
      at++;
    } else if (code === 93) {
      inClass = false;
      at++;
    } else if (code === 47 && !inClass) return scanWord(text, at).end;
    else at++;
  }
  return at;
}
