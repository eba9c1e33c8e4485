/**
 * The size of data as a walk of it sees it: every value it holds and every
 * character of its strings, a shared value counted at every place (the walk
 * enters it at each). An author's data built in code can share one array
 * forty levels deep — a few objects, 2^40 values to validate — so what walks
 * data an author wrote asks this first, and the count stops at its limit.
 */
import { isArray, isPlainObject, isUnreadable, ownKeys, read } from "./inspect.js";

/**
 * Whether `value` holds more than `limit` values and string characters,
 * shared parts counted at every place, entering plain objects and arrays
 * alone. It costs at most `limit` steps; a read that throws ends that
 * part's count (whatever reads it next reports it).
 *
 * @example
 * ```ts
 * let w: unknown = "x";
 * for (let i = 0; i < 40; i++) w = [w, w];
 * exceedsSize(w, 2 ** 20); // true, after about 2^20 steps
 * ```
 */
export function exceedsSize(value: unknown, limit: number): boolean {
  let left = limit;
  // Entries to count, and a `Leave` marker where an object's walk ends.
  const pending: unknown[] = [value];
  // The objects on the current walk path: one reached again is a cycle, which the cycle check names; it is not counted again.
  const onPath = new Set<object>();
  // Markers are known by identity: `instanceof` on a hostile Proxy would call its traps.
  const leaves = new Set<unknown>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (leaves.has(next)) {
      onPath.delete((next as Leave).leave);
      continue;
    }
    left -= typeof next === "string" ? 1 + next.length : 1;
    if (left < 0) return true;
    // Only data is walked: validation refuses anything else (a class instance, a function) without entering it.
    if (!isPlainObject(next) && !isArray(next)) continue;
    if (onPath.has(next)) continue;
    const keys = ownKeys(next);
    if (isUnreadable(keys)) continue;
    onPath.add(next);
    const leave = new Leave(next);
    leaves.add(leave);
    pending.push(leave);
    for (const key of keys.strings) {
      const entry = read(next, key);
      if (!isUnreadable(entry)) pending.push(entry);
    }
  }
  return false;
}

/** The end of one object's walk. */
class Leave {
  constructor(readonly leave: object) {}
}
