/**
 * The call gate's data check: every problem of a call's data as received,
 * in one list — missing `required` keys, no satisfied `requiredOneOf` group,
 * every key the closure refuses at any depth, and every value its property
 * schema refuses. The contract is the one compiled when the schema was
 * obtained (`contractOf`), so the gate, the defaults and examples checks and
 * help share one definition of "valid data".
 */
import { contractOf, type CheckedActionSchema } from "../action-schema.js";
import { checkData, type CheckedData, type DataProblem } from "../validation/data-check.js";

export type { DataProblem } from "../validation/data-check.js";

/**
 * Every problem of `data` (a plain object) against a checked action schema.
 * Reads the data without letting foreign code throw out of the gate.
 *
 * @example
 * ```ts
 * const found = fetchSchema(tasks, "create");
 * if (found.ok) dataProblems(found.schema, { nmae: "x" });
 * // [{ code: "missing_required", path: [], key: "name" },
 * //  { code: "unknown_key", path: [], key: "nmae", suggestion: "name", … }]
 * ```
 */
export function dataProblems(schema: CheckedActionSchema, data: object): DataProblem[] {
  return checkData(contractOf(schema), data).problems;
}

/**
 * The gate's answer for a call: the first `limit` problems named, the rest
 * only counted — a refusal costs about what the call's size costs, however
 * many problems it carries.
 *
 * @example
 * ```ts
 * gateProblems(schema, hostileData, 50); // { problems: (the first 50, sorted), unnamed: 129_950 }
 * ```
 */
export function gateProblems(schema: CheckedActionSchema, data: object, limit: number): CheckedData {
  return checkData(contractOf(schema), data, limit);
}
