/**
 * The call gate's data check: every problem of a call's data as received,
 * in one list — missing `required` keys, no satisfied `requiredOneOf` group,
 * every key the closure refuses at any depth, and every value its property
 * schema refuses. The contract is the one compiled when the schema was
 * obtained (`contractOf`), so the gate, the defaults and examples checks and
 * help share one definition of "valid data".
 */
import { contractOf, type CheckedActionSchema } from "../validation/obtaining.js";
import { checkData, type CheckedData } from "../validation/data-check.js";

export type { DataProblem } from "../validation/data-check.js";

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
