/**
 * Deep copies of plain data: what a default hands each call, what the
 * validator compiles, what a listing freezes — never the author's own objects.
 */
import { isArray, isPlainObject, ownKeys, read, isUnreadable } from "./inspect.js";

/**
 * A deep copy of plain objects and arrays (other values are shared, as JSON
 * would never produce them). Iterative, and shared or cyclic structure is
 * copied once, so no default can overflow the stack or loop.
 */
export function deepCopy(value: unknown): unknown {
  const copies = new Map<object, unknown>();
  const pending: [source: object, target: Record<string, unknown> | unknown[]][] = [];
  const copyOf = (source: unknown): unknown => {
    if (isUnreadable(source)) return undefined;
    if (typeof source !== "object" || source === null) return source;
    const known = copies.get(source);
    if (known !== undefined) return known;
    if (!isArray(source) && !isPlainObject(source)) return source;
    const target: Record<string, unknown> | unknown[] = isArray(source) ? [] : {};
    copies.set(source, target);
    pending.push([source, target]);
    return target;
  };
  const root = copyOf(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target] = next;
    const keys = ownKeys(source);
    if (isUnreadable(keys)) continue;
    for (const key of keys.strings) defineOwn(target, key, copyOf(read(source, key)));
  }
  return root;
}

/** Sets an own, enumerable data property; `__proto__` is defined, never assigned, so it cannot reach a prototype. */
export function defineOwn(target: object, key: string, value: unknown): void {
  // Assignment is the fast path; only `__proto__` would reach the prototype by assignment.
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}
