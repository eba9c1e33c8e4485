/**
 * A short hash of a text, for telling texts apart — never for security:
 * what the stored verdicts were computed with (`code-stamp.ts`), a module's
 * text as a verdict saw it (`verdicts/seen.ts`), the name of a written check
 * worker (`worker-script.ts`). Plain JavaScript on purpose: loading
 * `node:crypto` cost a build that hashes one edited module ~9 ms, and its
 * first build ~4 MB of peak memory (BENCHMARKS §5).
 */

/**
 * A 53-bit hash of `text` (cyrb53) in base 36.
 *
 * @example
 * ```ts
 * stringHash("export const a = 1;"); // a short base-36 string, the same for the same text
 * ```
 */
export function stringHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A text's length and its `stringHash`: what the code stamp is, and how a
 * stored verdict records a module's text — compared only once a file's times
 * have changed, to tell an edit from a file merely touched (a checkout, a
 * formatter that changed nothing).
 *
 * @example
 * ```ts
 * const unchanged = textHash(readSource(file) ?? "") === seen[3];
 * ```
 */
export function textHash(text: string): string {
  return `${text.length}:${stringHash(text)}`;
}
