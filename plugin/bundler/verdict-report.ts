/**
 * A verdict, reported from a Vite, Rollup or Rolldown hook: the modules it
 * read are watched, and its offences fail the build.
 */
import type { UnpluginBuildContext, UnpluginContext } from "unplugin";
import { offencesOf } from "../check/file-check.js";
import type { ModuleVerdict } from "./module-checker.js";
import { failBuild } from "./fail.js";

/**
 * Watches what a verdict read, and fails the build on its offences (a
 * transform hook's answer: nothing, the code is unchanged).
 *
 * @example
 * ```ts
 * return reportVerdict(this, await checker.check(fileName));
 * ```
 */
export function reportVerdict(context: UnpluginBuildContext & UnpluginContext, { check, filesRead, warning }: ModuleVerdict): undefined {
  // Rollup and Rolldown say when nothing is watched; Vite's dev server and every watch mode say otherwise.
  if ((context as { meta?: { watchMode?: boolean } }).meta?.watchMode !== false) for (const file of filesRead) watch(context, file);
  // What the check could not see is said, never passed silently (Vite prints no location for warnings: it is in the text).
  if (warning !== undefined) context.warn(warning);
  if (check === undefined) return undefined;
  if (offencesOf(check).length === 0) return undefined;
  return failBuild(context, check);
}

/** Re-check a module when a constant it imports changes (watch mode). */
function watch(context: { addWatchFile(id: string): void }, file: string): void {
  try {
    context.addWatchFile(file);
  } catch {
    // Some bundlers allow watching only in some hooks; the check itself is unaffected.
  }
}
