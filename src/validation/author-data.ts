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
    const sound = isPlainObject(defaults) ? soundPart(defaults, keys, 1) : undefined;
    if (sound !== undefined)
      for (const problem of valueProblems(values, sound.part))
        offences.push(problemOffence(action, ["defaults"], problem, "invalid_default"));
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
      offences.push(...faults);
      // The rest of the example is checked as a call beside them, so one error names both; what concerns a key already
      // named (a required key, a requiredOneOf group holding it) is not named again.
      const sound = soundPart(example, faults, 2);
      if (sound === undefined) return;
      for (const problem of checkData(contract, sound.part).problems)
        if (!concerns(problem, sound.named)) offences.push(problemOffence(action, ["examples", index], problem, "invalid_example"));
    });
  }
  return offences;
}

/**
 * The part of author data (defaults, an example) that can be checked beside
 * the offences already found in it, so one error names all: every top-level
 * key with no offence at or below it (`named`: the others). `undefined`
 * when an offence concerns the data whole. `depth`: how many segments of an
 * offence's path lead to the data (`defaults`: 1; `examples[i]`: 2).
 */
function soundPart(data: object, found: readonly Offence[], depth: number): { part: object; named: ReadonlySet<unknown> } | undefined {
  if (found.length === 0) return { part: data, named: new Set() };
  const named = new Set<unknown>();
  for (const { path, key } of found) {
    if (path.length > depth) named.add(path[depth]);
    else if (key !== undefined) named.add(key);
    else return undefined;
  }
  const part: Record<string, unknown> = {};
  for (const key of Object.keys(data)) if (!named.has(key)) defineOwn(part, key, read(data, key));
  return { part, named };
}

/** Whether a problem of the sound part is about a top-level key left out of it (missing, or in a group). */
function concerns(problem: DataProblem, named: ReadonlySet<unknown>): boolean {
  if (named.size === 0 || problem.path.length > 0) return false;
  if (problem.code === "no_required_group") return problem.groups.some((group) => group.some((key) => named.has(key)));
  return problem.code === "missing_required" && named.has(problem.key);
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
