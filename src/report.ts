/**
 * The parts of an error report, made from data once: data problems as data
 * paths with one sentence each, offences with their formatted line, the
 * schema summary a caller needs to write valid data.
 */
import type { CheckedActionSchema } from "./action-schema.js";
import type { ActionSummary, ErrorReport, OffenceReport, Problem } from "./answer.js";
import type { ActionSchemaError } from "./errors.js";
import { offenceLine } from "./format.js";
import type { DataProblem } from "./gate.js";
import { dataPathOf, type Offence } from "./offence.js";
import { defaultsOf, requiredOf, requiredOneOfOf } from "./schema-read.js";

/** How many problems an error answer lists before counting the rest. */
const SHOWN_PROBLEMS = 50;

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
 * A data problem as a client reads it: its place as a data path and one
 * sentence saying what to change.
 *
 * @example
 * ```ts
 * problemReport({ code: "missing_required", path: [], key: "name" });
 * // { code: "missing_required", at: "data", key: "name", problem: 'missing required key "name"' }
 * ```
 */
export function problemReport(problem: DataProblem): Problem {
  const at = dataPathOf(problem.path);
  switch (problem.code) {
    case "missing_required":
      return { code: problem.code, at, key: problem.key, problem: `missing required key ${JSON.stringify(problem.key)}` };
    case "no_required_group": {
      const groups = problem.groups.map((group) => JSON.stringify(group)).join(" or ");
      return { code: problem.code, at, problem: `no requiredOneOf group is complete: send every key of ${groups}` };
    }
    case "unknown_key": {
      const guess = problem.suggestion === undefined ? "" : ` (did you mean ${JSON.stringify(problem.suggestion)}?)`;
      const known = problem.declared === undefined ? "" : `; declared here: ${problem.declared.join(", ")}`;
      return { code: problem.code, at, key: problem.key, problem: `unknown key ${JSON.stringify(problem.key)}${guess}${known}` };
    }
    case "symbol_key":
      return { code: problem.code, at, key: problem.key, problem: `symbol key ${problem.key} is not data` };
    case "unreadable":
      // The closure walk reports an object whose key list cannot be read with an empty key.
      return problem.key === ""
        ? { code: problem.code, at, problem: "its keys cannot be read" }
        : { code: problem.code, at, key: problem.key, problem: `reading ${JSON.stringify(problem.key)} failed` };
  }
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
export function cappedProblems(problems: readonly Problem[]): Pick<ErrorReport, "problems" | "moreProblems"> {
  if (problems.length <= SHOWN_PROBLEMS) return { problems };
  return { problems: problems.slice(0, SHOWN_PROBLEMS), moreProblems: problems.length - SHOWN_PROBLEMS };
}

