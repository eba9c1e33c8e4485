/**
 * The one binding to the JSON Schema validator (`@cfworker/json-schema`,
 * draft 2020-12): it interprets every keyword without generating code, so
 * the runtime runs where `eval` and `new Function` are forbidden (Cloudflare
 * Workers, a strict CSP). Everything else in wymcp sees its verdicts as
 * `SchemaFailure`s: a data path, the keyword that failed and that keyword's
 * value, never the validator's own error objects.
 */
import { dereference, validate, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { compileAcceptor, type Lookup } from "./acceptor.js";
import { failureWalker, type FailureWalker, type PlaceFailures } from "./failure-walk.js";
import { longArrayFailures, saysUniqueItems } from "./unique-items-bound.js";
import { isArray, prototypeIsClean, reasonText } from "../../util/inspect.js";
import { shapedCopy } from "./schema-shape.js";
import type { PathSegment } from "../offence.js";
import type { SchemaFailure } from "./schema-failure.js";

export type { SchemaFailure } from "./schema-failure.js";

/** A schema compiled once: a fast yes/no, and every failure when the answer is no. */
export interface CompiledSchema {
  accepts(value: unknown): boolean;
  /** The failures of a value the schema refuses: the first `limit` named (in the validator's order, the data's), the rest counted. */
  failures(value: unknown, limit?: number): { readonly named: SchemaFailure[]; readonly unnamed: number };
  /** The `$ref`s that resolve to no schema (the validator would throw on reaching one), with the path of the schema holding each. */
  readonly unresolved: readonly { readonly at: readonly PathSegment[]; readonly ref: string }[];
}

const DRAFT = "2020-12";

/**
 * Compiles a JSON Schema (a deep copy of it: the validator annotates the
 * objects it compiles, and an author's schema may be frozen or change
 * later). Throws what the validator throws for a schema it cannot compile
 * (a duplicate `$id`, say); callers check the schema first. A schema known
 * to use no references (`references: false`, as the meta-schema check
 * tells) needs no index of its subschemas: that walk, the costliest part of
 * compiling, is skipped.
 *
 * @example
 * ```ts
 * const tags = compileSchema({ type: "array", items: { type: "string" } });
 * tags.accepts(["a"]);     // true
 * tags.failures(["a", 2]).named; // [{ path: [1], keyword: "type", rule: "string", value: 2, … }]
 * ```
 */
export function compileSchema(
  schema: unknown,
  options: {
    readonly references?: boolean;
    readonly pristine?: boolean;
    /** `false`: failures come from one validator call over the whole value (what the failure walk must equal; its tests' oracle). */
    readonly walked?: boolean;
  } = {},
): CompiledSchema {
  const references = options.references ?? true;
  // A pristine schema without references never changes: the fast yes reads it where it is, and the copy is made when first needed.
  const inPlace = options.pristine === true && !references;
  let shapedTree: Schema | undefined = inPlace ? undefined : (shapedCopy(schema) as Schema);
  const copy = () => (shapedTree ??= shapedCopy(schema) as Schema);
  const lookup: Lookup = references ? dereference(copy()) : (Object.create(null) as Lookup);
  const unresolved = references ? unresolvedRefs(copy(), lookup) : [];
  // A schema with a dangling $ref is never served (an offence); it gets no fast path to build.
  const acceptor =
    unresolved.length > 0 ? () => false : inPlace ? compileAcceptor(schema as Schema, lookup, false) : compileAcceptor(copy(), lookup);
  let unique: boolean | undefined;
  let refusedFinite: unknown;
  let walker: FailureWalker | undefined;
  const placeFailures: PlaceFailures = (place, value, limit) => {
    const { valid, errors } = validate(value, place, DRAFT, lookup, false);
    return valid ? { named: [], unnamed: 0 } : leafFailures(errors, value, place, lookup, limit);
  };
  return {
    unresolved,
    accepts(value) {
      refusedFinite = undefined;
      if (!allFinite(value)) return false;
      try {
        // The fast walk lists own keys, the validator every enumerable key: with a polluted prototype only the validator decides.
        const accepted = prototypeIsClean() ? acceptor(value) : validate(value, copy(), DRAFT, lookup, true).valid;
        if (!accepted) refusedFinite = value;
        return accepted;
      } catch {
        // Data the validator cannot walk (nested past the stack, a key it cannot spell) is refused; failures() says why.
        return false;
      }
    },
    failures(value, limit = Number.POSITIVE_INFINITY) {
      // A value just refused with every number finite (the gate asks failures() right after accepts()) is not walked again:
      // listing a 130,000-key object's keys costs more than the rest of its refusal.
      const finite = value === refusedFinite || allFinite(value);
      refusedFinite = undefined;
      const infinite = finite ? [] : nonFinitePaths(value, limit);
      if (infinite.length > 0)
        return {
          named: infinite.map((path) => ({
            path,
            keyword: "type",
            rule: "number",
            value: valueAt(value, path),
            message: "not a finite number (JSON has no Infinity or NaN; 1e400 parses as Infinity)",
          })),
          unnamed: 0,
        };
      // The validator compares every pair of an array's items under uniqueItems: a long one is named without it.
      unique ??= saysUniqueItems(schema);
      const long = unique ? longArrayFailures(value) : undefined;
      if (long !== undefined) return { named: long.slice(0, limit), unnamed: Math.max(0, long.length - limit) };
      try {
        // The walk skips what the fast yes accepts and names only up to the limit; it gives up (undefined) where it cannot follow.
        // With a polluted prototype only the validator decides, as in accepts().
        const walk = options.walked !== false && prototypeIsClean() ? (walker ??= failureWalker(copy(), lookup, placeFailures)) : undefined;
        const walked = walk?.(value, limit);
        return walked ?? placeFailures(copy(), value, limit);
      } catch (error) {
        return {
          named: [
            {
              path: [],
              keyword: "unchecked",
              value,
              // The validator recurses per level (and per $ref): data deep enough exhausts the stack before it is judged.
              message:
                error instanceof RangeError
                  ? "it is nested too deeply to be checked (the check ran out of stack); send it nested less deeply"
                  : `it could not be checked (${reasonText(error)})`,
            },
          ],
          unnamed: 0,
        };
      }
    },
  };
}

/** How many places the finite-number walk visits: past it, the validator's own walk decides (and bounds itself). */
const MAX_FINITE_VISITS = 1_000_000;

/**
 * Whether every number in a value is finite. JSON has no `Infinity` or
 * `NaN`, but `JSON.parse("1e400")` is `Infinity`, which the validator's
 * `integer` check lets through (`Infinity % 1` is `NaN`, falsy): no such
 * number reaches a handler.
 */
function allFinite(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object" || value === null) return true;
  let left: number;
  try {
    left = finiteWalk(value, FAST_FINITE_VISITS, 0);
  } catch {
    left = GIVEN_UP; // A getter or a Proxy trap threw: the walk below reads each key on its own.
  }
  if (left === NON_FINITE) return false;
  return left !== GIVEN_UP || nonFinitePaths(value, 1).length === 0;
}

/**
 * The places and depth the allocation-light check takes on before handing
 * the data to the cycle-safe walk. A cycle is found by its depth; the
 * budget bounds data that shares one object many times over. It is the
 * walk's own bound, so large data is read once (listing a 130,000-key
 * object's keys costs more than walking them).
 */
const FAST_FINITE_VISITS = MAX_FINITE_VISITS;
const FAST_FINITE_DEPTH = 32;
const GIVEN_UP = -1;
const NON_FINITE = -2;

/**
 * The budget of places left after reading `place` (the gate asks this of
 * every valid call, so no walk state is allocated): `NON_FINITE` when it
 * holds a non-finite number, `GIVEN_UP` past the budget or the depth (large,
 * deep or cyclic data), for the cycle-safe walk to decide.
 */
function finiteWalk(place: object, budget: number, depth: number): number {
  if (budget <= 0 || depth > FAST_FINITE_DEPTH) return GIVEN_UP;
  let left = budget - 1;
  const keys = Array.isArray(place) ? undefined : Object.keys(place);
  const size = keys === undefined ? (place as unknown[]).length : keys.length;
  for (let index = 0; index < size; index++) {
    const inner: unknown = keys === undefined ? (place as unknown[])[index] : (place as Record<string, unknown>)[keys[index]!];
    if (typeof inner === "number") {
      if (!Number.isFinite(inner)) return NON_FINITE;
    } else if (typeof inner === "object" && inner !== null) {
      left = finiteWalk(inner, left, depth + 1);
      if (left < 0) return left;
    }
  }
  return left;
}

/** A place the finite-number walk reached: its parent link stands in for its path until a non-finite number needs one. */
interface WalkedPlace {
  readonly value: unknown;
  readonly parent: WalkedPlace | undefined;
  readonly segment: PathSegment;
}

/** The data paths of the first `limit` non-finite numbers in a value (iterative, cycle-safe, linear in the value's size). */
function nonFinitePaths(value: unknown, limit: number): PathSegment[][] {
  const found: PathSegment[][] = [];
  const seen = new Set<object>();
  const stack: WalkedPlace[] = [{ value, parent: undefined, segment: "" }];
  let visits = 0;
  for (let next = stack.pop(); next !== undefined && found.length < limit && visits < MAX_FINITE_VISITS; next = stack.pop(), visits++) {
    const place = next.value;
    if (typeof place === "number") {
      if (!Number.isFinite(place)) found.push(pathOf(next));
      continue;
    }
    if (typeof place !== "object" || place === null || seen.has(place)) continue;
    seen.add(place);
    let keys: string[];
    try {
      keys = Object.keys(place);
    } catch {
      continue; // Unreadable data is the validator's to refuse.
    }
    const array = isArray(place);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      let inner: unknown;
      try {
        inner = (place as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      if (typeof inner === "number" ? !Number.isFinite(inner) : typeof inner === "object" && inner !== null)
        stack.push({ value: inner, parent: next, segment: array ? Number(key) : key });
    }
  }
  return found;
}

/** The data path of a walked place, read back along its parent links. */
function pathOf(place: WalkedPlace): PathSegment[] {
  const path: PathSegment[] = [];
  for (let at = place; at.parent !== undefined; at = at.parent) path.push(at.segment);
  return path.reverse();
}

/** Every schema object in the compiled copy whose `$ref` the validator's lookup cannot resolve. */
function unresolvedRefs(copy: Schema, lookup: Lookup): { at: PathSegment[]; ref: string }[] {
  const found: { at: PathSegment[]; ref: string }[] = [];
  const stack: { value: unknown; at: PathSegment[] }[] = [{ value: copy, at: [] }];
  const seen = new Set<object>();
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, at } = next;
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    // The validator marks each schema object it will dereference; data inside enum or const carries no mark.
    const target = (value as { __absolute_ref__?: unknown }).__absolute_ref__;
    if (typeof target === "string" && lookup[target] === undefined) found.push({ at, ref: String((value as { $ref?: unknown }).$ref) });
    for (const [key, inner] of Object.entries(value)) stack.push({ value: inner, at: [...at, Array.isArray(value) ? Number(key) : key] });
  }
  return found;
}

