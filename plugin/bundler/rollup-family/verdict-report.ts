/**
 * A verdict, reported from a Vite, Rollup or Rolldown hook: the modules it
 * read are watched, and its offences fail the build.
 */
import type { UnpluginBuildContext, UnpluginContext } from "unplugin";
import type { ModuleVerdict } from "../checks/module-checker.js";
import { failBuild } from "../fail.js";
import { warningLine } from "../../check/warning-line.js";

/**
 * Watches what a verdict read, and fails the build on its offences (a
 * transform hook's answer: nothing, the code is unchanged).
 *
 * @example
 * ```ts
 * return reportVerdict(this, await checker.check(fileName));
 * ```
 */
export function reportVerdict(
  context: UnpluginBuildContext & UnpluginContext,
  { failure, filesRead, warning, warnings }: ModuleVerdict,
  warningsFail = false,
): undefined {
  // Rollup and Rolldown say when nothing is watched; Vite's dev server and every watch mode say otherwise.
  if ((context as { meta?: { watchMode?: boolean } }).meta?.watchMode !== false) for (const file of filesRead) watch(context, file);
  // Vite prints no location for a warning: the line carries it.
  const lines = (warnings ?? []).map((located) => `wymcp: ${warningLine(located)}`);
  const first = warnings?.[0];
  if (warningsFail && first !== undefined && failure === undefined) {
    context.error({
      message: lines.join("\n"),
      id: first.fileName,
      loc: { file: first.fileName, line: first.line, column: first.column - 1 },
      plugin: "wymcp",
    });
    return undefined;
  }
  for (const line of lines) context.warn(line);
  // What the check could not see is said, never passed silently.
  if (warning !== undefined) context.warn(warning);
  if (failure !== undefined) failBuild(context, failure);
}

/** Re-check a module when a constant it imports changes (watch mode). */
function watch(context: { addWatchFile(id: string): void }, file: string): void {
  try {
    context.addWatchFile(file);
  } catch {
    // Some bundlers allow watching only in some hooks; the check itself is unaffected.
  }
}
