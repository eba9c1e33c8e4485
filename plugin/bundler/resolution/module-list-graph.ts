/**
 * Rolldown's import graph, read from its module list at `buildEnd`: the
 * modules from which an import chain reaches wymcp, found by walking back
 * from wymcp's own modules through each module's importers. The walk asks
 * Rolldown (`getModuleInfo`, ~25 µs a module) only of those modules — in most
 * projects the tool files and what imports them — not of the whole list;
 * but Rolldown lists no importers of an external, so with wymcp external
 * every module whose text may name wymcp is asked what it imports.
 *
 * The same graph as esbuild's (`wymcp-free.ts`): wymcp's modules are an
 * external whose id names it (`wymcp`, `wymcp/mcp`, `#w`), an installed
 * wymcp's files, a file a bundler's alias maps to wymcp, and any file of
 * wymcp's own package (a local build, linked or aliased); a package's or a
 * virtual module is opaque (the evaluator never reads it), so a chain
 * through it reaches nothing. Type imports are not in the list (Rolldown
 * strips them before it reads imports), as they are not in the metafile.
 * Rolldown records the module each import resolved to, not the specifier
 * written: this graph answers no resolution (Rolldown's `this.resolve` does).
 */
import path from "node:path";
import { isAliasedWymcpFile } from "../../check/wymcp-aliases.js";
import { isInstalledWymcpFile, isInWymcpPackage, isWymcpSpecifier } from "../../package.js";
import type { ReachGraph } from "./bundler-resolvers.js";

/** What the graph reads of a Rolldown plugin context. */
export interface ModuleListContext {
  getModuleIds(): Iterable<string>;
  getModuleInfo(id: string): {
    readonly importedIds: readonly string[];
    readonly dynamicallyImportedIds: readonly string[];
    readonly importers: readonly string[];
    readonly dynamicImporters: readonly string[];
  } | null;
}

/**
 * A build's graph from its module list, worked out when first read.
 *
 * @example
 * ```ts
 * checker.startBuild(true, new ModuleListGraph(this)); // in buildEnd
 * ```
 */
export class ModuleListGraph implements ReachGraph {
  private found: { modules: string[]; reaching: string[] } | undefined;

  /**
   * `mayNameWymcp`: whether a module's text may name wymcp (`false` only
   * when a stored verdict saw it fail the text filter and it is unchanged
   * since): only such a module can import an external wymcp.
   */
  constructor(
    private readonly context: ModuleListContext,
    private readonly mayNameWymcp: (fileName: string) => boolean = () => true,
  ) {}

  /** The local modules of the build. */
  get modules(): readonly string[] {
    return this.walk().modules;
  }

  /** The local modules from which an import chain reaches wymcp. */
  get reaching(): readonly string[] {
    return this.walk().reaching;
  }

  private walk(): { modules: string[]; reaching: string[] } {
    this.found ??= reachingWymcp(this.context, this.mayNameWymcp);
    return this.found;
  }
}

function reachingWymcp(context: ModuleListContext, mayNameWymcp: (fileName: string) => boolean): { modules: string[]; reaching: string[] } {
  const modules: string[] = [];
  const pending: string[] = [];
  const externals = new Set<string>();
  for (const id of context.getModuleIds()) {
    if (isLocalModule(id)) modules.push(id);
    if (!isWymcpModule(id)) continue;
    pending.push(id);
    if (!path.isAbsolute(id)) externals.add(id);
  }
  // Rolldown lists no importers of an external: the modules importing one are found by their own imports.
  if (externals.size > 0)
    for (const id of modules) {
      if (!mayNameWymcp(id)) continue;
      const info = context.getModuleInfo(id);
      if (info !== null && [...info.importedIds, ...info.dynamicallyImportedIds].some((imported) => externals.has(imported)))
        pending.push(id);
    }
  const reached = new Set(pending);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const info = context.getModuleInfo(next);
    if (info === null) continue;
    for (const importers of [info.importers, info.dynamicImporters]) {
      for (const importer of importers) {
        // A package's module that imports wymcp is never read, so it passes nothing on.
        if (reached.has(importer) || !isLocalModule(importer)) continue;
        reached.add(importer);
        pending.push(importer);
      }
    }
  }
  return { modules, reaching: modules.filter((id) => reached.has(id)) };
}

/** A file on disk outside any package (virtual modules, queries and externals are not). */
function isLocalModule(id: string): boolean {
  return path.isAbsolute(id) && !id.includes("\0") && !id.includes("?") && !id.includes("node_modules");
}

/** Whether a module of the list is wymcp: an external naming it, or a file an import of wymcp resolves to. */
function isWymcpModule(id: string): boolean {
  if (!path.isAbsolute(id)) return isWymcpSpecifier(id) || id.startsWith("#");
  if (id.includes("\0")) return false;
  const file = id.replace(/[?#].*$/, "");
  if (file.includes("node_modules")) return isInstalledWymcpFile(file);
  return isAliasedWymcpFile(file) || isInWymcpPackage(file);
}
