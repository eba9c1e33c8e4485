/**
 * esbuild: one pass over the bundle's inputs when the build ends, instead
 * of a load hook per module. esbuild filters load hooks by path alone, so a
 * hook would carry every module of the project through JavaScript (about
 * 0.2 ms each) just to find the few that mention wymcp.
 *
 * The check needs the list of inputs, so the plugin turns on the metafile
 * (and takes it off the result again when the build did not ask for it). An
 * error returned at the end fails the build; as with any end-of-build error,
 * esbuild has already written the output files by then.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Message, PartialMessage, Plugin, PluginBuild } from "esbuild";
import { offencesOf } from "../mentions.js";
import type { ModuleChecker } from "./cache.js";
import { offenceError, tooDeepWarning } from "./fail.js";

/**
 * The setup function of the esbuild plugin.
 *
 * @example
 * ```ts
 * const plugin = { name: "wymcp", setup: esbuildSetup(checker, moduleFilter(options)) };
 * ```
 */
export function esbuildSetup(checker: ModuleChecker, include: (id: string) => boolean): Plugin["setup"] {
  return (build: PluginBuild) => {
    const wantsMetafile = build.initialOptions.metafile === true;
    build.initialOptions.metafile = true;
    const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
    build.onStart(() => {
      checker.prepare();
    });
    build.onEnd(async (result) => {
      const errors: PartialMessage[] = [];
      const warnings: PartialMessage[] = [];
      // One pass over a finished module list: nothing changes while it runs.
      checker.startBuild(true);
      try {
        for (const input of Object.keys(result.metafile?.inputs ?? {})) {
          // Inputs of other namespaces are written `namespace:path`; only files on disk are checked.
          if (/^[\w-]{2,}:/.test(input)) continue;
          const fileName = path.resolve(cwd, input);
          if (!include(fileName)) continue;
          const { check } = await checker.check(fileName);
          if (check === undefined) continue;
          const warning = tooDeepWarning(check);
          if (warning !== undefined) warnings.push({ text: warning, location: { file: fileName } });
          if (offencesOf(check).length === 0) continue;
          const { message, loc } = offenceError(check);
          errors.push({ text: message, location: { file: loc.file, line: loc.line, column: loc.column, lineText: lineText(loc.file, loc.line) } });
        }
      } finally {
        checker.endBuild();
        if (!wantsMetafile) delete (result as { metafile?: unknown }).metafile;
      }
      if (errors.length === 0 && warnings.length === 0) return undefined;
      await report(build, errors, warnings);
      return { errors: errors as Message[], warnings: warnings as Message[] };
    });
  };
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
