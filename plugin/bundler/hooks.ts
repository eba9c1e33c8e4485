/**
 * The plugin's one definition, for every bundler: the hooks unplugin turns
 * into a Vite, Rollup, Rolldown, esbuild, webpack or Rspack plugin
 * (`unplugin.ts`, the `wymcp/unplugin` entry). The per-bundler entries
 * (`wymcp/vite`, …) hand the same hooks to their bundler directly — they are
 * already in each bundler's own shape — so a build does not load unplugin's
 * adapters to run them.
 *
 * The checks run over the module list when a build ends: its import graph
 * is complete then, so they read no module it shows never reaching wymcp
 * (esbuild's metafile, `esbuild-setup.ts`; webpack's and Rspack's module
 * graph, `webpack-apply.ts`; Rolldown's module list, and Vite's and
 * Rollup's in a build that runs once, `checkModuleList`); these look at
 * their stored verdicts as the build starts, while the bundler works
 * (`lookAheadSoon`). Vite's dev server and Vite's and Rollup's watch mode
 * check in the transform hook instead, as each module changes; Vite and
 * Rollup filter modules natively (by id, and by the code mentioning
 * `wymcp`) before calling it, and the hook repeats the filter for bundlers
 * too old to filter. Clean verdicts are kept between builds
 * (`module-checker.ts`).
 * Everything past the hooks themselves loads on the side (`lazy-pass.ts`).
 */
import path from "node:path";
import type { UnpluginBuildContext, UnpluginContext, UnpluginOptions } from "unplugin";
import { defaultCacheFolder } from "../cache/folder.js";
import { BuildTally, type InfoLogger } from "./build-summary.js";
import { CODE_FILTER } from "../check/prefilter.js";
import { noteWymcpAliases } from "./alias-config.js";
import { isMissingPeer } from "../evaluator/parser.js";
import { esbuildSetup } from "./esbuild/esbuild-setup.js";
import { LazyPass, type BuildPass } from "./lazy-pass.js";
import { endBuildOnce, fileOf, lookAheadSoon, type ModuleListContext } from "./rollup-family/module-list-pass.js";
import type { KeptVerdicts, ModuleVerdict } from "./checks/module-checker.js";
import { idFilter, moduleFilter, type WymcpPluginOptions } from "./options.js";
import { applyToCompiler } from "./webpack/webpack-apply.js";
import { targetLint } from "./target-options.js";
import type { WebpackLikeCompiler } from "./webpack/webpack-scan.js";

/**
 * The hooks of the wymcp plugin for a bundler (unplugin's `meta.framework`).
 *
 * @example
 * ```ts
 * const plugin = wymcpHooks({ exclude: [/fixtures/] }, "rolldown"); // a Rolldown plugin
 * ```
 */
export function wymcpHooks(options: WymcpPluginOptions = {}, framework: string): UnpluginOptions {
  const lint = targetLint(options);
  const pass = new LazyPass(lint === undefined ? cacheFile(options) : undefined, lint);
  switch (framework) {
    case "esbuild":
      return { name: "wymcp", esbuild: { setup: esbuildSetup(pass, moduleFilter(options), () => new BuildTally(options)) } };
    case "webpack":
    case "rspack":
      return {
        name: "wymcp",
        webpack: (compiler) =>
          applyToCompiler(
            compiler as unknown as WebpackLikeCompiler,
            pass,
            moduleFilter(options),
            "webpack",
            () => new BuildTally(options),
          ),
        rspack: (compiler) =>
          applyToCompiler(compiler as unknown as WebpackLikeCompiler, pass, moduleFilter(options), "rspack", () => new BuildTally(options)),
      };
    case "rolldown":
      return moduleListHooks(pass, options);
    default:
      return transformHooks(pass, options);
  }
}

/**
 * Rolldown: one pass over the build's modules when it ends. A transform
 * hook, even filtered natively, has Rolldown call JavaScript (passing the
 * code) for every module that mentions wymcp, which costs more than
 * checking a module whose verdict is kept. At the end the module list is
 * there too: the checks read no module it shows wymcp-free. The stored
 * verdicts are looked at from the build's start, while Rolldown builds.
 */
