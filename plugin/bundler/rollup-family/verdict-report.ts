/**
 * A verdict, reported from a Vite, Rollup or Rolldown hook: the modules it
 * read are watched, and its offences fail the build.
 */
import type { UnpluginBuildContext, UnpluginContext } from "unplugin";
import type { ModuleVerdict } from "../checks/module-checker.js";
import { failBuild, type OffenceError } from "../fail.js";
import { warningLine } from "../../check/warning-line.js";

/**
 * Watches what a verdict read, and fails the build on its offences (a
 * transform hook's answer: nothing, the code is unchanged). Given `failures`,
 * the offences are added there instead, for one error at the build's end
 * (`failBuildOnce`): a hook can throw only one.
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
  failures?: OffenceError[],
): undefined {
  const fail = (error: OffenceError) => (failures === undefined ? failBuild(context, error) : failures.push(error));
  // Rollup and Rolldown say when nothing is watched; Vite's dev server and every watch mode say otherwise.
  if ((context as { meta?: { watchMode?: boolean } }).meta?.watchMode !== false) for (const file of filesRead) watch(context, file);
  // Vite prints no location for a warning: the line carries it.
  const lines = (warnings ?? []).map((located) => `wymcp: ${warningLine(located)}`);
  const first = warnings?.[0];
  if (warningsFail && first !== undefined && failure === undefined) {
    fail({
      message: lines.join("\n"),
      fileName: first.fileName,
      loc: { file: first.fileName, line: first.line, column: first.column - 1 },
    });
    return undefined;
  }
  for (const line of lines) context.warn(line);
  // What the check could not see is said, never passed silently.
  if (warning !== undefined) context.warn(warning);
  if (failure !== undefined) fail(failure);
  return undefined;
}

/**
 * Fails the build once with every file's offences (in the order the files
 * were checked); the bundler's header points at the first.
 *
 * @example
 * ```ts
 * failBuildOnce(this, failures); // at buildEnd, after reportVerdict(this, verdict, false, failures) for each module
 * ```
 */
export function failBuildOnce(context: UnpluginBuildContext & UnpluginContext, failures: readonly OffenceError[]): void {
  const [first] = failures;
  if (first === undefined) return;
  failBuild(context, { ...first, message: failures.map((failure) => failure.message).join("\n") });
}

/** Re-check a module when a constant it imports changes (watch mode). */
function watch(context: { addWatchFile(id: string): void }, file: string): void {
  try {
    context.addWatchFile(file);
  } catch {
    // Some bundlers allow watching only in some hooks; the check itself is unaffected.
  }
}
