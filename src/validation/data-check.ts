/**
 * Checking data against an action's contract: every problem in one list —
 * missing `required` keys, no satisfied `requiredOneOf` group, every key the
 * closure refuses at any depth, and every value that breaks its property's
 * JSON Schema. The call gate runs it on a call's data; the chain runs it on
 * an author's examples and defaults, so all three are checked alike.
 */
import { closureAdmits } from "./closure-admits.js";
import { OPEN, walkViolations, type Closure, type Violation } from "./closure.js";
import { hasOwn, isPlainObject } from "../util/inspect.js";
import type { CompiledSchema, SchemaFailure } from "./json-schema/validator.js";
import { compareSegments, type PathSegment } from "./offence.js";
import { BoundedHeap } from "../util/bounded-heap.js";
import { closest } from "../util/suggest.js";

/** One problem of data, as data: the place, the key or keyword, the code. */
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
    }
  | {
      readonly code: "invalid_value";
      /** The data path of the value itself. */
      readonly path: readonly PathSegment[];
      readonly failure: SchemaFailure;
    };

/** What data is checked against: the closure, the compiled property schemas, the required names. */
export interface DataContract {
  readonly closure: Closure;
  /** Top-level property name → its compiled schema. */
  readonly values: ReadonlyMap<string, CompiledSchema>;
  readonly required: readonly string[];
  readonly groups: readonly (readonly string[])[];
}

/** What checking data found: the problems named (sorted), and how many more were only counted. */
export interface CheckedData {
  readonly problems: DataProblem[];
  /** Problems past the limit: found and counted, never named, sorted or worded (a hostile call stays cheap to refuse). */
  readonly unnamed: number;
}

/**
 * Every problem of `data` (a plain object) against a contract, sorted by
 * data path — the first `limit` named, the rest counted. Clean data, the
 * common case, is answered by the fast walks alone; the full walks run only
 * to find what is wrong.
 *
 * @example
 * ```ts
 * checkData(contract, { nmae: "x", due: 5 }).problems;
 * // [{ code: "missing_required", path: [], key: "name" },
 * //  { code: "invalid_value", path: ["due"], failure: { keyword: "type", … } },
 * //  { code: "unknown_key", path: [], key: "nmae", suggestion: "name", … }]
 * ```
 */
export function checkData(contract: DataContract, data: object, limit = Number.POSITIVE_INFINITY): CheckedData {
  const problems: DataProblem[] = [];
  for (const key of contract.required) {
    if (!hasOwn(data, key)) problems.push({ code: "missing_required", path: [], key });
  }
  const { groups } = contract;
  if (groups.length > 0 && !groups.some((group) => group.every((key) => hasOwn(data, key)))) {
    problems.push({ code: "no_required_group", path: [], groups });
  }
  // Listed once for both walks: a hostile call's 100,000 keys cost more to list than to check.
  const rootKeys = keysOf(data);
  const keysAdmitted = closureAdmits(contract.closure, data, rootKeys);
  const checked = checkValues(contract.values, data);
  const valuesAdmitted = checked.from === contract.values.size;
  if (keysAdmitted && valuesAdmitted) return { problems, unnamed: 0 };
  const violations = keysAdmitted ? { kept: [], count: 0 } : firstViolations(contract.closure, data, limit, rootKeys);
  const values = valuesAdmitted ? { problems: [], unnamed: 0 } : valueProblemsUpTo(contract.values, data, violations.kept, limit, checked);
  for (const problem of values.problems) problems.push(problem);
  const found = problems.length + violations.count + values.unnamed;
  // Only the problems that will be named are sorted against each other, and only named unknown keys get a "did you mean".
  const named = firstInOrder([...problems, ...violations.kept], limit).map((problem) =>
    "declared" in problem || problem.code !== "unknown_key" ? problem : withSuggestion(contract.closure, problem),
  );
  return { problems: named, unnamed: found - named.length };
}

