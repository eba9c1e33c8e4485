/**
 * The call gate's data check: every problem of a call's data as received,
 * in one list — missing `required` keys, no satisfied `requiredOneOf` group,
 * and every key the closure refuses at any depth. The closure is the one the
 * key-set walk compiled when the schema was obtained (`closureOf`), so the
 * gate, the defaults check and help share one definition of "declared".
 */
import { closureOf, type CheckedActionSchema } from "./action-schema.js";
import { closureAdmits } from "./closure-admits.js";
import { closureViolations, OPEN, type Closure, type Violation } from "./closure.js";
import { isSealed } from "./freeze.js";
import { hasOwn } from "./inspect.js";
import { comparePaths, type PathSegment } from "./offence.js";
import { requiredOf, requiredOneOfOf } from "./schema-read.js";
import { closest } from "./suggest.js";

/** One problem of a call's data, as data: the place, the key, the code. */
export type DataProblem =
  | { readonly code: "missing_required"; readonly path: readonly PathSegment[]; readonly key: string }
  | { readonly code: "no_required_group"; readonly path: readonly PathSegment[]; readonly groups: readonly (readonly string[])[] }
  | {
      readonly code: Violation["code"];
      readonly path: readonly PathSegment[];
      readonly key: string;
      /** The names this place declares (for "did you mean"), when it declares any. */
      readonly declared?: readonly string[];
      readonly suggestion?: string;
    };

/**
 * Every problem of `data` (a plain object) against a checked action schema.
 * Reads the data without running foreign code in a way that could throw out
 * of the gate: keys are listed, values read through the closure walk.
 *
 * @example
 * ```ts
 * dataProblems(schema, { nmae: "x" });
 * // [{ code: "missing_required", path: [], key: "name" },
 * //  { code: "unknown_key", path: [], key: "nmae", suggestion: "name", … }]
 * ```
 */
export function dataProblems(schema: CheckedActionSchema, data: object): DataProblem[] {
  const problems: DataProblem[] = [];
  const { closure, required, groups } = planOf(schema);
  for (const key of required) {
    if (!hasOwn(data, key)) problems.push({ code: "missing_required", path: [], key });
  }
  if (groups.length > 0 && !groups.some((group) => group.every((key) => hasOwn(data, key)))) {
    problems.push({ code: "no_required_group", path: [], groups });
  }
  // Clean data, the common case, is answered by the fast walk alone; the full walk names what is wrong.
  if (closureAdmits(closure, data)) return problems;
  const violations = closureViolations(closure, data);
  if (violations.length === 0) return problems;
  // Sorted as offences are: by data path segment by segment (a holder before what it holds), then by key.
  violations.sort((a, b) => comparePaths(a.path, b.path) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const violation of violations) problems.push(withSuggestion(closure, violation));
  return problems;
}

/** What the gate reads of a checked schema: its closure and its required names. */
interface GatePlan {
  readonly closure: Closure;
  readonly required: readonly string[];
  readonly groups: readonly (readonly string[])[];
}

/**
 * Plans are cached by closure, which obtaining compiles anew whenever it
 * re-checks a schema, and only for sealed (deep-frozen) schemas, whose
 * `required` and `requiredOneOf` can never change: every call's hot path
 * then reads no schema key at all.
 */
const plans = new WeakMap<Closure, GatePlan>();

function planOf(schema: CheckedActionSchema): GatePlan {
  const closure = closureOf(schema);
  const cached = plans.get(closure);
  if (cached !== undefined) return cached;
  const plan = { closure, required: requiredOf(schema), groups: requiredOneOfOf(schema) };
  if (isSealed(schema)) plans.set(closure, plan);
  return plan;
}

/** Adds the declared names of the violation's place and the closest one to an unknown key. */
function withSuggestion(closure: Closure, violation: Violation): DataProblem {
  const place = placeAt(closure, violation.path);
  const declared = place?.declared == null ? [] : declaredNames(place.declared);
  if (violation.code !== "unknown_key" || declared.length === 0) return violation;
  const suggestion = closest(violation.key, declared);
  const { code, path, key } = violation;
  return suggestion === undefined ? { code, path, key, declared } : { code, path, key, declared, suggestion };
}

/** Closures never change once compiled, so the sorted names of each place are worked out once. */
const sortedNames = new WeakMap<ReadonlyMap<string, Closure>, readonly string[]>();

function declaredNames(declared: ReadonlyMap<string, Closure>): readonly string[] {
  let names = sortedNames.get(declared);
  if (names === undefined) sortedNames.set(declared, (names = Object.freeze([...declared.keys()].sort())));
  return names;
}

/** The closure at a data path, following declared names, extra schemas and items. */
function placeAt(closure: Closure, path: readonly PathSegment[]): Closure | undefined {
  let place: Closure | undefined = closure;
  for (const segment of path) {
    if (place === undefined || place === OPEN) return undefined;
    if (typeof segment === "number") place = place.items ?? undefined;
    else place = place.declared?.get(segment) ?? (typeof place.extra === "object" ? place.extra : undefined);
  }
  return place;
}