/**
 * A schema compiled on its first use: one without references cannot fail to
 * compile, so registration (and every build) checks it against the
 * meta-schema alone and leaves the compiling to the first call that needs it.
 *
 * @example
 * ```ts
 * const tags = compileOnUse({ type: "array", items: { type: "string" } });
 * tags.accepts(["a"]); // compiles now, once
 * ```
 */
export function compileOnUse(schema: unknown, pristine = false): CompiledSchema {
  // Only for schemas the meta-schema check found free of references.
  let compiled: CompiledSchema | undefined;
  const get = () => (compiled ??= compileSchema(schema, { references: false, pristine }));
  return { unresolved: [], accepts: (value) => get().accepts(value), failures: (value, limit) => get().failures(value, limit) };
}

/** Keywords whose error only says "something below me failed": their deeper errors are the ones to name. */
const WRAPPERS = new Set([
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "items",
  "prefixItems",
  "additionalItems",
  "unevaluatedItems",
  "$ref",
  "$recursiveRef",
  "allOf",
  "dependentSchemas",
  "if",
  "then",
  "else",
]);

/** Keywords the validator reports once per missing key, each time at the same places. */
const REPEATING = new Set(["required", "dependentRequired", "dependencies"]);

/** Keywords whose sub-errors are alternatives tried, not problems: the keyword's own error is the one to name. */
const ALTERNATIVES = new Set(["anyOf", "oneOf", "not", "contains", "propertyNames"]);