function keysOf(data: object): string[] | undefined {
  try {
    return Object.keys(data);
  } catch {
    return undefined; // The walks read the keys themselves, and name what cannot be read.
  }
}

/**
 * The first `limit` keys the closure refuses, in data-path order, and how
 * many it refuses in all: past the limit each one is compared with the
 * largest kept and dropped, never held.
 */
function firstViolations(
  closure: Closure,
  data: object,
  limit: number,
  rootKeys: readonly string[] | undefined,
): { kept: Violation[]; count: number } {
  const heap = new BoundedHeap<Violation>(limit, compareProblems);
  let count = 0;
  walkViolations(
    closure,
    data,
    (violation) => {
      count++;
      heap.offer(violation);
    },
    rootKeys,
  );
  return { kept: heap.sorted(), count };
}

/** An own enumerable key: what `Object.keys` lists, and so what the closure and the merge read. */
function isOwnData(data: object, key: string): boolean {
  try {
    return Object.prototype.propertyIsEnumerable.call(data, key);
  } catch {
    return false;
  }
}

/** What the fast check of the declared values found: where the first value not known to be accepted stands. */
interface ValuesChecked {
  /** Its index in the order of `values` (every value before it was accepted); `values.size` when all were. */
  readonly from: number;
  /** Whether that value was refused (`false`: the check itself failed there, and it is asked again). */
  readonly refused: boolean;
}

const NOTHING_KNOWN: ValuesChecked = { from: 0, refused: false };

/** Whether every declared value in `data` satisfies its property schema, and where the first refused one stands. */
function checkValues(values: ReadonlyMap<string, CompiledSchema>, data: object): ValuesChecked {
  let index = 0;
  try {
    // The declared names, not the data's keys: a call's undeclared keys (a hostile one has 100,000) are the closure's business.
    for (const [key, check] of values) {
      if (isOwnData(data, key) && !check.accepts((data as Record<string, unknown>)[key])) return { from: index, refused: true };
      index++;
    }
    return { from: index, refused: false };
  } catch {
    return { from: index, refused: false };
  }
}

/**
 * The value problems of `data`: each declared value its schema refuses,
 * named at the deepest place that says what to change. A key the closure
 * already refused is not named twice.
 *
 * @example
 * ```ts
 * valueProblems(values, { due: 5 }); // [{ code: "invalid_value", path: ["due"], failure: … }]
 * ```
 */
export function valueProblems(
  values: ReadonlyMap<string, CompiledSchema>,
  data: object,
  keyProblems: readonly DataProblem[] = [],
): DataProblem[] {
  return valueProblemsUpTo(values, data, keyProblems, Number.POSITIVE_INFINITY, NOTHING_KNOWN).problems;
}

/**
 * `valueProblems`, naming at most `limit` failures of each property (in the
 * validator's order, which is the data's) and counting the rest. What the
 * fast check already found is not asked again: a 130,000-key value costs
 * most of its refusal in each listing of its keys.
 */
function valueProblemsUpTo(
  values: ReadonlyMap<string, CompiledSchema>,
  data: object,
  keyProblems: readonly DataProblem[],
  limit: number,
  known: ValuesChecked,
): CheckedData {
  const refused = new Set(keyProblems.map((problem) => placeOf(problem.path, "key" in problem ? problem.key : undefined)));
  const problems: DataProblem[] = [];
  let unnamed = 0;
  let index = -1;
  for (const [key, check] of values) {
    index++;
    if (index < known.from || !isOwnData(data, key)) continue;
    const before = problems.length;
    let value: unknown;
    try {
      value = (data as Record<string, unknown>)[key];
    } catch {
      continue; // The closure walk names an unreadable value.
    }
    if (!(index === known.from && known.refused) && check.accepts(value)) continue;
    const failures = check.failures(value, limit);
    unnamed += failures.unnamed;
    for (const failure of failures.named) {
      for (const problem of failureProblems([key], failure)) {
        if (refused.size === 0 || !refused.has(placeOf(problem.path, "key" in problem ? problem.key : undefined))) problems.push(problem);
      }
    }
    dropRefusedValuesNamed(problems, before);
  }
  return { problems, unnamed };
}

