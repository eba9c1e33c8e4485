/**
 * The closure: which keys data may carry at each place, compiled once from
 * an action's `properties` by the key-set walk (`key-set.ts`) and read by the
 * call gate and the defaults check alike — one definition of "declared".
 */
import { arrayLength, isArray, isPlainObject, read, isUnreadable } from "../util/inspect.js";
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
  /** `patternProperties` here: a key matching one is not undeclared (its value is the validator's to check). */
  readonly patterns?: readonly RegExp[];
}

/** Whether a key matches one of a place's `patternProperties`. */
export function matchesPattern(place: Closure, key: string): boolean {
  const patterns = place.patterns;
  if (patterns === undefined) return false;
  for (const pattern of patterns) if (pattern.test(key)) return true;
  return false;
}

/** A place that walks nothing: a leaf schema, or one with neither `properties` nor `additionalProperties`. */
export const OPEN: Closure = Object.freeze({ declared: null, extra: "allow", items: null });

const TOP: readonly PathSegment[] = Object.freeze([]);

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

/** How deep the walk recurses before it defers the rest to its work list. */
const RECURSION_LIMIT = 256;

/**
 * Every key in `value` the closure refuses, at every depth the closure
 * walks.
 *
 * @example
 * ```ts
 * closureViolations(closure, { name: "x", extra: 1 }); // [{ path: [], key: "extra", code: "unknown_key" }]
 * ```
 */
export function closureViolations(closure: Closure, value: unknown): Violation[] {
  const violations: Violation[] = [];
  walkViolations(closure, value, (violation) => violations.push(violation));
  return violations;
}

/**
 * Hands every key the closure refuses to `found`, so a caller that names
 * only a few of them (the gate) need not hold them all. Recursive for speed
 * (this is every refused call's path), but never more than
 * `RECURSION_LIMIT` frames deep: deeper places go to a work list, so neither
 * deep data nor a deep schema can overflow the stack, and the walk never
 * goes deeper than the (acyclic) closure, so a cyclic value ends too.
 * `rootKeys`, when the caller already listed them, are the value's own
 * keys: a huge object's keys are costly to list twice.
 *
 * @example
 * ```ts
 * walkViolations(closure, { name: "x", extra: 1 }, (violation) => console.log(violation.key)); // "extra"
 * ```
 */
export function walkViolations(
  closure: Closure,
  value: unknown,
  found: (violation: Violation) => void,
  rootKeys?: readonly string[],
): void {
  const walk = new ClosureWalk(found, rootKeys);
  walk.visit(closure, value, null, 0);
  for (let deferred = walk.deferred.pop(); deferred !== undefined; deferred = walk.deferred.pop()) {
    walk.visit(deferred.closure, deferred.value, deferred.path, 0);
  }
}

class ClosureWalk {
  readonly deferred: Visit[] = [];

  constructor(
    private readonly found: (violation: Violation) => void,
    private rootKeys: readonly string[] | undefined,
  ) {}

  visit(place: Closure, value: unknown, path: PathNode | null, depth: number): void {
    if (place === OPEN || typeof value !== "object" || value === null) return;
    if (depth > RECURSION_LIMIT) {
      this.deferred.push({ closure: place, value, path });
      return;
    }
    if (place.items !== null && isArray(value)) this.visitItems(place.items, value, path, depth);
    else if (place.declared !== null && isPlainObject(value)) this.visitKeys(place, place.declared, value, path, depth);
  }

  private visitItems(items: Closure, array: readonly unknown[], path: PathNode | null, depth: number): void {
    if (items === OPEN) return;
    const length = arrayLength(array);
    if (isUnreadable(length)) return this.refuse(path, "length", "unreadable");
    for (let index = 0; index < length; index++) {
      const element = read(array, index);
      // Only objects are walked further, so only they need a path.
      if (typeof element === "object" && element !== null) this.visit(items, element, child(path, index), depth + 1);
    }
  }

  private visitKeys(place: Closure, declared: ReadonlyMap<string, Closure>, object: object, path: PathNode | null, depth: number): void {
    let keys: readonly string[];
    try {
      keys = (path === null ? this.rootKeys : undefined) ?? Object.keys(object);
      this.rootKeys = undefined;
    } catch {
      return this.refuse(path, "", "unreadable");
    }
    for (const key of keys) {
      const closure = declared.get(key) ?? (matchesPattern(place, key) ? OPEN : typeof place.extra === "object" ? place.extra : undefined);
      if (closure === undefined) {
        if (place.extra === "refuse") this.refuse(path, key, "unknown_key");
        continue;
      }
      if (closure === OPEN) continue;
      const inner = read(object, key);
      if (isUnreadable(inner)) this.refuse(path, key, "unreadable");
      else if (typeof inner === "object" && inner !== null) this.visit(closure, inner, child(path, key), depth + 1);
    }
  }

  private refuse(path: PathNode | null, key: string, code: Violation["code"]): void {
    // Every refusal at the top level shares one empty path: a hostile call may carry 100,000 of them.
    this.found({ path: path === null ? TOP : segmentsOf(path), key, code });
  }
}
