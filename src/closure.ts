/**
 * The closure: which keys data may carry at each place, compiled once from
 * an action's `properties` by the key-set walk (`key-set.ts`) and read by the
 * call gate and the defaults check alike — one definition of "declared".
 */
import { arrayLength, isArray, isPlainObject, ownKeys, read, isUnreadable } from "./inspect.js";
import type { PathSegment } from "./offence.js";
import { child, segmentsOf, type PathNode } from "./path.js";

/** What a place does with keys it does not declare. */
export type Extra = "refuse" | "allow" | Closure;

/** The closure of one place in data. */
export interface Closure {
  /** Declared names and the closure of their values; `null` when objects here are not walked. */
  readonly declared: ReadonlyMap<string, Closure> | null;
  /** Undeclared keys: refused, allowed, or allowed with values walked against a closure. */
  readonly extra: Extra;
  /** The closure of every element of an array here (a single-schema `items`), or `null`. */
  readonly items: Closure | null;
}

/** A place that walks nothing: a leaf schema, or one with neither `properties` nor `additionalProperties`. */
export const OPEN: Closure = Object.freeze({ declared: null, extra: "allow", items: null });

/** What the closure refuses in a value. */
export interface Violation {
  /** The data path of the object holding the key. */
  readonly path: readonly PathSegment[];
  /** The refused key (a symbol is spelled `Symbol(tag)`). */
  readonly key: string;
  readonly code: "unknown_key" | "symbol_key" | "unreadable";
}

interface Visit {
  readonly closure: Closure;
  readonly value: unknown;
  readonly path: PathNode | null;
}

/**
 * Every key in `value` the closure refuses, at every depth the closure
 * walks. Iterative, so neither deep data nor a cyclic value can overflow the
 * stack: the walk never goes deeper than the (acyclic) closure.
 *
 * @example
 * ```ts
 * closureViolations(closure, { name: "x", extra: 1 }); // [{ path: [], key: "extra", code: "unknown_key" }]
 * ```
 */
export function closureViolations(closure: Closure, value: unknown): Violation[] {
  const violations: Violation[] = [];
  const stack: Visit[] = [{ closure, value, path: null }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { closure: place, value: here, path } = visit;
    const next: Visit[] = [];
    if (place.items !== null && place.items !== OPEN && isArray(here)) {
      const length = arrayLength(here);
      if (isUnreadable(length)) violations.push({ path: segmentsOf(path), key: "length", code: "unreadable" });
      else for (let index = 0; index < length; index++) {
        next.push({ closure: place.items, value: read(here, index), path: child(path, index) });
      }
    } else if (place.declared !== null && isPlainObject(here)) {
      visitKeys(place, place.declared, here, path, violations, next);
    }
    for (let position = next.length - 1; position >= 0; position--) stack.push(next[position]!);
  }
  return violations;
}

function visitKeys(
  place: Closure,
  declared: ReadonlyMap<string, Closure>,
  object: object,
  path: PathNode | null,
  violations: Violation[],
  next: Visit[],
): void {
  const keys = ownKeys(object);
  if (isUnreadable(keys)) {
    violations.push({ path: segmentsOf(path), key: "", code: "unreadable" });
    return;
  }
  for (const symbol of keys.symbols) violations.push({ path: segmentsOf(path), key: symbol.toString(), code: "symbol_key" });
  for (const key of keys.strings) {
    const closure = declared.get(key) ?? (typeof place.extra === "object" ? place.extra : undefined);
    if (closure === undefined) {
      if (place.extra === "refuse") violations.push({ path: segmentsOf(path), key, code: "unknown_key" });
      continue;
    }
    if (closure === OPEN) continue;
    const value = read(object, key);
    if (isUnreadable(value)) violations.push({ path: segmentsOf(path), key, code: "unreadable" });
    else next.push({ closure, value, path: child(path, key) });
  }
}
