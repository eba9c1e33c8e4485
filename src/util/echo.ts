/**
 * A caller's text quoted back in an answer — an unknown tool or action name,
 * an unknown key, a request id, a cursor — at most `MAX_ECHOED_CHARS`
 * characters, the rest counted. An answer names what is wrong; it need not
 * repeat a 1 MiB name to do so, and one that did was a 2 MB answer (and a
 * 2 MB stored event) for every 1 MiB call.
 */

/** The most characters of a caller's text one answer quotes. */
export const MAX_ECHOED_CHARS = 120;

/**
 * `text` when it is at most `limit` characters, else its first `limit`
 * characters (never half of a surrogate pair) and a marker counting the rest.
 *
 * @example
 * ```ts
 * echo("create"); // "create"
 * echo("x".repeat(1000)); // "xxx…xxx…(+880 characters)"
 * ```
 */
export function echo(text: string, limit = MAX_ECHOED_CHARS): string {
  if (text.length <= limit) return text;
  const code = text.charCodeAt(limit - 1);
  // A high surrogate at the cut would leave half a character, which JSON writes as an escape no reader can print.
  const end = code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
  return `${text.slice(0, end)}…(+${text.length - end} characters)`;
}

/** The most characters of a sentence quoting a caller's text (`echoWords`). */
export const MAX_ECHOED_SENTENCE = 4 * MAX_ECHOED_CHARS;

/**
 * A sentence someone else wrote around a caller's text — the validator's,
 * the SDK's — with every word longer than `MAX_ECHOED_CHARS` cut by `echo`,
 * then the whole cut to `MAX_ECHOED_SENTENCE`: the sentence keeps its words
 * around the quote ("… but the header names tools/call").
 *
 * @example
 * ```ts
 * echoWords(`the body names method ${"x".repeat(10_000)} but the header names ping`);
 * // "the body names method xxx…(+9880 characters) but the header names ping"
 * ```
 */
export function echoWords(sentence: string): string {
  if (sentence.length <= MAX_ECHOED_CHARS) return sentence;
  return echo(
    sentence.replace(LONG_WORD, (word) => echo(word)),
    MAX_ECHOED_SENTENCE,
  );
}

const LONG_WORD = new RegExp(`\\S{${MAX_ECHOED_CHARS + 1},}`, "g");