/**
 * `unevaluatedProperties: false` refuses a declared key whose value failed
 * (a failed branch evaluates nothing): the value problem is what to fix, so
 * the key is not also called unknown.
 */
function dropRefusedValuesNamed(problems: DataProblem[], from: number): void {
  // Only `unevaluatedProperties` names a key beside its value: most refusals name none.
  let keys = false;
  for (let index = from; index < problems.length && !keys; index++) keys = problems[index]!.code === "unknown_key";
  if (!keys) return;
  const values = new Set<string>();
  for (let index = from; index < problems.length; index++) {
    const problem = problems[index]!;
    if (problem.code === "invalid_value") values.add(JSON.stringify(problem.path));
  }
  if (values.size === 0) return;
  for (let index = problems.length - 1; index >= from; index--) {
    const problem = problems[index]!;
    if (problem.code === "unknown_key" && values.has(placeOf(problem.path, problem.key))) problems.splice(index, 1);
  }
}

/**
 * The problems one failure stands for, its path below `prefix`: a missing
 * key per name `required` lists, a refused key, or a refused value.
 */
export function failureProblems(prefix: readonly PathSegment[], failure: SchemaFailure): DataProblem[] {
  const path: PathSegment[] = [...prefix, ...failure.path];
  if (failure.keyword === "required" && Array.isArray(failure.rule) && isPlainObject(failure.value)) {
    const holder = failure.value;
    return failure.rule
      .filter((name): name is string => typeof name === "string" && !hasOwn(holder, name))
      .map((name) => ({ code: "missing_required", path, key: name }));
  }
  const last = path.at(-1);
  if (failure.keyword === "false" && typeof last === "string") {
    return [{ code: "unknown_key", path: path.slice(0, -1), key: last }];
  }
  return [{ code: "invalid_value", path, failure }];
}

function placeOf(path: readonly PathSegment[], key: string | undefined): string {
  return JSON.stringify(key === undefined ? path : [...path, key]);
}

/**
 * Problems sorted by data path, a key problem's place being its holder's
 * path plus its key, so everything about one value sits together.
 */
export function sortProblems<P extends DataProblem>(problems: readonly P[]): P[] {
  return firstInOrder(problems, Number.POSITIVE_INFINITY);
}

/**
 * The first `limit` problems in data-path order. Past four times the limit a
 * bounded heap keeps the cost linear in the number found: a call with
 * 130,000 unknown keys sorts 50 of them, not 130,000.
 */
function firstInOrder<P extends DataProblem>(problems: readonly P[], limit: number): P[] {
  if (problems.length <= limit * 4) return [...problems].sort(compareProblems).slice(0, limit);
  // Many problems: only the kept ones are ever sorted.
  const heap = new BoundedHeap<P>(limit, compareProblems);
  for (const problem of problems) heap.offer(problem);
  return heap.sorted();
}

/** Data-path order without building paths: a key problem's place is its holder's path followed by its key. */
function compareProblems(a: DataProblem, b: DataProblem): number {
  const aKey = "key" in a ? a.key : undefined;
  const bKey = "key" in b ? b.key : undefined;
  const aLength = a.path.length + (aKey === undefined ? 0 : 1);
  const bLength = b.path.length + (bKey === undefined ? 0 : 1);
  for (let index = 0; index < Math.min(aLength, bLength); index++) {
    // Past its path, a problem's segment is its key (the bound counts it only when there is one).
    // eslint-disable-next-line no-restricted-syntax -- the bound proves aKey and bKey, as it proves the index reads
    const order = compareSegments(index < a.path.length ? a.path[index]! : aKey!, index < b.path.length ? b.path[index]! : bKey!);
    if (order !== 0) return order;
  }
  return aLength - bLength;
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
