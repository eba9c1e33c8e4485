/**
 * A data problem as words: one sentence of what is wrong and one of how to
 * fix it. One wording for a call's data (answers), an author's examples and
 * defaults (offences) and a handler's result.
 */
import type { DataProblem } from "./data-check.js";
import { wordFailure, type Wording } from "./json-schema/value-wording.js";

/**
 * The wording of a data problem.
 *
 * @example
 * ```ts
 * wordProblem({ code: "missing_required", path: [], key: "name" });
 * // { problem: 'missing required key "name"', fix: 'add "name".' }
 * ```
 */
export function wordProblem(problem: DataProblem): Wording {
  switch (problem.code) {
    case "missing_required":
      return { problem: `missing required key ${JSON.stringify(problem.key)}`, fix: `add ${JSON.stringify(problem.key)}.` };
    case "no_required_group": {
      const groups = problem.groups.map((group) => JSON.stringify(group)).join(" or ");
      return { problem: `no requiredOneOf group is complete: send every key of ${groups}`, fix: `add every key of one group: ${groups}.` };
    }
    case "unknown_key": {
      const guess = problem.suggestion === undefined ? "" : ` (did you mean ${JSON.stringify(problem.suggestion)}?)`;
      const known = problem.declared === undefined ? "" : `; declared here: ${problem.declared.join(", ")}`;
      const fix = problem.suggestion === undefined ? "remove it." : `rename it to ${JSON.stringify(problem.suggestion)}, or remove it.`;
      return { problem: `unknown key ${JSON.stringify(problem.key)}${guess}${known}`, fix };
    }
    case "symbol_key":
      return { problem: `symbol key ${problem.key} is not data`, fix: "use string keys only." };
    case "unreadable":
      // The closure walk reports an object whose key list cannot be read with an empty key.
      return problem.key === ""
        ? { problem: "its keys cannot be read", fix: "send plain JSON data." }
        : { problem: `reading ${JSON.stringify(problem.key)} failed`, fix: "send plain JSON data." };
    case "invalid_value":
      return wordFailure(problem.failure);
  }
}
