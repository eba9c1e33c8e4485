/**
 * Walking an evaluated declaration along an offence's path — from the action
 * record through the action, then each segment of `path` — the one walk
 * behind deciding whether an offence is certain (`certain.ts`), finding the
 * node it names (`locate.ts`), and anchoring it in an editor's file
 * (`../typescript/language-service.ts`).
 */
import type { Offence, PathSegment } from "../../src/index.js";
import type { Provenance, Slot } from "../evaluator/provenance.js";
import { Unknown } from "../evaluator/unknown.js";

/** One step of a walk: the key read, the object it was read from, the nodes of that key's slot, and the value found. */
export interface PathStep {
  readonly key: PathSegment;
  readonly holder: object;
  /** The slot's nodes, when the evaluator recorded them. */
  readonly slot: Slot | undefined;
  /** The own key's value; `undefined` when the holder has no such own key. */
  readonly value: unknown;
}

/** Where a walk ended, and the steps it took. */
export interface PathWalk {
  /**
   * The value at the end of the path; the `Unknown` the walk stopped at;
   * `undefined` past a missing key or a value that is not an object.
   */
  readonly value: unknown;
  readonly steps: readonly PathStep[];
}

/**
 * Walks from `start` along `path`, reading own keys only, and stops at an
 * `Unknown` (nothing is known past it) or at a value that is not an object.
 *
 * @example
 * ```ts
 * walkPath(record, offencePath(offence), provenance).value; // the object holding the offending key
 * ```
 */
export function walkPath(start: unknown, path: readonly PathSegment[], provenance: Provenance): PathWalk {
  const steps: PathStep[] = [];
  let value = start;
  for (const key of path) {
    if (value instanceof Unknown) break;
    if (typeof value !== "object" || value === null) return { value: undefined, steps };
    const holder: object = value;
    value = Object.hasOwn(holder, key) ? (holder as Record<PathSegment, unknown>)[key] : undefined;
    steps.push({ key, holder, slot: provenance.slotOf(holder, key), value });
  }
  return { value, steps };
}

/**
 * The path from the action record to the object holding what an offence is
 * about: the action, then the offence's path (empty for an offence about the
 * record itself).
 *
 * @example
 * ```ts
 * offencePath({ action: "create", path: ["properties"], … }); // ["create", "properties"]
 * ```
 */
export function offencePath(offence: Offence): PathSegment[] {
  return offence.action === null ? [] : [offence.action, ...offence.path];
}
