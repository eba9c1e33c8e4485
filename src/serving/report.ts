/**
 * The parts of an error report, made from data once: data problems as data
 * paths with one sentence each, offences with their formatted line, the
 * schema summary a caller needs to write valid data.
 */
import type { CheckedActionSchema } from "../validation/obtaining.js";
import type { ActionSummary, ErrorReport, OffenceReport, Problem } from "./answer.js";
import type { ActionSchemaError } from "../validation/action-schema-error.js";
import { offenceLine } from "../validation/format.js";
import type { DataProblem } from "../validation/data-check.js";
import { wordProblem } from "../validation/problem-wording.js";
import { dataPathOf, type Offence } from "../validation/offence.js";
import { defaultsOf, requiredOf, requiredOneOfOf } from "../validation/schema-read.js";
import { echo, echoWords, MAX_ECHOED_CHARS } from "../util/echo.js";

/** How many problems an error answer lists before counting the rest. */
export const SHOWN_PROBLEMS = 50;

/** The summary of a checked schema: what a caller needs to write valid data. */
export function actionSummary(action: string, schema: CheckedActionSchema): ActionSummary {
  const required = requiredOf(schema);
  const requiredOneOf = requiredOneOfOf(schema);
  const defaults = defaultsOf(schema);
  return {
    action,
    description: schema.description,
    properties: schema.properties,
    ...(required.length === 0 ? {} : { required }),
    ...(requiredOneOf.length === 0 ? {} : { requiredOneOf }),
    ...(defaults === undefined ? {} : { defaults }),
  };
}

/** Offences as a client sees them, each with its formatted line. */
function offenceReports(offences: readonly Offence[]): OffenceReport[] {
  return offences.map((offence) => ({
    code: offence.code,
    location: offence.location,
    problem: offence.problem,
    fix: offence.fix,
    line: offenceLine(offence),
  }));
}

/**
 * A data problem as a client reads it: its place as a data path, one
 * sentence of what is wrong and one of what to change.
 *
 * @example
 * ```ts
 * problemReport({ code: "missing_required", path: [], key: "name" });
 * // { code: "missing_required", at: "data", key: "name", problem: 'missing required key "name"', fix: 'add "name".' }
 * ```
 */
export function problemReport(problem: DataProblem, root = "data"): Problem {
  problem = quotable(problem);
  const { problem: text, fix } = wordProblem(problem);
  const at = dataPathOf(problem.path, root);
  if (problem.code === "invalid_value") return { code: problem.code, at, keyword: problem.failure.keyword, problem: text, fix };
  // The closure walk reports an object whose key list cannot be read with an empty key.
  const key = "key" in problem && !(problem.code === "unreadable" && problem.key === "") ? { key: problem.key } : {};
  return { code: problem.code, at, ...key, problem: text, fix };
}

/**
 * The problem with the caller's own text in it — keys, the keys on its path,
 * the validator's sentence — cut to what an answer quotes (`echo`): a 1 MiB
 * key is named by its first characters, and a key on the path of fifty
 * problems is not repeated fifty times in full.
 */
function quotable(problem: DataProblem): DataProblem {
  const long = (segment: unknown) => typeof segment === "string" && segment.length > MAX_ECHOED_CHARS;
  const path = problem.path.some(long)
    ? problem.path.map((segment) => (typeof segment === "string" ? echo(segment) : segment))
    : problem.path;
  if (problem.code === "invalid_value") {
    const { failure } = problem;
    const message = echoWords(failure.message);
    return path === problem.path && message === failure.message ? problem : { ...problem, path, failure: { ...failure, message } };
  }
  if ("key" in problem && long(problem.key)) return { ...problem, path, key: echo(problem.key) };
  return path === problem.path ? problem : { ...problem, path };
}

/**
 * What an obtaining failure says: `malformed_action` when action schemas
 * fail their check, `malformed_tool` when the action record itself cannot be
 * obtained, with every offence.
 */
export function malformedReport(error: ActionSchemaError): Pick<ErrorReport, "error" | "message" | "offences"> {
  const whole = error.offences.some((offence) => offence.action === null);
  return { error: whole ? "malformed_tool" : "malformed_action", message: error.message, offences: offenceReports(error.offences) };
}

/** Caps a problem list so a hostile call cannot make the answer huge. */
export function cappedProblems(problems: readonly Problem[], counted = 0): Pick<ErrorReport, "problems" | "moreProblems"> {
  const more = Math.max(0, problems.length - SHOWN_PROBLEMS) + counted;
  return more === 0 ? { problems } : { problems: problems.slice(0, SHOWN_PROBLEMS), moreProblems: more };
}
