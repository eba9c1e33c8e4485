/**
 * What `wymcp check` adds to its report for files it could check only in
 * part beyond unknown values (those are listed under "Partly evaluated"):
 * uses of wymcp it does not follow to a declaration, and a spent
 * evaluation budget. Never silence.
 */
import type { FileCheck } from "../check/file-check.js";
import { displayPath } from "../check/report.js";

/** One note, as printed and as JSON. */
export interface NoteEntry {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/**
 * Every note of every file, in file order.
 *
 * @example
 * ```ts
 * notesOf(checks, process.cwd()); // [{ file: "src/tools.ts", line: 3, column: 7, message: "defineTool is passed to a call: …" }]
 * ```
 */
export function notesOf(checks: readonly FileCheck[], cwd: string): NoteEntry[] {
  return checks.flatMap((check) =>
    (check.notes ?? []).map((note) => ({
      file: displayPath(check.fileName, cwd),
      line: note.line,
      column: note.column,
      message: note.message,
    })),
  );
}

/**
 * The text report with the notes inserted before its summary line.
 *
 * @example
 * ```ts
 * io.stdout(withNotes(checkText(checks, cwd), notesOf(checks, cwd)));
 * ```
 */
export function withNotes(text: string, notes: readonly NoteEntry[]): string {
  if (notes.length === 0) return text;
  const lines = text.split("\n");
  const summary = lines.pop() ?? ""; // split gives at least one line
  if (lines.length > 0 && lines.at(-1) === "") lines.pop();
  if (lines.length > 0) lines.push("");
  lines.push("Not fully checked (declarations made this way are validated when they are registered at run time):");
  for (const note of notes) lines.push(`  ${note.file}:${note.line}:${note.column}  ${note.message}`);
  lines.push("", summary);
  return lines.join("\n");
}
