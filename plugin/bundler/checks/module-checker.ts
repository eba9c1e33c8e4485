/**
 * Checking a bundle's modules, build after build, reusing the verdicts kept
 * between builds (`verdict-store.ts`), so that a build whose modules (and
 * the constants they import) have not changed re-checks nothing — and loads
 * neither the evaluator nor the parser.
 *
 * Two verdicts are stored per file: "does not mention wymcp" (so a build that
 * hands the plugin its whole module list need not read every module again),
 * and "clean" — no offence, fully checked — together with everything the
 * check read (`../../check/reads.ts`): each module it read, as seen on disk, and
 * the answer of each module resolution it asked for. A clean verdict is
 * reused only while all of these are unchanged. Files with offences, syntax
 * errors or nesting too deep to evaluate are checked on every build. A
 * module the build's import graph shows wymcp-free, whose text never names
 * `defineTool` (one importing only wymcp's types), is not even parsed: its
 * verdict holds while the graph says the same.
 *
 * Modules are resolved by the bundler's own resolver when the build hands
 * one over (`bundler-resolvers.ts`, `pre-resolution.ts`): a check, and a
 * stored verdict's resolutions, then name the files the bundler bundles.
 */
import type { Stats } from "node:fs";
import { availableParallelism } from "node:os";
import type { FileCheck } from "../../check/file-check.js";
import { mayDeclareTools } from "../../check/prefilter.js";
import { isWymcpAliased } from "../../check/wymcp-aliases.js";
import type { ProviderLintOptions } from "../../check/provider/lint.js";
import type { LocatedWarning } from "../../check/provider/locate.js";
import { BuildMemo, type BundlerResolution } from "../verdicts/build-memo.js";
import { splitResolutions, type GraphImports } from "../verdicts/graph-imports.js";
import type { ImportGraph } from "../resolution/bundler-resolvers.js";
import { CHECKS_AT_ONCE } from "../verdicts/checked-in-order.js";
import { CheckPool } from "./check-pool.js";
import { outcomeOf, runCheck, type CheckOutcome } from "./check-run.js";
import type { OffenceError } from "../fail.js";
import type { BundlerResolve } from "../resolution/pre-resolution.js";
import { readSource, sameStats, seenOf, type Seen } from "../verdicts/seen.js";
import { loadVerdicts, saveVerdicts, someToolFileEdited, type Entry, type VerdictStore } from "../verdicts/verdict-store.js";

type CheckModule = typeof import("../../check/check.js");
type LintModule = typeof import("../../check/provider/check.js");
let lintModule: LintModule | undefined;
let checkModule: CheckModule | undefined;
let loadingCheckModule: Promise<CheckModule> | undefined;

/**
 * The evaluator and the validators, loaded the first time a module needs
 * checking in this thread (a build served from the cache never loads them).
 */
function loadCheckModule(): Promise<CheckModule> {
  loadingCheckModule ??= import("../../check/check.js").then((loaded) => (checkModule = loaded));
  return loadingCheckModule;
}

/**
 * Starts loading the evaluator and the parser as soon as the event loop is
 * free: called when a build starts that will check a few modules, the load
 * then runs while the bundler's own threads work, instead of after them.
 */
function preloadCheckModule(): void {
  if (checkModule !== undefined || preloading !== undefined) return;
  preloading = new Promise((resolve) => setImmediate(resolve))
    .then(() => loadCheckModule())
    .then(() => import("../../evaluator/parser.js"))
    .then((loaded) => loaded.loadParser())
    .catch(() => undefined);
}
let preloading: Promise<unknown> | undefined;

/** How many check workers a build may run: one per core the bundler's own thread leaves free (one, on two cores). */
const WORKERS = Math.max(1, availableParallelism() - 1);

/**
 * A module's verdict in a build: what its check found, or what a stored
 * verdict keeps of it, and the files to watch.
 */
export interface ModuleVerdict {
  /** The check, when one ran in the build's own thread (a check worker answers its outcome alone). */
  readonly check?: FileCheck | undefined;
  /** The error naming every offence, when the check found any. */
  readonly failure?: OffenceError | undefined;
  readonly filesRead: readonly string[];
  /** How many tool declarations the module has. */
  readonly tools: number;
  /** The provider warnings, located, when the plugin was given `targets`. */
  readonly warnings?: readonly LocatedWarning[] | undefined;
  /** What the check could not see (`partialWarning`), kept with a stored verdict so every build says it again. */
  readonly warning?: string | undefined;
}

/** The plugin's `targets`, `listing` and `targetErrors`, read. */
export interface TargetLintOptions extends ProviderLintOptions {
  /** The warnings fail the build. */
  readonly errors: boolean;
}

