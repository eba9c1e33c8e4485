/**
 * The plugin's one definition, for every bundler: the hooks unplugin turns
 * into a Vite, Rollup, Rolldown, esbuild, webpack or Rspack plugin
 * (`unplugin.ts`, the `wymcp/unplugin` entry). The per-bundler entries
 * (`wymcp/vite`, …) hand the same hooks to their bundler directly — they are
 * already in each bundler's own shape — so a build does not load unplugin's
 * adapters (about 35 ms) to run them.
 *
 * Vite, Rollup and Rolldown filter modules natively (by id, and by the code
 * mentioning `wymcp`) before calling the transform hook, so the check runs
 * there; the hook repeats the filter for bundlers too old to filter. esbuild,
 * webpack and Rspack would call JavaScript for every module of the project,
 * so the check runs once over the module list instead (`esbuild-scan.ts`,
 * `webpack-scan.ts`). Clean verdicts are kept between builds (`cache.ts`).
 */
import type { UnpluginBuildContext, UnpluginContext, UnpluginOptions } from "unplugin";
import { offencesOf, PACKAGE_NAME } from "../mentions.js";
import { defaultCacheFile, ModuleChecker, type ModuleVerdict } from "./cache.js";
import { esbuildSetup } from "./esbuild-scan.js";
import { failBuild, tooDeepWarning } from "./fail.js";
import { idFilter, moduleFilter, type WymcpPluginOptions } from "./options.js";
import { applyToCompiler, type WebpackLikeCompiler } from "./webpack-scan.js";

/**
 * The hooks of the wymcp plugin for a bundler (unplugin's `meta.framework`).
 *
 * @example
 * ```ts
 * const plugin = wymcpHooks({ exclude: [/fixtures/] }, "rolldown"); // a Rolldown plugin
 * ```
 */
export function wymcpHooks(options: WymcpPluginOptions = {}, framework: string): UnpluginOptions {
  const checker = new ModuleChecker(cacheFile(options));
  switch (framework) {
    case "esbuild":
      return { name: "wymcp", esbuild: { setup: esbuildSetup(checker, moduleFilter(options)) } };
    case "webpack":
    case "rspack":
      return {
        name: "wymcp",
        webpack: (compiler) => applyToCompiler(compiler as unknown as WebpackLikeCompiler, checker, moduleFilter(options), "webpack"),
        rspack: (compiler) => applyToCompiler(compiler as unknown as WebpackLikeCompiler, checker, moduleFilter(options), "rspack"),
      };
    case "rolldown":
      return moduleListHooks(checker, options);
    default:
      return transformHooks(checker, options);
  }
}

/**
 * Rolldown: one pass over the build's modules when it ends. A transform
 * hook, even filtered natively, has Rolldown call JavaScript (passing the
 * code) for every module that mentions wymcp — about 0.15 ms each, more
 * than checking a module whose verdict is kept.
 */
function moduleListHooks(checker: ModuleChecker, options: WymcpPluginOptions): UnpluginOptions {
  const accepts = moduleFilter(options);
  type ModuleListContext = UnpluginBuildContext & UnpluginContext & { getModuleIds(): Iterable<string> };
  async function buildEnd(this: ModuleListContext, error?: unknown): Promise<void> {
    if (error !== undefined && error !== null) return; // the bundler's own error stands
    checker.startBuild(true);
    try {
      for (const id of this.getModuleIds()) {
        const fileName = fileOf(id);
        if (fileName === undefined || !accepts(fileName)) continue;
        report(this, await checker.check(fileName));
      }
    } finally {
      checker.endBuild();
    }
  }
  return {
    name: "wymcp",
    buildStart() {
      checker.prepare();
    },
    buildEnd: buildEnd as unknown as UnpluginOptions["buildEnd"],
  };
}

function transformHooks(checker: ModuleChecker, options: WymcpPluginOptions): UnpluginOptions {
  let accepts: ((id: string) => boolean) | undefined;
  return {
    name: "wymcp",
    // Run before any TypeScript transform: positions must be those of the source the author wrote.
    enforce: "pre",
    buildStart() {
      checker.prepare();
      // Rollup and Rolldown say when a build runs once; Vite's dev server and every watch mode say otherwise.
      checker.startBuild((this as { meta?: { watchMode?: boolean } }).meta?.watchMode === false);
    },
    buildEnd() {
      checker.endBuild();
    },
    transform: {
      filter: { id: idFilter(options), code: PACKAGE_NAME },
      handler(code, id) {
        const fileName = fileOf(id);
        if (fileName === undefined) return undefined;
        // The native filter has run already, except in bundlers too old to have one.
        accepts ??= moduleFilter(options);
        if (!accepts(id)) return undefined;
        // The checker reads the file on disk, what the author wrote (`code` may already be stripped of its types).
        const verdict = checker.check(fileName, code);
        return verdict instanceof Promise ? verdict.then((settled) => report(this, settled)) : report(this, verdict);
      },
    },
  };
}

/** Watches what a verdict read, and fails the build on its offences (a transform hook's answer: nothing, the code is unchanged). */
function report(context: UnpluginBuildContext & UnpluginContext, { check, filesRead }: ModuleVerdict): undefined {
  // Rollup and Rolldown say when nothing is watched; Vite's dev server and every watch mode say otherwise.
  if ((context as { meta?: { watchMode?: boolean } }).meta?.watchMode !== false) for (const file of filesRead) watch(context, file);
  if (check === undefined) return undefined;
  // A syntax error is the bundler's to report (it parses the module next); a module too deep to evaluate is left to the run-time check.
  const warning = tooDeepWarning(check);
  if (warning !== undefined) context.warn(warning);
  if (offencesOf(check).length === 0) return undefined;
  return failBuild(context, check);
}

/** The cache file the options ask for. */
function cacheFile(options: WymcpPluginOptions): string | undefined {
  if (options.cache === false) return undefined;
  if (typeof options.cache === "string") return options.cache;
  return defaultCacheFile(process.cwd());
}

/** The file behind a module id; `undefined` for virtual modules. */
function fileOf(id: string): string | undefined {
  if (id.startsWith("\0") || id.startsWith("virtual:")) return undefined;
  return id.replace(/[?#].*$/, "");
}

/** Re-check a module when a constant it imports changes (watch mode). */
function watch(context: { addWatchFile(id: string): void }, file: string): void {
  try {
    context.addWatchFile(file);
  } catch {
    // Some bundlers allow watching only in some hooks; the check itself is unaffected.
  }
}