function moduleListHooks(pass: LazyPass, options: WymcpPluginOptions): UnpluginOptions {
  let looking: Promise<KeptVerdicts | undefined> = Promise.resolve(undefined);
  async function buildEnd(this: ModuleListContext, error?: unknown): Promise<void> {
    const ready = await pass.ready();
    const kept = await looking;
    looking = Promise.resolve(undefined);
    await endBuildOnce(this, ready, options, { kept, error });
  }
  // Rolldown's `resolve.alias`: a module importing another name for wymcp must reach the check, and the graph must know the file.
  const readOptions = (input: { resolve?: { alias?: unknown } }) => void noteWymcpAliases(input.resolve?.alias);
  return {
    name: "wymcp",
    ...({ options: readOptions } as object),
    buildStart() {
      pass.prepare(true);
      looking = lookAheadSoon(this, pass);
    },
    buildEnd: buildEnd as unknown as UnpluginOptions["buildEnd"],
  };
}

function transformHooks(pass: LazyPass, options: WymcpPluginOptions): UnpluginOptions {
  let accepts: ((id: string) => boolean) | undefined;
  // A build that runs once (not a dev server, not watch mode): its checks wait for its end.
  let once = false;
  // In such a build, the stored verdicts, looked at from its start while the bundler works.
  let looking: Promise<KeptVerdicts | undefined> = Promise.resolve(undefined);
  let viteLogger: InfoLogger | undefined;
  // Vite filters code natively: a build with an alias of wymcp (`resolve.alias`) lets every module through to the prefilter.
  const filter: { id: ReturnType<typeof idFilter>; code: RegExp | undefined } = { id: idFilter(options), code: CODE_FILTER };
  const configResolved = (config: { logger?: InfoLogger; resolve?: { alias?: unknown } }) => {
    viteLogger = config.logger;
    if (noteWymcpAliases(config.resolve?.alias)) filter.code = undefined;
  };
  return {
    name: "wymcp",
    // Run before any TypeScript transform: positions must be those of the source the author wrote.
    enforce: "pre",
    async buildStart() {
      // Rollup and Vite say when a build runs once; Vite's dev server and every watch mode say otherwise.
      once = (this as { meta?: { watchMode?: boolean } }).meta?.watchMode === false;
      const { checker } = await pass.ready();
      checker.prepare(once);
      // A build that runs once is checked when it ends, against its whole module list (`checkModuleList`).
      if (once) looking = lookAheadSoon(this, pass);
      else checker.startBuild(false);
    },
    async buildEnd(error?: unknown) {
      const ready = await pass.ready();
      const kept = await looking;
      looking = Promise.resolve(undefined);
      if (once) await endBuildOnce(this as unknown as ModuleListContext, ready, options, { kept, error, logger: viteLogger });
      // Watch mode and the dev server checked each module as it was transformed.
      else ready.checker.endBuild();
    },
    // Vite: its logger prints the summary, as Vite prints its own lines.
    ...({ configResolved, vite: { configResolved } } as object),
    transform: {
      filter,
      handler(code, id) {
        // A build that runs once looked at its stored verdicts as it started, and checks the rest as it ends.
        if (once) return undefined;
        const fileName = fileOf(id);
        if (fileName === undefined) return undefined;
        // The native filter has run already, except in bundlers too old to have one.
        accepts ??= moduleFilter(options);
        if (!accepts(id)) return undefined;
        const loaded = pass.now();
        return loaded instanceof Promise
          ? loaded.then((ready) => checkInTransform(this, ready, fileName, code))
          : checkInTransform(this, loaded, fileName, code);
      },
    },
  };
}

/** A module's check from a transform hook: synchronous unless the evaluator must load first. */
function checkInTransform(
  context: UnpluginBuildContext & UnpluginContext,
  { checker, run }: BuildPass,
  fileName: string,
  code: string,
): undefined | Promise<undefined> {
  const missingPeer = (error: unknown): never => {
    // A missing build-time package is one line naming what to install, not a stack trace.
    if (isMissingPeer(error)) context.error({ message: error.message, plugin: "wymcp" });
    throw error;
  };
  const fail = checker.lint?.errors === true;
  const report = (settled: ModuleVerdict): undefined => {
    run.reportVerdict(context, settled, fail);
    return undefined;
  };
  try {
    // The checker reads the file on disk, what the author wrote (`code` may already be stripped of its types).
    const verdict = checker.check(fileName, code, run.contextResolver(context));
    if (verdict instanceof Promise) return verdict.then(report, missingPeer);
    report(verdict);
    return undefined;
  } catch (error) {
    return missingPeer(error);
  }
}

/** The cache file the options ask for. */
function cacheFile(options: WymcpPluginOptions): string | undefined {
  if (options.cache === false) return undefined;
  if (typeof options.cache === "string") return options.cache;
  const folder = defaultCacheFolder(process.cwd());
  return folder === undefined ? undefined : path.join(folder, "verdicts.json");
}
