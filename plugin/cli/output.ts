/**
 * What `wymcp check` prints: one line per offence and a summary for
 * people, one JSON document for machines; both list the declarations that
 * could only be partly evaluated and what was unknown in them.
 */
import { positionOf, type Node } from "../evaluator/ast.js";
import type { Offence } from "../../src/index.js";
import type { FileCheck, SkippedFile } from "../check/file-check.js";
import { displayPath, inSourceOrder, locatedLine } from "../check/report.js";
import type { NotRead } from "./files.js";
import { printable } from "./printable.js";

/** A source position as printed: path relative to the working directory, 1-based line and column. */
export interface Position {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** The JSON output. */
export interface CheckReport {
  readonly offences: readonly (Position & { readonly tool: string | null } & Omit<Offence, "path"> & {
      readonly path: readonly (string | number)[];
    })[];
  readonly partial: readonly (Position & {
    readonly tool: string | null;
    /** Offences found but not reported because they depend on an unknown part. */
    readonly unchecked: number;
    readonly unknowns: readonly (Position & { readonly text: string; readonly reason: string })[];
  })[];
  readonly summary: { readonly files: number; readonly declarations: number; readonly offences: number; readonly partial: number };
  /** The files that could not be checked: a syntax error, a source nested too deeply or too large to parse, or one the parser fails on. */
  readonly skipped: readonly {
    readonly file: string;
    readonly line?: number;
    readonly column?: number;
    readonly reason: SkippedFile["reason"];
    readonly message: string;
  }[];
  /**
   * The paths met but not read: a named file that is not a module, a FIFO or
   * other non-regular file, a symbolic link leading out or nowhere.
   */
  readonly notRead: readonly NotRead[];
}

/**
 * The machine-readable report.
 *
 * @example
 * ```ts
 * JSON.stringify(checkReport(checks, process.cwd()), null, 2);
 * ```
 */
export function checkReport(checks: readonly FileCheck[], cwd: string, notRead: readonly NotRead[] = []): CheckReport {
  const declarations = checks.flatMap((check) => check.declarations);
  // Each tool's offences in source order, as every bundler lists them.
  const offences = checks.flatMap((check) =>
    check.declarations.flatMap(({ declaration, offences: located }) =>
      inSourceOrder(located, check.fileName).map((entry) => ({
        file: displayPath(entry.fileName, cwd),
        line: entry.line,
        column: entry.column,
        tool: declaration.name ?? null,
        ...entry.offence,
      })),
    ),
  );
  const partial = declarations
    .filter(({ declaration }) => declaration.unknowns.length > 0)
    .map(({ declaration, uncertain }) => ({
      ...position(declaration.call, cwd),
      tool: declaration.name ?? null,
      unchecked: uncertain.length,
      unknowns: declaration.unknowns.map((unknown) => ({ ...position(unknown.node, cwd), text: unknown.text, reason: unknown.reason })),
    }));
  const skipped = checks.flatMap(({ fileName, skipped: why }) =>
    why === undefined
      ? []
      : [
          {
            file: displayPath(fileName, cwd),
            ...(why.line === undefined ? {} : { line: why.line, column: why.column }),
            reason: why.reason,
            message: why.message,
          },
        ],
  );
  return {
    offences,
    partial,
    summary: { files: checks.length, declarations: declarations.length, offences: offences.length, partial: partial.length },
    skipped,
    notRead,
  };
}

/**
 * The report for people: every offence line, the partly evaluated
 * declarations, and a summary line.
 *
 * @example
 * ```text
 * src/tools.ts:12:7  actions["create"]: unknown key "descripton". Fix: did you mean "description"? …
 *
 * 1 action-schema offence in 1 file (3 files checked, 2 tool declarations).
 * ```
 */
export function checkText(checks: readonly FileCheck[], cwd: string, notRead: readonly NotRead[] = []): string {
  const report = checkReport(checks, cwd, notRead);
  const lines = checks.flatMap((check) =>
    check.declarations.flatMap(({ offences }) =>
      inSourceOrder(offences, check.fileName).map((offence) =>
        printableLine(locatedLine(offence, cwd), displayPath(offence.fileName, cwd)),
      ),
    ),
  );
  if (report.partial.length > 0) {
    if (lines.length > 0) lines.push("");
    lines.push("Partly evaluated (offences that depend on these parts are left to the registration check at run time):");
    for (const declaration of report.partial) {
      const unchecked =
        declaration.unchecked > 0
          ? `, ${declaration.unchecked} possible ${declaration.unchecked === 1 ? "offence" : "offences"} not reported`
          : "";
      const tool = declaration.tool === null ? "tool <unnamed>" : `tool ${JSON.stringify(declaration.tool)}`;
      lines.push(`  ${printable(at(declaration))}  ${tool}${unchecked}`);
      for (const unknown of declaration.unknowns) lines.push(`    ${printable(at(unknown))}  ${unknown.text}: ${unknown.reason}`);
    }
  }
  if (report.skipped.length > 0) {
    if (lines.length > 0) lines.push("");
    lines.push("Not checked (their tools are still validated when they are registered at run time):");
    for (const file of report.skipped) {
      const where = file.line === undefined ? file.file : `${file.file}:${file.line}:${String(file.column)}`;
      lines.push(`  ${printable(where)}  ${file.reason === "syntax-error" ? `syntax error: ${file.message}` : file.message}`);
    }
  }
  if (report.notRead.length > 0) {
    if (lines.length > 0) lines.push("");
    lines.push("Not read:");
    for (const entry of report.notRead) lines.push(`  ${printable(entry.file)}  ${printable(entry.message)}`);
  }
  if (lines.length > 0) lines.push("");
  lines.push(summaryLine(checks, report));
  return lines.join("\n");
}

function summaryLine(checks: readonly FileCheck[], report: CheckReport): string {
  const { files, declarations, offences } = report.summary;
  const scope = `${plural(files - report.skipped.length, "file")} checked, ${plural(declarations, "tool declaration")}`;
  const skipped = report.skipped.length === 0 ? "" : ` ${plural(report.skipped.length, "file")} not checked (listed above).`;
  if (offences === 0) return `No action-schema offences (${scope}).${skipped}`;
  const failing = checks.filter((check) => check.declarations.some((declaration) => declaration.offences.length > 0)).length;
  return `${plural(offences, "action-schema offence")} in ${plural(failing, "file")} (${scope}).${skipped}`;
}

/** An offence line with its file name made printable (the line starts with it). */
function printableLine(line: string, shownPath: string): string {
  return line.startsWith(shownPath) ? printable(shownPath) + line.slice(shownPath.length) : printable(line);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function at(position: Position): string {
  return `${position.file}:${position.line}:${position.column}`;
}

function position(node: Node, cwd: string): Position {
  const { fileName, line, column } = positionOf(node);
  return { file: displayPath(fileName, cwd), line, column };
}
