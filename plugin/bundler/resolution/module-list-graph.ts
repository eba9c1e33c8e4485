/**
 * Rolldown's import graph (`reach-graph.ts`), read from its module list at
 * `buildEnd` (`getModuleIds`, `getModuleInfo`: ~25 µs a module). Rolldown
 * lists no importers of an external, so with wymcp external the modules
 * importing it are found by their own imports — asked only of the modules
 * whose text may name wymcp.
 */
import path from "node:path";
import { isLocalModule, isWymcpModule, LazyReachGraph, walkBack, type Reach } from "./reach-graph.js";

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
 * Rolldown's graph, worked out when first read. `mayNameWymcp`: whether a
 * module's text may name wymcp (`false` only when a stored verdict saw it
 * fail the text filter and it is unchanged since): only such a module can
 * import an external wymcp.
 *
 * @example
 * ```ts
 * checker.startBuild(true, moduleListGraph(this, (file) => checker.mayNameWymcp(file))); // in buildEnd
 * ```
 */
export function moduleListGraph(context: ModuleListContext, mayNameWymcp: (fileName: string) => boolean = () => true): LazyReachGraph {
  return new LazyReachGraph(() => moduleListReach(context, mayNameWymcp));
}

function moduleListReach(context: ModuleListContext, mayNameWymcp: (fileName: string) => boolean): Reach {
  const modules: string[] = [];
  const seeds: string[] = [];
  const externals = new Set<string>();
  for (const id of context.getModuleIds()) {
    if (isLocalModule(id)) modules.push(id);
    if (!isWymcpModule(id)) continue;
    seeds.push(id);
    if (!path.isAbsolute(id)) externals.add(id);
  }
  // Asked once a module: a module found importing an external is walked from next.
  const infos = new Map<string, ReturnType<ModuleListContext["getModuleInfo"]>>();
  const infoOf = (id: string) => {
    if (!infos.has(id)) infos.set(id, context.getModuleInfo(id));
    return infos.get(id) ?? null;
  };
  if (externals.size > 0)
    for (const id of modules) {
      const info = mayNameWymcp(id) ? infoOf(id) : null;
      if (info !== null && [...info.importedIds, ...info.dynamicallyImportedIds].some((imported) => externals.has(imported)))
        seeds.push(id);
    }
  const importersOf = (id: string): string[] => {
    const info = infoOf(id);
    return info === null ? [] : [...info.importers, ...info.dynamicImporters];
  };
  const reached = new Set(walkBack(seeds, importersOf, (id) => (isLocalModule(id) ? id : undefined)));
  return { modules, reaching: modules.filter((id) => reached.has(id)) };
}
