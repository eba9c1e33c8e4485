/**
 * Text from the file system, made safe to print: a file name may hold line
 * breaks, escape sequences that drive the terminal, or bidirectional
 * overrides that reorder what is shown. Each such character is printed as
 * an escape (`\n`, `\u001b`), so one entry stays one line and shows the
 * name as it is.
 */

/** C0 and C1 controls, DEL, and the Unicode bidirectional controls. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * `text` with every control character escaped.
 *
 * @example
 * ```ts
 * printable("a\nb.ts"); // "a\\nb.ts"
 * ```
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (character) => SHORT[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
