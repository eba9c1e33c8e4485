/**
 * Rolldown's import graph (`reach-graph.ts`), read from its module list at
 * `buildEnd` (`getModuleIds`, `getModuleInfo`: ~25 µs a module). Rolldown
 * lists no importers of an external, so with wymcp external the modules
 * importing it are found by their own imports — asked only of the modules
 * whose text may name wymcp. What a module imports also confirms the
 * imports of a stored verdict (`../verdicts/graph-imports.ts`).
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
  // Asked once a module, by the walk and by the stored verdicts whose imports the graph confirms.
  const infos = new Map<string, ModuleInfo>();
  const infoOf = (id: string): ModuleInfo => {
    if (!infos.has(id)) infos.set(id, context.getModuleInfo(id));
    return infos.get(id) ?? null;
  };
  const importsOf = (id: string): readonly string[] | undefined => {
    const info = infoOf(id);
    return info === null ? undefined : [...info.importedIds, ...info.dynamicallyImportedIds];
  };
  const importersOf = (id: string): readonly string[] => {
    const info = infoOf(id);
    return info === null ? [] : [...info.importers, ...info.dynamicImporters];
  };
  return new LazyReachGraph(() => moduleListReach(context, importsOf, importersOf, mayNameWymcp), importsOf);
}

type ModuleInfo = ReturnType<ModuleListContext["getModuleInfo"]>;

function moduleListReach(
  context: ModuleListContext,
  importsOf: (id: string) => readonly string[] | undefined,
  importersOf: (id: string) => readonly string[],
  mayNameWymcp: (fileName: string) => boolean,
): Reach {
  const modules: string[] = [];
  const seeds: string[] = [];
  const externals = new Set<string>();
  for (const id of context.getModuleIds()) {
    if (isLocalModule(id)) modules.push(id);
    if (!isWymcpModule(id)) continue;
    seeds.push(id);
    if (!path.isAbsolute(id)) externals.add(id);
  }
  // A module found importing an external is walked from next.
  if (externals.size > 0)
    for (const id of modules) if (mayNameWymcp(id) && importsOf(id)?.some((imported) => externals.has(imported)) === true) seeds.push(id);
  const reached = new Set(walkBack(seeds, importersOf, (id) => (isLocalModule(id) ? id : undefined)));
  return { modules, reaching: modules.filter((id) => reached.has(id)) };
}
