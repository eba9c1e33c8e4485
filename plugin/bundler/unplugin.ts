/**
 * The one bundler plugin behind `wymcp/vite`, `wymcp/rollup`,
 * `wymcp/rolldown`, `wymcp/esbuild`, `wymcp/webpack` and `wymcp/rspack`: it
 * checks every tool declaration of every module it sees and fails the build
 * with every offence at its source position. It never changes code: a clean
 * module passes through untouched (no code, no source map).
 */
import { readFileSync } from "node:fs";
import { createUnplugin, type UnpluginInstance } from "unplugin";
import { checkSource, offencesOf } from "../check.js";
import { PACKAGE_NAME } from "../evaluator/declarations.js";
import { displayPath } from "../report.js";
import { failBuild } from "./fail.js";
import { esbuildLoadFilter, idFilter, type WymcpPluginOptions } from "./options.js";

export type { FilterPattern, WymcpPluginOptions } from "./options.js";

/**
 * The unplugin instance; pick the bundler's adapter (`wymcp.vite()`,
 * `wymcp.webpack()`, …) or import the matching entry.
 *
 * @example
 * ```ts
 * import { wymcp } from "wymcp/unplugin";
 * export default { plugins: [wymcp.rollup({ exclude: [/fixtures/] })] };
 * ```
 */
export const wymcp: UnpluginInstance<WymcpPluginOptions | undefined, false> = createUnplugin<WymcpPluginOptions | undefined, false>((options = {}, meta) => ({
  name: "wymcp",
  // Run before any TypeScript transform: positions must be those of the source the author wrote.
  enforce: "pre",
  esbuild: { onLoadFilter: esbuildLoadFilter(options) },
  transform: {
    filter: { id: idFilter(options), code: PACKAGE_NAME },
    handler(code, id) {
      const fileName = fileOf(id);
      if (fileName === undefined) return undefined;
      // The file on disk is what the author wrote; `code` may already be stripped of its types.
      const check = checkSource(fileName, readOriginal(fileName) ?? code);
      for (const file of check.filesRead) watch(this, file);
      // A syntax error is the bundler's to report (it parses the module next); a module too deep to evaluate is left to the run-time check.
      if (check.skipped?.reason === "too-deep") this.warn(`wymcp: ${displayPath(fileName)} was not checked: ${check.skipped.message}; its tools are still validated when they are registered`);
      if (offencesOf(check).length === 0) return undefined;
      return failBuild(this, meta.framework, check, code);
    },
  },
}));

export default wymcp;

/** The file behind a module id; `undefined` for virtual modules. */
function fileOf(id: string): string | undefined {
  if (id.startsWith("\0") || id.startsWith("virtual:")) return undefined;
  return id.replace(/[?#].*$/, "");
}

function readOriginal(fileName: string): string | undefined {
  try {
    return readFileSync(fileName, "utf8");
  } catch {
    return undefined;
  }
}

/** Re-check a module when a constant it imports changes (watch mode). */
function watch(context: { addWatchFile(id: string): void }, file: string): void {
  try {
    context.addWatchFile(file);
  } catch {
    // Some bundlers allow watching only in some hooks; the check itself is unaffected.
  }
}