/**
 * The validator reports every level of a failure (`properties` → `$ref` →
 * `type`); a reader needs the levels that say what to change. Errors under
 * an alternative (`anyOf` branches) are dropped for the alternative's own
 * error; wrapper errors are dropped for what they wrap.
 */
function leafFailures(
  errors: readonly OutputUnit[],
  value: unknown,
  schema: Schema,
  lookup: Lookup,
  limit: number,
): { named: SchemaFailure[]; unnamed: number } {
  // Keyword locations repeat per array element ("#/items/anyOf"): a set keeps this linear in the errors.
  const alternatives = new Set<string>();
  for (const error of errors) {
    if (ALTERNATIVES.has(error.keyword)) alternatives.add(error.keywordLocation);
    // minContains / maxContains fail through the items tried against the sibling `contains`: those tries are not problems.
    if (error.keyword === "minContains" || error.keyword === "maxContains")
      alternatives.add(error.keywordLocation.replace(/(min|max)Contains$/, "contains"));
  }
  const failures: SchemaFailure[] = [];
  let unnamed = 0;
  const seen = new Set<string>();
  for (const error of errors) {
    if (WRAPPERS.has(error.keyword)) continue;
    if (alternatives.size > 0 && under(error.keywordLocation, alternatives)) continue;
    // `required` (and `dependentRequired`) report each missing key with the same locations; the key list is read from the rule once.
    if (REPEATING.has(error.keyword)) {
      const identity = `${error.keyword} ${error.instanceLocation} ${error.keywordLocation}`;
      if (seen.has(identity)) continue;
      seen.add(identity);
    }
    if (failures.length >= limit) {
      unnamed++;
      continue;
    }
    const path = instancePath(error.instanceLocation, value);
    const rule = error.keyword === "false" ? false : ruleAt(schema, error.keywordLocation, lookup);
    failures.push({
      path,
      keyword: error.keyword,
      ...(rule === undefined ? {} : { rule }),
      value: valueAt(value, path),
      message: error.error,
    });
  }
  return { named: failures, unnamed };
}

