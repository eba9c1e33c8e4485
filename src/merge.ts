/**
 * Merging an action's `defaults` into a call's data. Every call gets a fresh
 * top-level object and a fresh deep copy of each default it receives, so a
 * handler that mutates its data can never change a shared default (nested
 * objects the caller sent are handed over as they are). A `__proto__` key
 * parsed from JSON is defined, never assigned, so it stays an own data
 * property and cannot reach a prototype.
 */
import { isArray, isPlainObject, ownKeys, read, isUnreadable } from "./inspect.js";

/**
 * The handler's data: the caller's top-level keys, then every default key
 * the caller did not send (a shallow merge: a sent object replaces its
 * default whole).
 *
 * @example
 * ```ts
 * mergeDefaults({ name: "x" }, { opts: { tags: [] } }); // { name: "x", opts: { tags: [] } } — opts freshly copied
 * ```
 */
export function mergeDefaults(data: object, defaults: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const sent = ownKeys(data);
  const sentKeys = isUnreadable(sent) ? [] : sent.strings;
  // A throwing getter (only an in-process caller can send one) propagates; the router answers it as internal_error.
  for (const key of sentKeys) define(merged, key, (data as Record<string, unknown>)[key]);
  if (defaults === undefined) return merged;
  const given = new Set(sentKeys);
  const keys = ownKeys(defaults);
  for (const key of isUnreadable(keys) ? [] : keys.strings) {
    if (!given.has(key)) define(merged, key, deepCopy(read(defaults, key)));
  }
  return merged;
}

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
    for (const key of keys.strings) define(target, key, copyOf(read(source, key)));
  }
  return root;
}

function define(target: object, key: string, value: unknown): void {
  // Assignment is the fast path; only `__proto__` would reach the prototype by assignment.
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}
