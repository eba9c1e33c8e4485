/**
 * The size of an evaluated value as whatever walks it sees it: every object,
 * array and primitive it holds, and every character of its strings, with a
 * shared value counted at every place it sits. `const w1 = [w0, w0]` forty
 * times over is a few lines and a few objects, yet 2^40 values to validate,
 * copy or list; the evaluation budget pays for a value's size wherever it is
 * used by name, so such a value is unknown long before anything walks it.
 */
import { Unknown } from "./unknown.js";

/**
 * Sizes of evaluated values, each object measured once (a value's size is
 * the sum of its parts', so sharing costs nothing to measure).
 *
 * @example
 * ```ts
 * const sizes = new ValueSizes();
 * const w0 = "abc";
 * const w1 = [w0, w0];
 * sizes.of([w1, w1]); // 1 + 2 × (1 + 2 × 4) = 19
 * ```
 */
export class ValueSizes {
  private readonly measured = new WeakMap<object, number>();

  /** Values and string characters in `value`, shared parts counted at every place. */
  of(value: unknown): number {
    if (!isComposite(value)) return leafSize(value);
    const known = this.measured.get(value);
    if (known !== undefined) return known;
    // Post-order with a stack of its own: an evaluated value may nest deeper than the call stack.
    const pending: object[] = [value];
    const open = new Set<object>();
    while (pending.length > 0) {
      const current = pending[pending.length - 1]!;
      if (this.measured.has(current)) {
        pending.pop();
        continue;
      }
      const parts = Object.values(current);
      if (!open.has(current)) {
        open.add(current);
        for (const part of parts) if (isComposite(part) && !this.measured.has(part) && !open.has(part)) pending.push(part);
        continue;
      }
      let size = 1;
      // A part still open here is a cycle (no evaluated value has one): counted once.
      for (const part of parts) size += isComposite(part) ? (this.measured.get(part) ?? 1) : leafSize(part);
      this.measured.set(current, size);
      open.delete(current);
      pending.pop();
    }
    return this.measured.get(value) ?? 1;
  }
}

function isComposite(value: unknown): value is object {
  return typeof value === "object" && value !== null && !(value instanceof Unknown);
}

function leafSize(value: unknown): number {
  return typeof value === "string" ? 1 + value.length : 1;
}
