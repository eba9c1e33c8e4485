/**
 * Checking a bundle's modules, build after build, reusing the verdicts kept
 * between builds (`verdict-store.ts`), so that a build whose modules (and
 * the constants they import) have not changed re-checks nothing — and loads
 * neither the evaluator nor the parser.
 *
 * Two verdicts are stored per file: "does not mention wymcp" (so a build that
 * hands the plugin its whole module list need not read every module again),
 * and "clean" — no offence, fully checked — together with everything the
 * check read (`../check/reads.ts`): each module it read, as seen on disk, and
 * the answer of each module resolution it asked for. A clean verdict is
 * reused only while all of these are unchanged. Files with offences, syntax
 * errors or nesting too deep to evaluate are checked on every build.
 *
 * Modules are resolved by the bundler's own resolver when the build hands
 * one over (`bundler-resolvers.ts`, `pre-resolution.ts`): a check, and a
 * stored verdict's resolutions, then name the files the bundler bundles.
 */
import { statSync, type Stats } from "node:fs";
import { offencesOf, type FileCheck } from "../check/file-check.js";
import { partialWarning } from "./fail.js";
import { mayDeclareTools } from "../check/prefilter.js";
import { ReadRecorder } from "../check/reads.js";
import { resolveLocalModule } from "../evaluator/resolver.js";
import { BuildMemo, type BundlerResolution } from "./build-memo.js";
import type { ProviderLintOptions } from "../check/provider-lint.js";
import type { LocatedWarning } from "../check/provider-locate.js";
import { MAX_RUNS, type BundlerResolve } from "./pre-resolution.js";
import type { WymcpFree } from "./wymcp-free.js";
import {
  loadVerdicts,
  readAsSeen,
  readSource,
  sameStats,
  saveVerdicts,
  seenOf,
  someToolFileEdited,
  type Entry,
  type Seen,
  type VerdictStore,
} from "./verdict-store.js";

type CheckModule = typeof import("../check/check.js");
type LintModule = typeof import("../check/provider-check.js");
let lintModule: LintModule | undefined;
let checkModule: CheckModule | undefined;
let loadingCheckModule: Promise<CheckModule> | undefined;

/** The evaluator and the validators, loaded the first time a module needs checking (a build served from the cache never loads them). */
function loadCheckModule(): Promise<CheckModule> {
  loadingCheckModule ??= import("../check/check.js").then((loaded) => (checkModule = loaded));
  return loadingCheckModule;
}

/**
 * Starts loading the evaluator and the parser as soon as the event loop is
 * free: called when a build starts that will check modules, the load then
 * runs while the bundler's own threads work, instead of after them.
 */
function preloadCheckModule(): void {
  if (checkModule !== undefined || loadingCheckModule !== undefined) return;
  setImmediate(() => {
    void loadCheckModule()
      .then(() => import("../evaluator/parser.js"))
      .then((loaded) => loaded.loadParser())
      .catch(() => undefined);
  });
}

/**
 * A module's verdict in a build: the check when one ran (`undefined` when none
 * was needed or a stored clean verdict was reused), and the files to watch.
 */
export interface ModuleVerdict {
  readonly check: FileCheck | undefined;
  readonly filesRead: readonly string[];
  /** How many tool declarations the module has. */
  readonly tools: number;
  /** The provider warnings, located, when the plugin was given `targets`. */
  readonly warnings?: readonly LocatedWarning[];
  /** What the check could not see (`partialWarning`), kept with a stored verdict so every build says it again. */
  readonly warning?: string | undefined;
}

/** The plugin's `targets`, `listing` and `targetErrors`, read. */
export interface TargetLintOptions extends ProviderLintOptions {
  /** The warnings fail the build. */
  readonly errors: boolean;
}

