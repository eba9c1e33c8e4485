/**
 * esbuild's end-of-build pass over the bundle's inputs (set up by
 * `esbuild-setup.ts`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BuildResult, OnEndResult, PartialMessage, PluginBuild } from "esbuild";
import type { BuildTally } from "../build-summary.js";
import { isNamespaced } from "../resolution/bundler-resolvers.js";
import { metafileFile } from "../resolution/metafile-paths.js";
import { checkedInOrder } from "../verdicts/checked-in-order.js";
import { warningLocation } from "../fail.js";
import type { ModuleChecker } from "../checks/module-checker.js";
import { warningLine } from "../../check/warning-line.js";

/**
 * The end-of-build pass: checks every input the filter accepts and answers
 * the errors and warnings that fail or annotate the build (printed here too,
 * as esbuild does not print what an `onEnd` callback returns).
 *
 * @example
 * ```ts
 * build.onEnd((result) => esbuildEnd(build, result, checker, include, cwd));
 * ```
 */
export async function esbuildEnd(
  build: PluginBuild,
  result: BuildResult,
  checker: ModuleChecker,
  include: (id: string) => boolean,
  cwd: string,
  tally: BuildTally,
): Promise<OnEndResult | undefined> {
  const errors: PartialMessage[] = [];
  const warnings: PartialMessage[] = [];
  // The files esbuild bundled for each import: the check reads the same ones, and no module whose imports never reach wymcp.
  checker.startBuild(true, { metafile: result.metafile, cwd });
  try {
    const files: string[] = [];
    for (const input of Object.keys(result.metafile?.inputs ?? {})) {
      // Inputs of other namespaces are written `namespace:path`; only files on disk are checked.
      if (isNamespaced(input)) continue;
      const fileName = metafileFile(cwd, input);
      const included = include(fileName);
      tally.module(included);
      if (included) files.push(fileName);
    }
    const verdicts = checkedInOrder(files, (fileName) => checker.check(fileName), checker.concurrency, checker.runsAhead);
    for await (const [, verdict] of verdicts) {
      tally.verdict(verdict);
      for (const located of verdict.warnings ?? []) {
        const where = {
          file: located.fileName,
          line: located.line,
          column: located.column - 1,
          lineText: lineText(located.fileName, located.line),
        };
        (checker.lint?.errors === true ? errors : warnings).push({ text: `wymcp: ${warningLine(located)}`, location: where });
      }
      const { failure, warning } = verdict;
      if (warning !== undefined) warnings.push({ text: warning, location: partlyCheckedAt(warning) });
      if (failure === undefined) continue;
      const { message, loc } = failure;
      // esbuild prints the column it is given and puts its caret under that index of the line: the line is
      // given one space to the right, so the header counts from 1 as the message does and the caret stays put.
      errors.push({
        text: message,
        location: { file: loc.file, line: loc.line, column: loc.column, lineText: ` ${lineText(loc.file, loc.line)}` },
      });
    }
  } finally {
    checker.endBuild();
  }
  const includeWarning = tally.includeWarning();
  if (includeWarning !== undefined) warnings.push({ text: includeWarning });
  // The warnings first: the summary line closes what the check printed.
  if (errors.length > 0 || warnings.length > 0) await report(build, errors, warnings);
  if (errors.length === 0 && result.errors.length === 0) summarize(build, tally.summary());
  return errors.length === 0 && warnings.length === 0 ? undefined : { errors, warnings };
}

/**
 * Prints a clean build's summary line, unless the build asked for errors
 * only or silence: at the JavaScript API's default level (`warning`) too,
 * where esbuild itself prints nothing on success, so a checked build says so.
 */
function summarize(build: PluginBuild, line: string | undefined): void {
  const level = build.initialOptions.logLevel ?? "warning";
  if (line === undefined || level === "silent" || level === "error") return;
  process.stderr.write(`${line}\n`);
}

/**
 * Prints what the end-of-build pass found: esbuild fails the build with the
 * errors an `onEnd` callback returns but, unlike errors of the build itself,
 * does not log them, so a CLI user would see "Done" and a failed exit alone.
 */
async function report(build: PluginBuild, errors: PartialMessage[], warnings: PartialMessage[]): Promise<void> {
  const level = build.initialOptions.logLevel ?? "warning";
  if (level === "silent") return;
  // Node types isTTY as boolean, but it is undefined when stderr is a file or a pipe.
  const color = build.initialOptions.color ?? (process.stderr.isTTY as boolean | undefined) === true;
  const print = async (messages: PartialMessage[], kind: "error" | "warning") => {
    if (messages.length === 0) return;
    for (const text of await build.esbuild.formatMessages(messages, { kind, color })) process.stderr.write(text);
  };
  await print(errors, "error");
  if (level !== "error") await print(warnings, "warning");
}

/** The partly-checked warning's location for esbuild: its first part's line (never a frame at 0:0), or none. */
function partlyCheckedAt(warning: string): PartialMessage["location"] {
  const at = warningLocation(warning);
  if (at === undefined) return null;
  const file = path.resolve(at.file); // displayPath wrote it relative to the working directory
  return { file, line: at.line, column: at.column - 1, lineText: lineText(file, at.line) };
}

/** The source line esbuild shows under a message (its code frame); empty when the file cannot be read. */
function lineText(file: string, line: number): string {
  try {
    return readFileSync(file, "utf8").split(/\r?\n/)[line - 1] ?? "";
  } catch {
    return "";
  }
}