const NOTHING: ModuleVerdict = { filesRead: [], tools: 0 };

/**
 * A stored verdict that held before the build's import graph was known, the
 * modules the graph must still show wymcp-free, and the imports it must
 * confirm (`graph-imports.ts`).
 */
export interface KeptVerdict {
  readonly verdict: ModuleVerdict;
  readonly free: readonly string[];
  readonly imports: readonly GraphImports[];
}

/** The stored verdicts that held as a build started, by file name (`keptVerdicts`). */
export type KeptVerdicts = ReadonlyMap<string, KeptVerdict>;

/** `then` for a value that may already be there: a verdict stays synchronous when nothing had to wait. */
function when<T, U>(value: T | Promise<T>, then: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(then) : then(value);
}

/**
 * Checks modules for one plugin instance, build after build, reusing stored
 * verdicts.
 *
 * @example
 * ```ts
 * const checker = new ModuleChecker("/project/node_modules/.cache/wymcp/verdicts.json");
 * const { failure } = await checker.check("/src/tools.ts");
 * checker.endBuild();
 * ```
 */
export class ModuleChecker {
  private loaded: VerdictStore | undefined;
  private dirty = false;
  private readonly memo = new BuildMemo();
  /** The check workers of a build that checks many modules; `undefined`: checks run in this thread. */
  private pool: CheckPool | undefined;

  /**
   * `file`: where the cache is kept; `undefined`: no cache. `lint`: the provider
   * lint to run on every checked module (the plugin then keeps no cache: a
   * stored clean verdict has no declarations to lint).
   */
  constructor(
    readonly file: string | undefined,
    readonly lint?: TargetLintOptions,
  ) {}

  /**
   * The bundler is about to build. Without stored verdicts every module that
   * declares a tool will be checked: check workers start now, loading the
   * evaluator while the bundler works, and take the checks off the bundler's
   * thread. With a tool file edited since its verdict, a few checks will run:
   * the evaluator starts loading in this thread (a worker costs more to start
   * than a few checks). `looksAhead`: the build looks at every stored verdict
   * as it starts (`keptVerdicts`), which starts that load itself when a
   * verdict on a tool file does not hold — its files are not stat'ed twice.
   */
  prepare(looksAhead = false): void {
    const store = this.store();
    if (store === undefined || Object.keys(store.entries).length === 0) {
      this.pool ??= new CheckPool(WORKERS);
      this.pool.warm();
    } else if (!looksAhead && someToolFileEdited(store)) preloadCheckModule();
  }

  /** How many checks a pass over a build's modules keeps under way at once. */
  get concurrency(): number {
    return this.pool === undefined ? CHECKS_AT_ONCE : CHECKS_IN_WORKERS;
  }

  /**
   * Whether a pass over the build's modules runs the checks answered at once ahead of those it waits for
   * (`checkedInOrder`): when workers check and the build's import graph answers their resolutions, so they never
   * wait for this thread.
   */
  get runsAhead(): boolean {
    return this.pool !== undefined && this.memo.graphResolve !== undefined;
  }

  /**
   * A build starts. `once`: the build runs once (no watch mode, no dev
   * server), so a module found unchanged is not looked at again until it
   * ends. `graph`: the build's import graph, when the bundler has it before
   * the checks (esbuild's metafile; Rolldown's, webpack's or Rspack's module
   * graph): a check reads no module the graph shows never reaching wymcp to
   * ask what it exports (`wymcp-free.ts`), and esbuild's answers the checks'
   * resolutions.
   */
  startBuild(once: boolean, graph?: ImportGraph): void {
    this.memo.start(once, graph);
    this.pool?.startBuild(once, graph);
  }

  /**
   * The import graph of a build that started without one (a build that
   * runs once, known when it ends, its stored verdicts looked at
   * meanwhile): the modules found unchanged and the resolutions asked stay
   * known.
   */
  knowGraph(graph: ImportGraph): void {
    this.memo.knowGraph(graph);
    this.pool?.startBuild(true, graph);
  }

  /**
   * Whether a module's text may name wymcp, as far as the stored verdicts
   * know: `false` only for a module seen failing the text filter and
   * unchanged since (such a module imports nothing by the name wymcp).
   */
  mayNameWymcp(fileName: string): boolean {
    const stored = this.store()?.entries[fileName];
    if (stored?.mentions !== false) return true;
    const stats = this.memo.stat(fileName);
    return stats === undefined || !sameStats(stored.seen, stats);
  }

