/**
 * What a build found out, kept while it runs: nothing is edited during a
 * build that runs once, so a module's stats, a module found unchanged and
 * a specifier's resolution are looked up once for all who ask (the import
 * graph, the checks, the stored verdicts that depend on them). In watch
 * mode and on a dev server every check asks afresh. Also whether a stored
 * verdict still holds (`../../check/reads.ts`), its resolutions asked of
 * the resolver that answered them: the bundler's when it has one
 * (`pre-resolution.ts`), else as the CLI resolves.
 */
import { statSync, type Stats } from "node:fs";
import path from "node:path";
import { stillHolds } from "../../check/reads.js";
import { clearResolverCache, resolveLocalModule } from "../../evaluator/resolver.js";
import { metafileResolver, type ImportGraph } from "../resolution/bundler-resolvers.js";
import { ResolutionTable, type BundlerResolve } from "../resolution/pre-resolution.js";
import { isAsSeen, type Seen } from "./seen.js";
import type { Entry } from "./verdict-store.js";
import { graphWymcpFree, type WymcpFree } from "../resolution/wymcp-free.js";
import { graphConfirms, importsGraph, type GraphImports, type ImportsGraph } from "./graph-imports.js";

/** The bundler's resolver, and the table of its answers a check runs against. */
export interface BundlerResolution {
  readonly table: ResolutionTable;
  readonly resolve: BundlerResolve;
}

/**
 * The memo of one plugin instance, build after build.
 *
 * @example
 * ```ts
 * const memo = new BuildMemo();
 * memo.start(true);
 * const held = await memo.holds("/src/tools.ts", entry, memo.resolution(resolve));
 * memo.end();
 * ```
 */
export class BuildMemo {
  /** `undefined`: outside a build, or in watch mode. */
  private unchanged: Map<string, boolean> | undefined;
  private resolved = new Map<string, string | null>();
  /** Each module's stats, taken once in a build that runs once. */
  private stats: Map<string, Stats | undefined> | undefined;
  /** The bundler's answers, shared by the checks of a build that runs once. */
  private table: ResolutionTable | undefined;
  /** The build's import graph, when the bundler hands one over (esbuild's metafile, another's module graph): the wymcp-free modules. */
  wymcpFree: WymcpFree | undefined;
  /** The graph's resolver, when it records specifiers: the file the bundler bundled for each import. */
  graphResolve: BundlerResolve | undefined;
  /** The graph, when it lists what each module imports: it confirms a stored verdict's imports (`graph-imports.ts`). */
  private imports: ImportsGraph | undefined;

  /** A build starts; `once`: it runs once (no watch mode, no dev server); `graph`: its import graph, if known. */
  start(once: boolean, graph?: ImportGraph): void {
    this.knowGraph(graph);
    this.unchanged = once ? new Map() : undefined;
    this.stats = once ? new Map() : undefined;
    this.resolved = new Map();
    this.table = once ? new ResolutionTable() : undefined;
    // Files may have been added or removed since the last build: resolve afresh.
    clearResolverCache();
  }

  /** The build's import graph, once known (`undefined`: none); what the build found so far is kept. */
  knowGraph(graph: ImportGraph | undefined): void {
    this.wymcpFree = graph === undefined ? undefined : graphWymcpFree(graph);
    this.graphResolve = graph === undefined || !("metafile" in graph) ? undefined : metafileResolver(graph.metafile, graph.cwd);
    this.imports = graph === undefined || "metafile" in graph ? undefined : importsGraph(graph);
  }

  /** Whether the build's import graph confirms a stored verdict's imports (`graph-imports.ts`); never without a graph listing them. */
  confirms(imports: readonly GraphImports[]): boolean {
    if (imports.length === 0) return true;
    return this.imports !== undefined && graphConfirms(imports, this.imports);
  }

  /** The build ended. */
  end(): void {
    this.wymcpFree = undefined;
    this.graphResolve = undefined;
    this.imports = undefined;
    this.unchanged = undefined;
    this.stats = undefined;
    this.table = undefined;
  }

  /** A file's stats (`undefined`: none there); in a build that runs once, taken once: the graph and the checks both ask. */
  stat(file: string): Stats | undefined {
    if (this.stats?.has(file) === true) return this.stats.get(file);
    const stats = statSync(file, { throwIfNoEntry: false });
    this.stats?.set(file, stats);
    return stats;
  }

  /** The bundler's resolver with the table a check runs against (the build's, or a fresh one); `undefined` without a resolver. */
  resolution(resolve: BundlerResolve | undefined): BundlerResolution | undefined {
    return resolve === undefined ? undefined : { table: this.table ?? new ResolutionTable(), resolve };
  }

  /**
   * Whether what a stored verdict depends on is unchanged: the modules it
   * read first (a changed one settles it) and the modules it took as
   * wymcp-free (still so in this build's graph), then each resolution.
   */
  holds(fileName: string, entry: Entry, resolution: BundlerResolution | undefined): boolean | Promise<boolean> {
    // One shape for every state compared (the same three fields): this runs for every kept verdict of a build.
    const unchanged = (file: string, seen: Seen | null) => this.isUnchanged(file, seen);
    const isWymcpFree = this.wymcpFree;
    const reads = entry.reads ?? [];
    const free = entry.free;
    const resolutions = (entry.resolutions ?? []).map((resolution) =>
      resolution[1] === "" ? ([resolution[0], fileName, resolution[2]] as const) : resolution,
    );
    if (resolution === undefined)
      return stillHolds(
        { reads, resolutions, free },
        { unchanged, resolve: (specifier, from) => this.resolveLocal(specifier, from), isWymcpFree },
      );
    if (!stillHolds({ reads, resolutions: [], free }, { unchanged, resolve: () => null, isWymcpFree })) return false;
    // Every resolution is asked for before any is compared, so that one round of the bundler answers them all.
    const run = resolution.table.run(resolution.resolve);
    for (const resolution of resolutions) run.lookup(resolution[0], resolution[1]);
    const compare = () =>
      stillHolds(
        { reads: [], resolutions, free: undefined },
        { unchanged, resolve: (specifier, from) => run.lookup(specifier, from) ?? null, isWymcpFree },
      );
    return run.missed() ? run.settle().then(compare) : compare();
  }

  private resolveLocal(specifier: string, from: string): string | null {
    const key = `\0${specifier}\0${path.dirname(from)}`;
    const known = this.resolved.get(key);
    if (known !== undefined && this.unchanged !== undefined) return known;
    let answer: string | null;
    try {
      answer = resolveLocalModule(specifier, from) ?? null;
    } catch {
      answer = null;
    }
    if (this.unchanged !== undefined) this.resolved.set(key, answer);
    return answer;
  }

  private isUnchanged(file: string, seen: Seen | null): boolean {
    const key = `${file}\0${seen === null ? "" : seen[3]}`;
    const known = this.unchanged?.get(key);
    if (known !== undefined) return known;
    // In a build that runs once, with the stats the graph and the look at its own verdict took already.
    const unchanged = isAsSeen(file, seen, this.stat(file));
    this.unchanged?.set(key, unchanged);
    return unchanged;
  }
}
