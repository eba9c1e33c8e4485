/**
 * The bundler's own module resolution, handed to the synchronous evaluator.
 * A bundler resolves asynchronously (Rollup's `this.resolve`, webpack's
 * resolver) while the evaluator asks as it goes, synchronously. So a check
 * runs against a table of the bundler's answers: a specifier the table does
 * not know yet resolves to nothing in that run and is queued; the bundler
 * then resolves what the run missed, at once, and the check runs again —
 * until a run asks nothing new. A run waits for its own imports only: with
 * hundreds of checks side by side in one build, waiting for the whole
 * queue made each wait cost as much as the queue was long. The checker
 * asks for a tool file's own imports in one round before its first run
 * (most checks then run once); each run after it follows an import chain
 * one step further, and beyond the file's own imports only what the check
 * follows is resolved.
 */

/**
 * A bundler's resolution of an import: the local file it bundles, or
 * `undefined` when the import is not a local module (a package, an
 * external, a virtual module) or cannot be resolved.
 */
export type BundlerResolve = (specifier: string, importer: string) => string | undefined | Promise<string | undefined>;

/** One run of a check against the table: its synchronous lookup, and whether it asked anything the table did not know. */
export interface TableRun {
  readonly lookup: (specifier: string, importer: string) => string | undefined;
  readonly missed: () => boolean;
  /**
   * After `settle`: whether an import this run missed turned out to be a
   * local file. When none did, the run already saw what a next run would
   * (nothing, for each of them), so there is no next run: most missed
   * imports are packages, and a tool file imports wymcp itself.
   */
  readonly learned: () => boolean;
  /**
   * Resolves what this run missed, with the bundler (each import once for
   * the whole table): a run waits for its own imports only, never for those
   * another check is still resolving. A resolution that fails (ENOTDIR,
   * ELOOP, not found, a resolver that throws) answers nothing: the value is
   * then unknown, never a crashed build.
   */
  readonly settle: () => Promise<void>;
}

/** How many times a check runs at most: an import chain longer than this is followed no further (its value is unknown). */
export const MAX_RUNS = 32;

/**
 * The bundler's answers for one check, or for a whole build that runs once
 * (checks running side by side share it: a specifier is resolved once).
 *
 * @example
 * ```ts
 * const table = new ResolutionTable();
 * let run = table.run();
 * checkSource(fileName, text, { ...host, resolveModule: run.lookup });
 * if (run.missed()) await run.settle(); // and check again if run.learned()
 * ```
 */
export class ResolutionTable {
  private readonly answers = new Map<string, string | undefined>();
  private readonly queued = new Map<string, { readonly specifier: string; readonly importer: string; settling?: Promise<void> }>();

  /**
   * A new run: its lookup answers what is known and asks `resolve` the rest.
   * An answer given at once (esbuild's metafile) serves this very run; one
   * that is a promise (`this.resolve`, webpack's resolver) is queued, and
   * the run goes on as if the import were not a local module.
   */
  run(resolve?: BundlerResolve): TableRun {
    const missedKeys: string[] = [];
    const lookup = (specifier: string, importer: string): string | undefined => {
      const key = `${importer}\0${specifier}`;
      if (this.answers.has(key)) return this.answers.get(key);
      if (resolve !== undefined && !this.queued.has(key)) {
        const answer = this.ask(resolve, key, specifier, importer);
        if (!(answer instanceof Promise)) return answer;
      }
      missedKeys.push(key);
      if (!this.queued.has(key)) this.queued.set(key, { specifier, importer });
      return undefined;
    };
    return {
      lookup,
      missed: () => missedKeys.length > 0,
      learned: () => missedKeys.some((key) => this.answers.get(key) !== undefined),
      settle: () => this.settle(missedKeys, resolve),
    };
  }

  /** Asks the bundler once: an answer given at once is recorded, a promised one queued until it settles. */
  private ask(resolve: BundlerResolve, key: string, specifier: string, importer: string): string | undefined | Promise<void> {
    let answer: ReturnType<BundlerResolve>;
    try {
      answer = resolve(specifier, importer);
    } catch {
      answer = undefined;
    }
    if (!(answer instanceof Promise)) {
      this.answers.set(key, answer);
      return answer;
    }
    const record = (found: string | undefined) => {
      this.answers.set(key, found);
      this.queued.delete(key);
    };
    const settling = answer.then(record, () => record(undefined));
    this.queued.set(key, { specifier, importer, settling });
    return settling;
  }

  /** Settles `keys` (a run's missed imports): those being resolved are awaited, those a run without a resolver queued are asked. */
  private async settle(keys: readonly string[], resolve: BundlerResolve | undefined): Promise<void> {
    const settling: Promise<void>[] = [];
    for (const key of keys) {
      const entry = this.queued.get(key);
      if (entry === undefined) continue; // answered already
      if (entry.settling !== undefined) settling.push(entry.settling);
      else if (resolve !== undefined) {
        const answer = this.ask(resolve, key, entry.specifier, entry.importer);
        if (answer instanceof Promise) settling.push(answer);
        else this.queued.delete(key);
      }
    }
    await Promise.all(settling);
  }
}
