/**
 * The pass over a finished build's module list (Rolldown; Vite and Rollup in
 * a build that runs once): every module checked with the build's import
 * graph at hand, every file's offences failing the build in one error.
 */
import type { UnpluginBuildContext, UnpluginContext } from "unplugin";
import { BuildTally, tellClean, type InfoLogger } from "../build-summary.js";
import type { KeptVerdicts } from "../checks/module-checker.js";
import { isMissingPeer } from "../../evaluator/parser.js";
import type { OffenceError } from "../fail.js";
import type { BuildPass, LazyPass } from "../lazy-pass.js";
import { moduleFilter, type WymcpPluginOptions } from "../options.js";
import type { ModuleListContext as GraphContext } from "../resolution/module-list-graph.js";

/** What the pass reads of a Vite, Rollup or Rolldown plugin context. */
export type ModuleListContext = UnpluginBuildContext & UnpluginContext & GraphContext;

/**
 * A build that runs once starts (Rolldown's; Vite's and Rollup's without a
 * watch mode): every stored verdict is looked at (`keptBeforeGraph`) — its
 * files stat'ed, its resolutions asked — once the bundler is under way,
 * while its own threads build, instead of after them. The pass at the
 * build's end confirms each with the import graph (`checkModuleList`); a
 * verdict on a file the build no longer bundles is never asked for.
 * The promise settles once every look has. `undefined`: the build pass did
 * not load, or the look failed; the pass then checks every module.
 *
 * @example
 * ```ts
 * looking = lookAheadSoon(this, pass); // in buildStart
 * ```
 */
export function lookAheadSoon(context: unknown, pass: LazyPass): Promise<KeptVerdicts | undefined> {
  // After the bundler's next step, not before it: the look must not hold up the build's start.
  return new Promise((resolve) => setImmediate(resolve))
    .then(() => pass.ready())
    .then(({ checker, run }) => {
      checker.startBuild(true);
      return checker.keptVerdicts(run.contextResolver(context));
    })
    .catch(() => undefined);
}

/**
 * A build that runs once ends, its looks settled: its pass over the module
 * list (`checkModuleList`), unless the bundler failed on its own — its
 * error stands, and the build closes.
 */
export async function endBuildOnce(
  context: ModuleListContext,
  pass: BuildPass,
  options: WymcpPluginOptions,
  { kept, error, logger }: { kept: KeptVerdicts | undefined; error: unknown; logger?: InfoLogger | undefined },
): Promise<void> {
  if (error === undefined || error === null) return checkModuleList(context, pass, options, kept, logger);
  pass.checker.endBuild();
}

/**
 * Checks every module of a finished build, in one pass (Rolldown's; Vite's
 * and Rollup's in a build that runs once), with the stored verdicts `kept`
 * as it started (`lookAheadSoon`). With the whole module list known, the
 * import graph shows which modules never reach wymcp, and the checks read
 * none of them; a check in the transform hook cannot know that yet, so it
 * reads what each call in a tool file comes from. `logger`: Vite's, for
 * the summary.
 */
export async function checkModuleList(
  context: ModuleListContext,
  { checker, run }: BuildPass,
  options: WymcpPluginOptions,
  kept?: KeptVerdicts,
  logger?: InfoLogger,
): Promise<void> {
  const accepts = moduleFilter(options);
  const tally = new BuildTally(options);
  // The module list as an import graph: a check reads no module it shows never reaching wymcp.
  const graph = run.moduleListGraph(context, (fileName) => checker.mayNameWymcp(fileName));
  if (kept === undefined) checker.startBuild(true, graph);
  else checker.knowGraph(graph);
  // A stored verdict that held while the bundler worked holds if the graph confirms it; else the check asks the bundler.
  const verdictOf = (fileName: string, resolve: ReturnType<typeof run.contextResolver>) => {
    const held = kept?.get(fileName);
    return held !== undefined && checker.stillKept(held) ? held.verdict : checker.check(fileName, undefined, resolve);
  };
  try {
    // A file behind several ids (Vite's `?worker`, `?raw`) is one module.
    const files = new Set<string>();
    for (const id of context.getModuleIds()) {
      const fileName = fileOf(id);
      if (fileName === undefined || files.has(fileName)) continue;
      const included = accepts(fileName);
      tally.module(included);
      if (included) files.add(fileName);
    }
    const resolve = run.contextResolver(context);
    // Every file's offences in one error: the hook can throw only once.
    const failures: OffenceError[] = [];
    for await (const [, verdict] of run.checkedInOrder([...files], (fileName) => verdictOf(fileName, resolve), checker.concurrency)) {
      tally.verdict(verdict);
      run.reportVerdict(context, verdict, checker.lint?.errors === true, failures);
    }
    run.failBuildOnce(context, failures);
  } catch (failure) {
    // A missing build-time package is one line naming what to install, not a stack trace.
    if (isMissingPeer(failure)) context.error({ message: failure.message, plugin: "wymcp" });
    throw failure;
  } finally {
    checker.endBuild();
  }
  tellClean(context, tally, logger);
}

/** The file behind a module id; `undefined` for virtual modules. */
export function fileOf(id: string): string | undefined {
  if (id.startsWith("\0") || id.startsWith("virtual:")) return undefined;
  return id.replace(/[?#].*$/, "");
}
