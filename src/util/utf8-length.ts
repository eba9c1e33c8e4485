/**
 * The UTF-8 length of a string, counted without encoding it: what a store
 * bounded in bytes charges for the text it keeps.
 */

/**
 * The bytes `text` takes as UTF-8 (a lone surrogate counts as the three
 * bytes of U+FFFD, as `TextEncoder` writes it).
 *
 * @example
 * ```ts
 * utf8Length("añ😀"); // 1 + 2 + 4 = 7
 * ```
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && isLow(text.charCodeAt(index + 1))) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      index++;
    } else bytes += 2;
  }
  return bytes;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
