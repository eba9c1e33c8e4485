/**
 * Pristine copies: what `readOnce` made of a declaration that holds plain
 * JSON data alone — objects with `Object.prototype`, arrays without holes
 * or named keys, every key an enumerable string-keyed data property other
 * than `__proto__`, every value a string, a finite number, a boolean, null
 * or such an object (shared or even cyclic). Nothing else holds a copy, so
 * no getter and no Proxy trap can run on it: validation may read it with
 * plain property reads (`fast-properties.ts`) where an author's own object
 * needs every read guarded. An inert schema (`inert.ts`) of the same data
 * is read so too, in place. A reading that checks its copy at once knows it
 * is pristine (`readCopy`); the copy `defineTool` keeps, frozen throughout,
 * is remembered here by its root.
 */

const frozenPristine = new WeakSet<object>();

/**
 * Remembers a pristine copy frozen throughout, by its root.
 *
 * @example
 * ```ts
 * markFrozenPristine(copy); // only readOnce calls this, on a copy of its own it froze
 * ```
 */
export function markFrozenPristine(root: object): void {
  frozenPristine.add(root);
}

/**
 * Whether `value` is a pristine copy frozen throughout, as `defineTool`
 * makes one: every object in it is sealed (frozen, data properties only),
 * so a verdict on anything in it can never go stale.
 *
 * @example
 * ```ts
 * isFrozenPristine(readOnce(actions, { freeze: true })); // true
 * isFrozenPristine(readOnce(actions));                   // false: not frozen
 * ```
 */
export function isFrozenPristine(value: unknown): boolean {
  return typeof value === "object" && value !== null && frozenPristine.has(value);
}

/** How deep and how large a value `isTree` walks before it leaves the answer to the full scan. */
const MAX_TREE_DEPTH = 64;
const MAX_TREE_OBJECTS = 10_000;

/**
 * Whether a value inside a pristine copy is a tree — no object inside
 * itself — found by a walk that ends within bounds (a cycle never would).
 * Such a value is JSON data a caller could send; `false` means only "scan
 * it" (the full scan names any cycle, and bounds itself).
 *
 * @example
 * ```ts
 * isTree({ opts: { tags: ["a"] } }); // true
 * ```
 */
export function isTree(value: unknown): boolean {
  let objects = 0;
  const walk = (held: unknown, depth: number): boolean => {
    if (typeof held !== "object" || held === null) return true;
    if (depth > MAX_TREE_DEPTH || ++objects > MAX_TREE_OBJECTS) return false;
    for (const key of Object.keys(held)) if (!walk((held as Record<string, unknown>)[key], depth + 1)) return false;
    return true;
  };
  return walk(value, 0);
}
