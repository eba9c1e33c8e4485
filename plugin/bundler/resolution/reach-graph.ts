/**
 * The import graph of a bundler that lists each module's importers (Rolldown,
 * webpack, Rspack), as the wymcp-free modules need it (`wymcp-free.ts`): the
 * modules from which an import chain reaches wymcp, found by walking back
 * from wymcp's own modules through their importers. The walk visits only
 * those modules — in most projects the tool files and what imports them —
 * not the whole graph.
 *
 * The same graph as esbuild's metafile gives: wymcp's modules are an
 * external whose request names it (`wymcp`, `wymcp/mcp`, `#w`), an installed
 * wymcp's files, a file a bundler's alias maps to wymcp, and any file of
 * wymcp's own package (a local build, linked or aliased); a package's or a
 * virtual module is opaque (the evaluator never reads it), so a chain
 * through it reaches nothing. Type imports are not edges: these bundlers
 * strip them before they read imports. Such a graph records the module each
 * import resolved to, not the specifier written, so it answers no
 * resolution (the bundler's own resolver does).
 */
import path from "node:path";
import { isAliasedWymcpFile } from "../../check/wymcp-aliases.js";
import { isInstalledWymcpFile, isInWymcpPackage } from "../../package.js";
import type { ReachGraph } from "./bundler-resolvers.js";
import { specifierMayNameWymcp } from "./wymcp-free.js";

/** The local modules of a build, and those from which an import chain reaches wymcp (absolute file names). */
export interface Reach {
  readonly modules: readonly string[];
  readonly reaching: readonly string[];
}

/**
 * A graph worked out when first read: a build whose kept verdicts took no
 * module as wymcp-free never asks the bundler for it.
 *
 * @example
 * ```ts
 * const graph = new LazyReachGraph(() => ({ modules: ["/src/a.ts"], reaching: [] }));
 * ```
 */
export class LazyReachGraph implements ReachGraph {
  private found: Reach | undefined;

  /** `importsOf`: what a module imports, when the bundler lists it (`ReachGraph.importsOf`). */
  constructor(
    private readonly find: () => Reach,
    readonly importsOf?: (fileName: string) => readonly string[] | undefined,
  ) {}

  /** The local modules of the build. */
  get modules(): readonly string[] {
    return this.reach().modules;
  }

  /** The local modules from which an import chain reaches wymcp. */
  get reaching(): readonly string[] {
    return this.reach().reaching;
  }

  private reach(): Reach {
    this.found ??= this.find();
    return this.found;
  }
}

/**
 * The files of the local modules an import chain leads back to from `seeds`
 * (the local seeds among them), through local modules only (`fileOf`
 * answers a local module's file, `undefined` for any other): a package's
 * module that imports wymcp is never read, so it passes nothing on.
 */
export function walkBack<T>(seeds: readonly T[], importersOf: (node: T) => Iterable<T>, fileOf: (node: T) => string | undefined): string[] {
  const reached = new Set(seeds);
  const pending = [...seeds];
  const files: string[] = [];
  for (const seed of reached) {
    const file = fileOf(seed);
    if (file !== undefined) files.push(file);
  }
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const importer of importersOf(next)) {
      if (reached.has(importer)) continue;
      reached.add(importer);
      const file = fileOf(importer);
      if (file === undefined) continue;
      files.push(file);
      pending.push(importer);
    }
  }
  return files;
}

/** A file on disk outside any package (virtual modules, queries and externals are not). */
export function isLocalModule(id: string): boolean {
  return path.isAbsolute(id) && !id.includes("\0") && !id.includes("?") && !id.includes("node_modules");
}

/** Whether a module id (a file, or an external's request) is wymcp: an external naming it, or a file an import of wymcp resolves to. */
export function isWymcpModule(id: string): boolean {
  if (!path.isAbsolute(id)) return specifierMayNameWymcp(id);
  if (id.includes("\0")) return false;
  const file = id.replace(/[?#].*$/, "");
  if (file.includes("node_modules")) return isInstalledWymcpFile(file);
  return isAliasedWymcpFile(file) || isInWymcpPackage(file);
}
