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
import { parseArgs, USAGE } from "./args.js";
import { collectFiles } from "./files.js";
import { notesOf, withNotes } from "./notes.js";
import { checkReport, checkText } from "./output.js";

/** Where the command writes, and the directory paths are resolved from. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
}

/**
 * Runs the command line and returns the exit code: 0 no offences, 1
 * offences found, 2 usage error or a build-time package missing (one line
 * naming what to install).
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
      io.stderr(`wymcp: ${command.message}\n\n${USAGE}`);
      return 2;
    case "check":
      break;
  }
  const list = collectFiles(command.paths, io.cwd);
  if ("missing" in list) {
    io.stderr(`wymcp: no such file or directory: ${list.missing}`);
    return 2;
  }
  const host = diskHost();
  const checks: FileCheck[] = [];
  for (const file of list.files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      io.stderr(`wymcp: cannot read ${file}: ${(error as Error).message}`);
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
  const notes = notesOf(checks, io.cwd);
  io.stdout(command.format === "json" ? JSON.stringify({ ...checkReport(checks, io.cwd), notes }, null, 2) : withNotes(checkText(checks, io.cwd), notes));
  return checks.some((check) => check.declarations.some((declaration) => declaration.offences.length > 0)) ? 1 : 0;
}
