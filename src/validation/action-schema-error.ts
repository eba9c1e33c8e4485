import { formatOffences } from "./format.js";
import { compareOffences, type Offence } from "./offence.js";

/**
 * One error naming every offence of a tool's action declarations, sorted
 * (shape before default offences, then by action and location). Thrown by
 * `validate`, `checkMandatoryKeys`, `fetchSchema` and `fetchSchemas`.
 *
 * @example
 * ```ts
 * try {
 *   validate(tool);
 * } catch (error) {
 *   if (error instanceof ActionSchemaError) console.error(error.offences.map((o) => o.location));
 *   else throw error;
 * }
 * ```
 */
export class ActionSchemaError extends TypeError {
  override readonly name = "ActionSchemaError";
  /** The tool's name, when it has a string one. */
  readonly tool: string | undefined;
  /** Every offence, sorted as the message lists them. */
  readonly offences: readonly Offence[];

  constructor(tool: string | undefined, offences: readonly Offence[]) {
    const sorted = [...offences].sort(compareOffences);
    super(formatOffences(tool, sorted));
    this.tool = tool;
    this.offences = sorted;
  }
}
