/**
 * Source nested so deeply that parsing or evaluating it exhausts a stack:
 * such a file is reported as not checked instead of crashing the build. The
 * native parser would not throw but crash the process (its own stack, a few
 * thousand levels in a worker thread), so nesting is measured before it runs.
 */

/** The deepest bracket nesting handed to the parser: far beyond written code, far below what overflows its stack in a worker thread. */
export const MAX_NESTING = 1000;

/** Thrown instead of parsing a text nested deeper than `MAX_NESTING`. */
export class NestedTooDeeply extends Error {
  override readonly name = "NestedTooDeeply";
  constructor() {
    super(`the source nests brackets more than ${MAX_NESTING} levels deep`);
  }
}

/**
 * The deepest nesting of `(`, `[` and `{` in a text (brackets inside strings
 * and comments count too: an upper bound, cheap to take).
 *
 * @example
 * ```ts
 * nestingDepth("f([{ a: 1 }])"); // 3
 * ```
 */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 40 || code === 91 || code === 123) {
      if (++depth > deepest) deepest = depth;
    } else if ((code === 41 || code === 93 || code === 125) && depth > 0) depth--;
  }
  return deepest;
}

/**
 * Whether an error is the engine's "Maximum call stack size exceeded".
 *
 * @example
 * ```ts
 * try { evaluate(node); } catch (error) { if (!isStackOverflow(error)) throw error; }
 * ```
 */
export function isStackOverflow(error: unknown): boolean {
  // Duck-typed: an error thrown in another realm (a bundler's worker, a test's sandbox) is no instance of this realm's RangeError.
  const { name, message } = (typeof error === "object" && error !== null ? error : {}) as { name?: unknown; message?: unknown };
  if (name === "NestedTooDeeply") return true;
  return name === "RangeError" && typeof message === "string" && /call stack/i.test(message);
}
