/**
 * Merging an action's `defaults` into a call's data. Every call gets a fresh
 * top-level object and a fresh deep copy of each default it receives, so a
 * handler that mutates its data can never change a shared default (nested
 * objects the caller sent are handed over as they are). A `__proto__` key
 * parsed from JSON is defined, never assigned, so it stays an own data
 * property and cannot reach a prototype.
 */
import { deepCopy, defineOwn } from "../util/deep-copy.js";
import { ownKeys, read, isUnreadable } from "../util/inspect.js";

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
  for (const key of sentKeys) defineOwn(merged, key, (data as Record<string, unknown>)[key]);
  if (defaults === undefined) return merged;
  const given = new Set(sentKeys);
  const keys = ownKeys(defaults);
  for (const key of isUnreadable(keys) ? [] : keys.strings) {
    if (!given.has(key)) defineOwn(merged, key, deepCopy(read(defaults, key)));
  }
  return merged;
}
