/**
 * The data an author writes inside an action schema — `defaults` and
 * `examples` — checked like a call's data, once the schema's shape is sound:
 * a default may carry nothing a caller could not send (keys and values), and
 * an example is a call a model may copy, so it must pass the gate. A
 * caller's data is JSON, so both must be JSON data first: plain objects,
 * arrays without holes, strings, finite numbers, booleans and null, in
 * enumerable data properties with string keys — a class instance or an
 * object literal's `__proto__: { … }` would otherwise slip past the closure
 * walk, which enters plain objects only.
 */
import { checkData, valueProblems, type DataContract, type DataProblem } from "./data-check.js";
import { closureAdmits } from "./closure-admits.js";
import { isTree } from "../util/pristine.js";
import { hasOwn, isArray, isPlainObject, read } from "../util/inspect.js";
import { dataOffences, defaultOffencesIn, type KeySetWalk } from "./key-set.js";
import type { SchemaContext } from "./key-validators.js";
import { offence, type Offence, type OffenceCode, type PathSegment } from "./offence.js";
import { wordProblem } from "./problem-wording.js";
import { requiredOf, requiredOneOfOf } from "./schema-read.js";
import type { CheckedActionSchema } from "./checked-schema.js";
import { exceedsSize } from "../util/value-size.js";
import { defineOwn } from "../util/deep-copy.js";
import { MAX_VALUE_SIZE } from "./json-schema/meta-view.js";

/**
 * The offences of an action's defaults (undeclared keys, then wrong values)
 * and examples (every problem a call with that data would have).
 *
 * @example
 * ```ts
 * authorDataOffences(schema, context); // [{ code: "invalid_example", location: 'actions["create"].examples[0]', … }]
 * ```
 */
export function authorDataOffences(schema: object, context: SchemaContext, walk: KeySetWalk): Offence[] {
  const { action } = context;
  const closure = walk.closure;
  const values = context.values ?? new Map();
  const offences: Offence[] = [];
  // In a pristine copy every value is JSON data but for a cycle, so a tree the closure admits has no key offence.
  const { pristine } = context.reading;
  if (hasOwn(schema, "defaults")) {
    const defaults = read(schema, "defaults");
    // Data shared many times over (built in code) would take the closure walk and the validator exponential time.
    const keys = exceedsSize(defaults, MAX_VALUE_SIZE)
      ? [tooLarge(action, ["defaults"])]
      : pristine && isTree(defaults) && closureAdmits(closure, defaults)
        ? []
        : defaultOffencesIn(closure, defaults, action);
    offences.push(...keys);
    const sound = isPlainObject(defaults) ? soundDefaults(defaults, keys) : undefined;
    if (sound !== undefined)
      for (const problem of valueProblems(values, sound)) offences.push(problemOffence(action, ["defaults"], problem, "invalid_default"));
  }
  const examples = hasOwn(schema, "examples") ? read(schema, "examples") : undefined;
  if (isArray(examples)) {
    const checked = schema as CheckedActionSchema;
    const contract: DataContract = { closure, values, required: requiredOf(checked), groups: requiredOneOfOf(checked) };
    Array.prototype.forEach.call(examples, (example: unknown, index: number) => {
      if (!isPlainObject(example)) return; // A wrong-typed entry (or a hole) is a shape offence already.
      if (exceedsSize(example, MAX_VALUE_SIZE)) return void offences.push(tooLarge(action, ["examples", index]));
      // An example a caller could not send (not JSON data) is named as such, not checked as a call.
      const faults = pristine && isTree(example) ? [] : dataOffences(example, ["examples", index], action, "example");
      if (faults.length > 0) offences.push(...faults);
      else
        for (const problem of checkData(contract, example).problems)
          offences.push(problemOffence(action, ["examples", index], problem, "invalid_example"));
    });
  }
  return offences;
}

/**
 * The defaults whose values can be checked beside the key offences already
 * found, so one error names both: every top-level default with no offence
 * at or below it; `undefined` when an offence concerns the defaults whole.
 */
function soundDefaults(defaults: object, keyOffences: readonly Offence[]): object | undefined {
  if (keyOffences.length === 0) return defaults;
  const faulted = new Set<unknown>();
  for (const found of keyOffences) {
    if (found.path.length > 1) faulted.add(found.path[1]);
    else if (found.key !== undefined) faulted.add(found.key);
    else return undefined;
  }
  const sound: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) if (!faulted.has(key)) defineOwn(sound, key, read(defaults, key));
  return sound;
}

/** Author data too large to walk, as an offence at the object holding it. */
function tooLarge(action: string, path: readonly PathSegment[]): Offence {
  return offence({
    action,
    path,
    code: "too_large",
    problem: `it holds more than ${MAX_VALUE_SIZE} values and characters (a shared value counts at every place)`,
    fix: "write smaller data, or stop nesting one shared value inside another.",
    kind: "default",
  });
}

/** A data problem as an offence at the object holding it, inside `prefix`. */
function problemOffence(action: string, prefix: readonly PathSegment[], problem: DataProblem, code: OffenceCode): Offence {
  const { problem: text, fix } = wordProblem(problem);
  const authorFix = fix.replace(/^send /, "write ");
  if (problem.code !== "invalid_value") {
    const key = "key" in problem ? { key: problem.key } : {};
    return offence({ action, path: [...prefix, ...problem.path], ...key, code, problem: text, fix: authorFix, kind: "default" });
  }
  const last = problem.path.at(-1);
  const where = typeof last === "number" ? { index: last } : { key: String(last) };
  const label = typeof last === "number" ? `entry ${last}` : JSON.stringify(last);
  return offence({
    action,
    path: [...prefix, ...problem.path.slice(0, -1)],
    ...where,
    code,
    problem: `${label} ${text}`,
    fix: authorFix,
    kind: "default",
  });
}
