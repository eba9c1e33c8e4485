/**
 * Pristine copies: what `readOnce` made of a declaration that holds plain
 * JSON data alone — objects with `Object.prototype`, arrays without holes
 * or named keys, every key an enumerable string-keyed data property other
 * than `__proto__`, every value a string, a finite number, a boolean, null
 * or such an object (shared or even cyclic). Nothing else holds a copy, so
 * no getter and no Proxy trap can run on it: validation may read it with
 * plain property reads (`fast-properties.ts`) where an author's own object
 * needs every read guarded.
 */

/** Pristine copies by root: `true` when `defineTool` froze the copy throughout (every object in it sealed). */
const pristine = new WeakMap<object, boolean>();

/**
 * Remembers a copy, and everything reachable from it, as pristine — and, with
 * `frozen`, as frozen throughout.
 *
 * @example
 * ```ts
 * markPristine(copy, false); // only readOnce calls this, on a copy of its own
 * ```
 */
export function markPristine(root: object, frozen: boolean): void {
  pristine.set(root, frozen);
}

/**
 * Whether `value` is a pristine copy (the root of one `readOnce`).
 *
 * @example
 * ```ts
 * isPristine(readOnce({ type: "string" })); // true
 * isPristine({ type: "string" });           // false: an author's object, read guarded
 * ```
 */
export function isPristine(value: unknown): boolean {
  return typeof value === "object" && value !== null && pristine.has(value);
}

/**
 * Whether `value` is a pristine copy frozen throughout, as `defineTool`
 * makes one: every object in it is sealed (frozen, data properties only),
 * so a verdict on anything in it can never go stale.
 *
 * @example
 * ```ts
 * isFrozenPristine(readOnce(actions, { freeze: true })); // true
 * ```
 */
export function isFrozenPristine(value: unknown): boolean {
  return typeof value === "object" && value !== null && pristine.get(value) === true;
}
