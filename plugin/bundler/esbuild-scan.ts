/**
 * esbuild's end-of-build pass over the bundle's inputs (set up by
 * `esbuild-setup.ts`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BuildResult, Message, OnEndResult, PartialMessage, PluginBuild } from "esbuild";
import { offencesOf } from "../check/file-check.js";
import type { ModuleChecker } from "./module-checker.js";
import { offenceError } from "./fail.js";

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
export async function esbuildEnd(build: PluginBuild, result: BuildResult, checker: ModuleChecker, include: (id: string) => boolean, cwd: string): Promise<OnEndResult | undefined> {
  const errors: PartialMessage[] = [];
  const warnings: PartialMessage[] = [];
  checker.startBuild(true);
  try {
    for (const input of Object.keys(result.metafile?.inputs ?? {})) {
      // Inputs of other namespaces are written `namespace:path`; only files on disk are checked.
      if (/^[\w-]{2,}:/.test(input)) continue;
      const fileName = path.resolve(cwd, input);
      if (!include(fileName)) continue;
      const { check, warning } = await checker.check(fileName);
      if (warning !== undefined) warnings.push({ text: warning, location: { file: fileName } });
      if (check === undefined) continue;
      if (offencesOf(check).length === 0) continue;
      const { message, loc } = offenceError(check);
      errors.push({ text: message, location: { file: loc.file, line: loc.line, column: loc.column, lineText: lineText(loc.file, loc.line) } });
    }
  } finally {
    checker.endBuild();
  }
  if (errors.length === 0 && warnings.length === 0) return undefined;
  await report(build, errors, warnings);
  return { errors: errors as Message[], warnings: warnings as Message[] };
}

/**
 * Prints what the end-of-build pass found: esbuild fails the build with the
 * errors an `onEnd` callback returns but, unlike errors of the build itself,
 * does not log them, so a CLI user would see "Done" and a failed exit alone.
 */
async function report(build: PluginBuild, errors: PartialMessage[], warnings: PartialMessage[]): Promise<void> {
  const level = build.initialOptions.logLevel ?? "warning";
  if (level === "silent") return;
  const color = build.initialOptions.color ?? process.stderr.isTTY === true;
  const print = async (messages: PartialMessage[], kind: "error" | "warning") => {
    if (messages.length === 0) return;
    for (const text of await build.esbuild.formatMessages(messages, { kind, color })) process.stderr.write(text);
  };
  await print(errors, "error");
  if (level !== "error") await print(warnings, "warning");
}

/** The source line esbuild shows under a message (its code frame); empty when the file cannot be read. */
function lineText(file: string, line: number): string {
  try {
    return readFileSync(file, "utf8").split(/\r?\n/)[line - 1] ?? "";
  } catch {
    return "";
  }
}