/** Whether a keyword location lies strictly below one of `locations`. */
function under(location: string, locations: ReadonlySet<string>): boolean {
  for (let slash = location.lastIndexOf("/"); slash > 0; slash = location.lastIndexOf("/", slash - 1)) {
    if (locations.has(location.slice(0, slash))) return true;
  }
  return false;
}

/** `#/opts/tags/2` as segments, array indices as numbers (decided by the value, not the spelling). */
function instancePath(location: string, value: unknown): PathSegment[] {
  const path: PathSegment[] = [];
  let place = value;
  for (const segment of pointerSegments(location)) {
    const step: PathSegment = isArray(place) && /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment;
    path.push(step);
    place = typeof place === "object" && place !== null ? (place as Record<PathSegment, unknown>)[step] : undefined;
  }
  return path;
}

function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let place = value;
  for (const step of path) place = typeof place === "object" && place !== null ? (place as Record<PathSegment, unknown>)[step] : undefined;
  return place;
}

/** The keyword's value at a keyword location, following the `$ref`s the location passes through. */
function ruleAt(schema: Schema, location: string, lookup: Lookup): unknown {
  let place: unknown = schema;
  for (const segment of pointerSegments(location)) {
    if (typeof place !== "object" || place === null) return undefined;
    if (segment === "$ref") {
      const target = (place as { __absolute_ref__?: string }).__absolute_ref__;
      place = target === undefined ? undefined : lookup[target];
    } else {
      place = Object.hasOwn(place, segment) ? (place as Record<string, unknown>)[segment] : undefined;
    }
  }
  return place;
}

/** The segments of `#/a/b~1c` (the validator escapes `~` and `/`, then URI-encodes). */
function pointerSegments(location: string): string[] {
  const pointer = location.startsWith("#") ? location.slice(1) : location;
  if (pointer === "") return [];
  const segments = pointer.slice(1).split("/");
  // Most pointers are plain names and indices: nothing to decode.
  if (pointer.includes("%") || pointer.includes("~"))
    for (let index = 0; index < segments.length; index++) segments[index] = decodeSegment(segments[index]!);
  return segments;
}

function decodeSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A segment that is not percent-encoding (cannot happen for the validator's own pointers) is read as written.
  }
  return text.replace(/~1/g, "/").replace(/~0/g, "~");
}
