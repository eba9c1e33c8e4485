/**
 * Offences as text, shared by every bundler and the CLI: one line per
 * offence, `file:line:col  location: problem. Fix: …`, grouped by tool.
 */
import path from "node:path";
import { offenceLine, toolLabel } from "../../src/internal.js";
import { positionOf } from "../evaluator/ast.js";
import { offencesOf, type FileCheck } from "./file-check.js";
import type { LocatedOffence } from "./locate.js";

/** A file name as users read it: relative to `cwd` when inside it. */
export function displayPath(fileName: string, cwd: string = process.cwd()): string {
  const relative = path.relative(cwd, fileName);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : fileName;
}

/**
 * One offence as a line: `src/tools.ts:12:7  actions["create"]: unknown key "note". Fix: …`
 *
 * @example
 * ```ts
 * located.map((offence) => locatedLine(offence)).join("\n");
 * ```
 */
export function locatedLine(located: LocatedOffence, cwd?: string): string {
  return `${displayPath(located.fileName, cwd)}:${located.line}:${located.column}  ${offenceLine(located.offence)}`;
}

/**
 * Offences in the order an editor shows them: those in `fileName` by line and
 * column, then those located in other files (an imported constant), by file.
 * Offences at one position keep validation's order.
 *
 * @example
 * ```ts
 * inSourceOrder(offencesOf(check), check.fileName)[0]; // the one the header names
 * ```
 */
export function inSourceOrder(offences: readonly LocatedOffence[], fileName: string): LocatedOffence[] {
  const rank = (offence: LocatedOffence) => (offence.fileName === fileName ? 0 : 1);
  return [...offences].sort(
    (a, b) =>
      rank(a) - rank(b) || (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0) || a.line - b.line || a.column - b.column,
  );
}

/**
 * A file's offences as one message: a header, then each tool and every one
 * of its offences in source order (none left out: a build error names them all).
 *
 * @example
 * ```text
 * wymcp: 2 action-schema offences in src/tools.ts
 * tool "tasks" (src/tools.ts:4:23)
 *   src/tools.ts:8:7  actions["create"]: unknown key "note". Fix: did you mean "notes"? …
 *   src/tools.ts:9:17  actions["create"].required: "due" is not declared in properties. Fix: …
 * ```
 */
export function formatFileCheck(check: FileCheck, cwd?: string): string {
  const count = offencesOf(check).length;
  const lines = [`wymcp: ${count} action-schema ${count === 1 ? "offence" : "offences"} in ${displayPath(check.fileName, cwd)}`];
  for (const { declaration, offences } of check.declarations) {
    if (offences.length === 0) continue;
    const at = positionOf(declaration.call);
    lines.push(`${toolLabel(declaration.name)} (${displayPath(at.fileName, cwd)}:${at.line}:${at.column})`);
    for (const offence of inSourceOrder(offences, check.fileName)) lines.push(`  ${locatedLine(offence, cwd)}`);
  }
  return lines.join("\n");
}
