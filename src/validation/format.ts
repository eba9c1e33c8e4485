/**
 * Offences as text, made once at the edge: one line per offence, a tool's
 * label, and the message of an error naming them all.
 */
import type { Offence } from "./offence.js";
import { oneLine } from "../util/inspect.js";

/** How many offence lines an error message shows before "…and N more". */
const SHOWN_OFFENCES = 10;

/**
 * One offence as a line of text: `location: problem. Fix: fix`. Always one
 * line: the texts are escaped where they are made (author-chosen text such
 * as a symbol's description or a thrown message), and once more here, so
 * no offence — whoever made it — can forge a line of its own.
 */
export function offenceLine(offence: Offence): string {
  return oneLine(`${offence.location}: ${offence.problem}. Fix: ${offence.fix}`);
}

/** `tool "tasks"`, or a neutral label when the tool has no usable name. */
export function toolLabel(tool: string | undefined): string {
  return tool === undefined ? "tool <unnamed>" : `tool ${JSON.stringify(tool)}`;
}

/**
 * The message of an `ActionSchemaError`: a header counting the offences,
 * the first ten (already sorted) one per line, then "…and N more".
 *
 * @example
 * ```text
 * tool "tasks": 2 action-schema offences
 *   actions["create"]: unknown key "note". Fix: did you mean "notes"? Known keys: …
 *   actions["create"].required: "due" is not declared in properties. Fix: …
 * ```
 */
export function formatOffences(tool: string | undefined, offences: readonly Offence[]): string {
  const count = offences.length;
  const lines = [`${toolLabel(tool)}: ${count} action-schema ${count === 1 ? "offence" : "offences"}`];
  for (const offence of offences.slice(0, SHOWN_OFFENCES)) lines.push(`  ${offenceLine(offence)}`);
  if (count > SHOWN_OFFENCES) lines.push(`  …and ${count - SHOWN_OFFENCES} more`);
  return lines.join("\n");
}
