/**
 * A cheap upper bound on what the nesting scanner (`nesting.ts`) can count
 * in a source, so that most sources skip its token-by-token pass (~6 % of a
 * check's CPU). The scanner adds a level only at a character of
 * `( [ { ? : ~ = ! + - * .` (one level each: an opener — a template hole's
 * `{` too —, a right-nesting operator or `...`), at `<` (an angle bracket, and a JSX
 * tag besides: two), or at a keyword that nests (`typeof`, `if`, `else`…).
 * Counting those characters and words everywhere — in strings and comments
 * too — can only overcount, so a source whose count stays within
 * `MAX_NESTING` cannot nest deeper; and as no character adds more than two
 * links to a chain, a source shorter than half of `MAX_CHAIN` cannot chain
 * longer.
 */

import { RIGHT_WORDS, STATEMENT_WORDS } from "./nesting-lexer.js";

/** How many levels each ASCII character can add, at most. */
const LEVELS = new Uint8Array(128);
for (const character of "([{?:~=!+-*.") LEVELS[character.charCodeAt(0)] = 1;
LEVELS["<".charCodeAt(0)] = 2;

/** The words after which the scanner adds a level, wherever they appear. */
const NESTING_WORDS = new RegExp(`\\b(?:${[...RIGHT_WORDS, ...STATEMENT_WORDS].join("|")})\\b`, "g");

/**
 * Whether `text` certainly stays within both bounds, so the scanner need not
 * run; `false` means only that the scanner must decide.
 *
 * @example
 * ```ts
 * withinBounds("export const x = { a: [1, 2] };", 1000, 20_000); // true
 * withinBounds("[".repeat(2000), 1000, 20_000); // false
 * ```
 */
export function withinBounds(text: string, maxNesting: number, maxChain: number): boolean {
  if (text.length * 2 > maxChain) return false;
  let levels = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128) levels += LEVELS[code]!;
  }
  if (levels > maxNesting) return false;
  NESTING_WORDS.lastIndex = 0;
  // `test` walks the matches as `exec` does, without building a result for each.
  while (NESTING_WORDS.test(text)) if (++levels > maxNesting) return false;
  return true;
}
