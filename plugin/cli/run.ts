/**
 * `wymcp check`, as a function: arguments in, text out, exit code back —
 * so it runs the same from the `wymcp` binary and from a test.
 */
import { readFileSync } from "node:fs";
import { checkSource } from "../check/check.js";
import type { FileCheck } from "../check/file-check.js";
import { diskHost } from "../evaluator/modules.js";
import { isMissingPeer } from "../evaluator/parser.js";
import { wymcpVersion } from "../package.js";
import { HELP_POINTER, parseArgs, USAGE, type CheckCommand } from "./args.js";
import { collectFiles, type FileList, type NotRead } from "./files.js";
import { notesOf, withNotes } from "./notes.js";
import { checkReport, checkText } from "./output.js";
import { printable } from "./printable.js";
import { lintFile, toolCountWarnings } from "../check/provider/check.js";
import { warningsReport, warningsText } from "./lint-output.js";

/** Where the command writes, and the directory paths are resolved from. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
}

/**
 * Runs the command line and returns the exit code: 0 no offences, 1
 * offences found, a file not checked for its size or depth (or provider
 * warnings with `--target-errors`), 2 usage error or a build-time package
 * missing (one line naming what to install).
 *
 * @example
 * ```ts
 * const code = run(["check", "src"], { stdout: console.log, stderr: console.error, cwd: process.cwd() });
 * ```
 */
export function run(argv: readonly string[], io: CliIo): number {
  const command = parseArgs(argv);
  switch (command.kind) {
    case "help":
      io.stdout(USAGE);
      return 0;
    case "version":
      io.stdout(wymcpVersion() ?? "unknown");
      return 0;
    case "usage-error":
      io.stderr(`wymcp: ${printable(command.message)}\n${HELP_POINTER}`);
      return 2;
    case "tsc":
      io.stderr("wymcp: wymcp tsc runs from the wymcp binary (runCommand), not from run()");
      return 2;
    case "check":
      if (command.project !== undefined) {
        io.stderr("wymcp: check --project runs from the wymcp binary (runCommand), not from run()");
        return 2;
      }
      break;
  }
  let list: FileList;
  try {
    list = collectFiles(command.paths, io.cwd);
  } catch (error) {
    io.stderr(`wymcp: ${printable(walkFailure(error))}`);
    return 2;
  }
  if ("missing" in list) {
    io.stderr(`wymcp: no such file or directory: ${printable(list.missing)}\n${HELP_POINTER}`);
    return 2;
  }
  const host = diskHost();
  const checks: FileCheck[] = [];
  for (const file of list.files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      io.stderr(`wymcp: cannot read ${printable(file)}: ${printable((error as Error).message)}`);
      return 2;
    }
    try {
      checks.push(checkSource(file, text, host));
    } catch (error) {
      if (!isMissingPeer(error)) throw error;
      io.stderr(error.message);
      return 2;
    }
  }
  return report(checks, command, io, list.notRead);
}

/**
 * Prints the report of finished checks and returns the exit code (shared
 * with `wymcp check --project`, whose files come from a tsconfig).
 */
export function report(checks: readonly FileCheck[], command: CheckCommand, io: CliIo, notRead: readonly NotRead[] = []): number {
  const notes = notesOf(checks, io.cwd);
  const { lint } = command;
  const warnings = lint === undefined ? [] : [...checks.flatMap((check) => lintFile(check, lint)), ...toolCountWarnings(checks, lint)];
  io.stdout(
    command.format === "json"
      ? JSON.stringify({ ...checkReport(checks, io.cwd, notRead), notes, ...warningsReport(warnings, command.lint, io.cwd) }, null, 2)
      : withNotes(checkText(checks, io.cwd, notRead), notes) + warningsText(warnings, command.lint, io.cwd),
  );
  const offences = checks.some((check) => check.declarations.some((declaration) => declaration.offences.length > 0));
  return offences || unchecked(checks) || (command.lint?.errors === true && warnings.length > 0) ? 1 : 0;
}

/**
 * Whether a file went unchecked that would otherwise pass: nested too
 * deeply or too large to parse, or refused by the parser while a bundler
 * may build it. A syntax error is left to the compiler and the bundler,
 * which fail on it themselves.
 */
function unchecked(checks: readonly FileCheck[]): boolean {
  return checks.some((check) => check.skipped !== undefined && check.skipped.reason !== "syntax-error");
}

/** Why the folders could not be walked, in one line: the `ignore` package missing, or a folder that cannot be listed. */
function walkFailure(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === "MODULE_NOT_FOUND" && String(message).includes("'ignore'"))
    return 'the package "ignore" (an optional dependency of wymcp, to read .gitignore files) is not installed: run npm install ignore';
  return `cannot list the files to check: ${String(message)}`;
}