const NOTHING: ModuleVerdict = { check: undefined, filesRead: [], tools: 0 };

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
 * const { check } = await checker.check("/src/tools.ts");
 * checker.endBuild();
 * ```
 */
export class ModuleChecker {
  private loaded: VerdictStore | undefined;
  private dirty = false;
  private readonly memo = new BuildMemo();

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
   * declares a tool will be checked, and with a tool file edited since its
   * verdict at least that one: the evaluator then starts loading now,
   * alongside the bundler's work, instead of after it.
   */
  prepare(): void {
    const store = this.store();
    if (store === undefined || Object.keys(store.entries).length === 0 || someToolFileEdited(store)) preloadCheckModule();
  }

  /**
   * A build starts. `once`: the build runs once (no watch mode, no dev
   * server), so a module found unchanged is not looked at again until it
   * ends. `wymcpFree`: the build's import graph, when the bundler has it
   * before the checks (esbuild's metafile): a check then reads no module the
   * graph shows never reaching wymcp to ask what it exports (`wymcp-free.ts`).
   */
  startBuild(once: boolean, wymcpFree?: WymcpFree): void {
    this.memo.start(once, wymcpFree);
  }

  /** Writes the cache if it changed since it was last written. */
  endBuild(): void {
    this.memo.end();
    if (this.file === undefined || !this.dirty || this.loaded === undefined) return;
    this.dirty = false;
    saveVerdicts(this.file, this.loaded);
  }

  /**
   * The verdict on a module. Its source is read from disk (what the author
   * wrote); `code`, the bundler's text, stands in only for a module that is
   * not a file. `resolve`: the bundler's own resolver, so the check reads
   * the files the bundler bundles (without it, modules are resolved as the
   * CLI resolves them). Synchronous unless the module must be checked and
   * the evaluator is not loaded yet, or the bundler must resolve.
   */
  check(fileName: string, code?: string, resolve?: BundlerResolve): ModuleVerdict | Promise<ModuleVerdict> {
    const store = this.store();
    const stats = statSync(fileName, { throwIfNoEntry: false });
    const resolution = this.memo.resolution(resolve);
    if (store === undefined || !stats?.isFile()) {
      const text = (stats?.isFile() ? readSource(fileName) : undefined) ?? code;
      return text === undefined || !mayDeclareTools(text, fileName) ? NOTHING : this.run(fileName, text, undefined, resolution);
    }
    const stored = store.entries[fileName];
    if (stored !== undefined && sameStats(stored.seen, stats)) {
      return when(this.memo.holds(fileName, stored, resolution), (held) =>
        held ? reuse(fileName, stored) : this.read(store, fileName, code, stats, undefined, resolution),
      );
    }
    return this.read(store, fileName, code, stats, stored, resolution);
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
    if (stored === undefined || stored.mentions === false || stored.seen[3] !== seen[3]) return this.run(fileName, text, seen, resolution);
    return when(this.memo.holds(fileName, stored, resolution), (held) => {
      if (!held) return this.run(fileName, text, seen, resolution);
      store.entries[fileName] = { ...stored, seen };
      this.dirty = true;
      return reuse(fileName, stored);
    });
  }

  /**
   * Checks a module (loading the evaluator first if need be) and stores a
   * clean verdict. With the bundler's resolver, the module's own imports are
   * resolved in one round first, and the check runs again after each round
   * of resolutions it asked for beyond them (`pre-resolution.ts`). Without
   * the first round, a bundler that answers asynchronously (Rollup, Vite,
   * Rolldown, webpack, Rspack) ran every tool file's check twice.
   */
  private run(
    fileName: string,
    text: string,
    seen: Seen | undefined,
    resolution: BundlerResolution | undefined,
    runs = 0,
  ): ModuleVerdict | Promise<ModuleVerdict> {
    if (checkModule === undefined) return loadCheckModule().then(() => this.run(fileName, text, seen, resolution, runs));
    if (this.lint !== undefined && lintModule === undefined)
      return import("../check/provider-check.js").then(
        (loaded) => ((lintModule = loaded), this.run(fileName, text, seen, resolution, runs)),
      );
    if (runs === 0) {
      const settling =
        resolution === undefined ? undefined : resolveImports(resolution, fileName, checkModule.importedSpecifiers(fileName, text));
      return settling === undefined
        ? this.run(fileName, text, seen, resolution, 1)
        : settling.then(() => this.run(fileName, text, seen, resolution, 1));
    }
    const tableRun = resolution?.table.run(resolution.resolve);
    const recorder = new ReadRecorder<Seen | null>({
      read: readAsSeen,
      resolveModule: tableRun?.lookup ?? resolveLocalModule,
      isWymcpFree: this.memo.wymcpFree,
    });
    const check = checkModule.checkSource(fileName, text, recorder);
    if (resolution !== undefined && tableRun !== undefined && tableRun.missed() && runs < MAX_RUNS) {
      return resolution.table
        .settle(resolution.resolve)
        .then(() =>
          tableRun.learned() ? this.run(fileName, text, seen, resolution, runs + 1) : this.settled(fileName, seen, check, recorder),
        );
    }
    return this.settled(fileName, seen, check, recorder);
  }

  /** Stores the verdict of a check's last run (a clean one is kept, any other forgotten) and answers it. */
  private settled(fileName: string, seen: Seen | undefined, check: FileCheck, recorder: ReadRecorder<Seen | null>): ModuleVerdict {
    const store = this.loaded;
    if (store !== undefined && seen !== undefined) {
      if (check.skipped === undefined && offencesOf(check).length === 0) {
        const { reads, resolutions, free } = recorder.record();
        const warning = partialWarning(check);
        store.entries[fileName] = {
          seen,
          reads,
          resolutions: resolutions.map(([specifier, from, answer]) => [specifier, from === fileName ? "" : from, answer] as const),
          ...(free === undefined ? {} : { free }),
          tools: check.declarations.length,
          ...(warning === undefined ? {} : { warning }),
        };
      } else {
        Reflect.deleteProperty(store.entries, fileName);
      }
      this.dirty = true;
    }
    const tools = check.declarations.length;
    const warning = partialWarning(check);
    if (this.lint !== undefined && lintModule !== undefined)
      return { check, filesRead: check.filesRead, tools, warning, warnings: lintModule.lintFile(check, this.lint) };
    return { check, filesRead: check.filesRead, tools, warning };
  }

  private store(): VerdictStore | undefined {
    if (this.file === undefined) return undefined;
    this.loaded ??= loadVerdicts(this.file);
    return this.loaded;
  }
}

/** Asks the bundler for every specifier at once; the promise of its answers, or `undefined` when it answered them all already. */
function resolveImports(resolution: BundlerResolution, importer: string, specifiers: readonly string[]): Promise<void> | undefined {
  const run = resolution.table.run(resolution.resolve);
  for (const specifier of specifiers) run.lookup(specifier, importer);
  return run.missed() ? resolution.table.settle(resolution.resolve) : undefined;
}

function reuse(fileName: string, entry: Entry): ModuleVerdict {
  if (entry.mentions === false) return NOTHING;
  return {
    check: undefined,
    filesRead: (entry.reads ?? []).map(([file]) => file).filter((file) => file !== fileName),
    tools: typeof entry.tools === "number" ? entry.tools : 0,
    warning: entry.warning,
  };
}
