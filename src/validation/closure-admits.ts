/**
 * The call gate's fast answer: does a closure admit a value — no key
 * refused at any depth? Most calls carry clean data, and for them this is
 * the whole data walk: no paths, no lists, the first refused key ends it.
 * Only when it says no does the gate run `closureViolations` to name every
 * problem, so this function never has to be right about *what* is wrong,
 * only never wrong about "nothing is".
 */
import { matchesPattern, OPEN, type Closure } from "./closure.js";
import { prototypeIsClean } from "../util/inspect.js";

/** Deeper than this, the fast answer gives up and the full walk (which never overflows the stack) decides. */
const DEPTH_LIMIT = 64;

/**
 * Whether `closureViolations(closure, value)` would find nothing. Answers
 * `false` — "look closer" — whenever it cannot be sure cheaply: data deeper
 * than `DEPTH_LIMIT`, a read that throws (a Proxy, a getter), or an
 * `Object.prototype` that carries enumerable keys (then `for…in`, which is
 * what makes this fast, would also see inherited keys). `rootKeys`, when
 * the caller already listed them, are the value's own keys: listing a huge
 * object's keys costs more than walking them.
 *
 * @example
 * ```ts
 * closureAdmits(closure, { name: "x" });           // true
 * closureAdmits(closure, { name: "x", extra: 1 }); // false
 * ```
 */
export function closureAdmits(closure: Closure, value: unknown, rootKeys?: readonly string[]): boolean {
  try {
    return prototypeIsClean() && admits(closure, value, 0, rootKeys);
  } catch {
    return false;
  }
}

function admits(place: Closure, value: unknown, depth: number, rootKeys?: readonly string[]): boolean {
  if (place === OPEN || typeof value !== "object" || value === null) return true;
  if (depth > DEPTH_LIMIT) return false;
  if (Array.isArray(value)) {
    const items = place.items;
    if (items === null || items === OPEN) return true;
    // eslint-disable-next-line @typescript-eslint/prefer-for-of -- indexed: an array's own Symbol.iterator is never called
    for (let index = 0; index < value.length; index++) {
      const element: unknown = value[index];
      if (typeof element === "object" && element !== null && !admits(items, element, depth + 1)) return false;
    }
    return true;
  }
  const declared = place.declared;
  if (declared === null) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  // The full walk reads only plain objects; neither refuses keys elsewhere.
  if (prototype !== Object.prototype && prototype !== null) return true;
  if (rootKeys !== undefined) {
    for (const key of rootKeys) if (!admitsKey(place, declared, value, key, depth)) return false;
    return true;
  }
  for (const key in value) if (!admitsKey(place, declared, value, key, depth)) return false;
  return true;
}

function admitsKey(place: Closure, declared: ReadonlyMap<string, Closure>, value: object, key: string, depth: number): boolean {
  let next = declared.get(key);
  if (next === undefined) {
    if (matchesPattern(place, key)) return true;
    const extra = place.extra;
    if (typeof extra === "object") next = extra;
    else return extra !== "refuse";
  }
  if (next === OPEN) return true;
  const inner: unknown = (value as Record<string, unknown>)[key];
  return typeof inner !== "object" || inner === null || admits(next, inner, depth + 1);
}