  /** Writes the cache if it changed since it was last written; the build's check workers stop. */
  endBuild(): void {
    this.memo.end();
    this.pool?.endBuild();
    this.pool = undefined;
    if (this.file === undefined || !this.dirty || this.loaded === undefined) return;
    this.dirty = false;
    saveVerdicts(this.file, this.loaded);
  }

  /**
   * The verdict on a module. Its source is read from disk (what the author
   * wrote); `code`, the bundler's text, stands in only for a module that is
   * not a file. `resolve`: the bundler's own resolver, so the check reads
   * the files the bundler bundles (without it, the build's import graph
   * answers, or modules are resolved as the CLI resolves them). Synchronous
   * unless the module must be checked and the evaluator is not loaded yet,
   * a worker checks it, or the bundler must resolve.
   */
  check(fileName: string, code?: string, resolve?: BundlerResolve): ModuleVerdict | Promise<ModuleVerdict> {
    const store = this.store();
    const stats = this.memo.stat(fileName);
    const resolution = this.memo.resolution(resolve ?? this.memo.graphResolve);
    if (store === undefined || !stats?.isFile()) {
      const text = (stats?.isFile() ? readSource(fileName) : undefined) ?? code;
      return text === undefined || !mayDeclareTools(text, fileName) || this.declaresNothing(fileName, text)
        ? NOTHING
        : this.run(fileName, text, undefined, resolution);
    }
    const stored = store.entries[fileName];
    if (stored !== undefined && sameStats(stored.seen, stats)) {
      return when(this.memo.holds(fileName, stored, resolution), (held) =>
        held ? reuse(fileName, stored) : this.read(store, fileName, code, stats, undefined, resolution),
      );
    }
    return this.read(store, fileName, code, stats, stored, resolution);
  }

  /**
   * Every stored verdict that holds on everything but the build's import
   * graph (`keptBeforeGraph`), looked at as a build that runs once starts;
   * each look starts at once, and a look that fails leaves its module to be
   * checked when the build ends.
   */
  async keptVerdicts(resolve?: BundlerResolve): Promise<KeptVerdicts> {
    const looks = Object.keys(this.store()?.entries ?? {}).map(
      async (fileName) => [fileName, await this.keptBeforeGraph(fileName, resolve)] as const,
    );
    const kept = new Map<string, KeptVerdict>();
    for (const look of await Promise.allSettled(looks))
      if (look.status === "fulfilled" && look.value[1] !== undefined) kept.set(look.value[0], look.value[1]);
    return kept;
  }

  /**
   * Whether the build's import graph confirms a verdict kept as the build
   * started: the modules it took as wymcp-free still are, and its importers
   * import what its unasked resolutions answered (`graph-imports.ts`).
   */
  stillKept({ free, imports }: KeptVerdict): boolean {
    const isWymcpFree = this.memo.wymcpFree;
    return free.every((file) => isWymcpFree?.(file) === true) && this.memo.confirms(imports);
  }

  /**
   * A module's stored verdict, if it holds on everything but the build's
   * import graph — looked at while the bundler still builds, so the look
   * overlaps its work — with what the graph must confirm when the build
   * ends (`stillKept`): the modules it took as wymcp-free, and the imports
   * that answered them, which the bundler is not asked again.
   * `undefined`: the module is to be checked then (`check`).
   */
  private keptBeforeGraph(fileName: string, resolve?: BundlerResolve): KeptVerdict | undefined | Promise<KeptVerdict | undefined> {
    const stored = this.store()?.entries[fileName];
    const stats = stored === undefined ? undefined : this.memo.stat(fileName);
    if (stored === undefined || stats === undefined) return undefined;
    const unchanged = sameStats(stored.seen, stats);
    if (stored.mentions === false) return unchanged ? { verdict: NOTHING, free: [], imports: [] } : undefined;
    const { asked, imports } = splitResolutions(fileName, stored);
    const held = unchanged && this.memo.holds(fileName, { ...stored, resolutions: asked, free: undefined }, this.memo.resolution(resolve));
    return when(held, (holds) => {
      if (holds) return { verdict: reuse(fileName, stored), free: stored.free ?? [], imports };
      // A verdict on a tool file that does not hold: the file is checked when the build ends, with the evaluator loaded by then.
      preloadCheckModule();
      return undefined;
    });
  }

