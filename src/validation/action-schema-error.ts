/**
 * The error that names every offence of a tool's action declarations:
 * data first (its sorted offences), the message made from them once.
 */
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
  override readonly name: string = "ActionSchemaError";
  /** The tool's name, when it has a string one. */
  declare readonly tool: string | undefined;
  /** Every offence, sorted as the message lists them. */
  declare readonly offences: readonly Offence[];

  constructor(tool: string | undefined, offences: readonly Offence[]) {
    const sorted = [...offences].sort(compareOffences);
    super(formatOffences(tool, sorted));
    // Read-only and not enumerable: an uncaught error (a bad tool at start-up) is printed by its message, which
    // lists every offence, without Node's inspector dumping the same offences again as objects.
    Object.defineProperties(this, { tool: { value: tool }, offences: { value: sorted } });
  }
}