  /** A module whose verdict its times alone could not reuse, read; `stored`: a verdict its text may still reuse. */
  private read(
    store: VerdictStore,
    fileName: string,
    code: string | undefined,
    stats: Stats,
    stored: Entry | undefined,
    resolution: BundlerResolution | undefined,
  ): ModuleVerdict | Promise<ModuleVerdict> {
    const text = readSource(fileName);
    if (text === undefined)
      return code === undefined || !mayDeclareTools(code, fileName) ? NOTHING : this.run(fileName, code, undefined, resolution);
    if (!mayDeclareTools(text, fileName)) {
      // No hash: whatever this file becomes, it is read again when its times change.
      store.entries[fileName] = { seen: [stats.size, stats.mtimeMs, stats.ctimeMs, ""], mentions: false };
      this.dirty = true;
      return NOTHING;
    }
    const seen = seenOf(stats, text);
    if (this.declaresNothing(fileName, text)) {
      // Kept while the file is as seen and the graph still shows it wymcp-free (as a check's verdict on what it took as such).
      store.entries[fileName] = { seen, reads: [], resolutions: [], free: [fileName], tools: 0 };
      this.dirty = true;
      return NOTHING;
    }
    if (stored === undefined || stored.mentions === false || stored.seen[3] !== seen[3]) return this.run(fileName, text, seen, resolution);
    return when(this.memo.holds(fileName, stored, resolution), (held) => {
      if (!held) return this.run(fileName, text, seen, resolution);
      store.entries[fileName] = { ...stored, seen };
      this.dirty = true;
      return reuse(fileName, stored);
    });
  }

  /**
   * Whether a module the text filter passed declares no tool without being
   * parsed: the build's import graph shows it wymcp-free (its imports, type
   * imports aside, never reach wymcp) and its text never names `defineTool`
   * (so it imports none, from anywhere, that the check would say it cannot
   * follow) — a module that imports only wymcp's types. Not when a bundler
   * maps another name to wymcp: its sources would be a local module to the
   * graph.
   */
  private declaresNothing(fileName: string, text: string): boolean {
    return !text.includes("defineTool") && this.memo.wymcpFree?.(fileName) === true && !isWymcpAliased();
  }

  /** Checks a module — in a worker, or here once the evaluator has loaded (`check-run.ts`) — and stores a clean verdict. */
  private run(
    fileName: string,
    text: string,
    seen: Seen | undefined,
    resolution: BundlerResolution | undefined,
  ): ModuleVerdict | Promise<ModuleVerdict> {
    if (this.pool !== undefined) {
      // A worker reads the build's graph itself; only the bundler's own resolver is asked through this thread.
      const remote = this.memo.graphResolve === undefined ? resolution : undefined;
      return this.pool.check(fileName, text, remote, this.lint).then((outcome) => this.settled(fileName, seen, outcome));
    }
    if (checkModule === undefined) return loadCheckModule().then(() => this.run(fileName, text, seen, resolution));
    if (this.lint !== undefined && lintModule === undefined)
      return import("../../check/provider/check.js").then((loaded) => ((lintModule = loaded), this.run(fileName, text, seen, resolution)));
    const lint = this.lint === undefined || lintModule === undefined ? undefined : { lintFile: lintModule.lintFile, options: this.lint };
    return when(runCheck(checkModule, fileName, text, resolution, this.memo.wymcpFree), (run) =>
      this.settled(fileName, seen, outcomeOf(run, lint), run.check),
    );
  }

  /** Stores the verdict of a check (a clean one is kept, any other forgotten) and answers it. */
  private settled(fileName: string, seen: Seen | undefined, outcome: CheckOutcome, check?: FileCheck): ModuleVerdict {
    const store = this.loaded;
    const { record, tools, warning, warnings, filesRead, failure } = outcome;
    if (store !== undefined && seen !== undefined) {
      if (outcome.clean && record !== undefined) {
        const { reads, resolutions, free } = record;
        store.entries[fileName] = {
          seen,
          reads,
          resolutions: resolutions.map(([specifier, from, answer]) => [specifier, from === fileName ? "" : from, answer] as const),
          ...(free === undefined ? {} : { free }),
          tools,
          ...(warning === undefined ? {} : { warning }),
        };
      } else {
        Reflect.deleteProperty(store.entries, fileName);
      }
      this.dirty = true;
    }
    return { check, failure, filesRead, tools, warning, ...(warnings === undefined ? {} : { warnings }) };
  }

  private store(): VerdictStore | undefined {
    if (this.file === undefined) return undefined;
    this.loaded ??= loadVerdicts(this.file);
    return this.loaded;
  }
}

/** With check workers: enough to keep every worker busy while the pass answers verdicts in order. */
const CHECKS_IN_WORKERS = 64;

function reuse(fileName: string, entry: Entry): ModuleVerdict {
  if (entry.mentions === false) return NOTHING;
  return {
    filesRead: (entry.reads ?? []).map(([file]) => file).filter((file) => file !== fileName),
    tools: typeof entry.tools === "number" ? entry.tools : 0,
    warning: entry.warning,
  };
}
