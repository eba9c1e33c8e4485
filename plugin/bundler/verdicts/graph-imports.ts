/**
 * The imports of a stored verdict that a build's import graph confirms in
 * place of the bundler's resolver (a build that runs once, its module list
 * read when it ends: `module-list-pass.ts`). A resolution whose answer the
 * check took as wymcp-free, never reading it, told the check one thing:
 * "what this import names is nothing of wymcp's" — and any wymcp-free
 * module, or any module the check cannot read (a package's, a virtual one),
 * tells it the same. So the bundler is not asked again (its `this.resolve`
 * is most of a kept build's cost); the graph must show instead that the
 * importer still imports that module, that the module is still wymcp-free,
 * and that every module the importer imports which reaches wymcp is one its
 * other resolutions, asked of the bundler, name.
 *
 * What this cannot tell from asking: an unchanged file whose imports are
 * resolved anew so that one of them now names wymcp itself, or a module
 * another of its imports names, while a second import takes over the old
 * answer — two resolutions of one file changed together by the bundler's
 * configuration.
 */
import type { Resolution } from "../../check/reads.js";
import type { ReachGraph } from "../resolution/bundler-resolvers.js";
import type { Entry } from "./verdict-store.js";

/** What the graph must confirm of one importer of a stored verdict. */
export interface GraphImports {
  readonly importer: string;
  /** The wymcp-free modules its confirmed-by-graph resolutions answered. */
  readonly free: readonly string[];
  /** The modules its other resolutions (asked of the bundler) answered. */
  readonly named: readonly string[];
}

/** A stored verdict's resolutions, split. */
export interface SplitResolutions {
  /** To ask the bundler (the containing file `""` already replaced by the file itself). */
  readonly asked: readonly Resolution[];
  /** For the graph to confirm, by importer. */
  readonly imports: readonly GraphImports[];
}

/** How a build's graph is asked: the modules a module imports (`undefined`: not in the graph), and whether one reaches wymcp. */
export interface ImportsGraph {
  importsOf(fileName: string): readonly string[] | undefined;
  reaches(id: string): boolean;
}

/**
 * Splits the resolutions of `entry`, the stored verdict on `fileName`: those
 * the graph can confirm (answered by a module the check took as wymcp-free
 * and never read) and those to ask the bundler.
 *
 * @example
 * ```ts
 * const { asked, imports } = splitResolutions("/src/tools.ts", stored);
 * ```
 */
export function splitResolutions(fileName: string, entry: Entry): SplitResolutions {
  const unread = new Set(entry.free);
  for (const [read] of entry.reads ?? []) unread.delete(read);
  const asked: Resolution[] = [];
  const byImporter = new Map<string, { free: string[]; named: string[] }>();
  const importer = (name: string) => {
    let imports = byImporter.get(name);
    if (imports === undefined) byImporter.set(name, (imports = { free: [], named: [] }));
    return imports;
  };
  for (const [specifier, containing, answer] of entry.resolutions ?? []) {
    const from = containing === "" ? fileName : containing;
    if (answer !== null && unread.has(answer)) importer(from).free.push(answer);
    else asked.push([specifier, from, answer]);
  }
  if (byImporter.size === 0) return { asked, imports: [] };
  for (const [, from, answer] of asked) if (answer !== null && byImporter.has(from)) importer(from).named.push(answer);
  return { asked, imports: [...byImporter].map(([name, { free, named }]) => ({ importer: name, free, named })) };
}

/**
 * Whether the build's graph confirms `imports` (the wymcp-free modules must
 * also still be so: the caller checks them with the verdict's other
 * wymcp-free modules).
 *
 * @example
 * ```ts
 * if (!graphConfirms(kept.imports, graph)) return checker.check(fileName);
 * ```
 */
export function graphConfirms(imports: readonly GraphImports[], graph: ImportsGraph): boolean {
  return imports.every(({ importer, free, named }) => {
    const imported = graph.importsOf(importer);
    return (
      imported !== undefined &&
      free.every((module) => imported.includes(module)) &&
      imported.every((module) => !graph.reaches(module) || named.includes(module))
    );
  });
}

/**
 * A build's graph as `graphConfirms` asks it; `undefined` for one that does not list what each module imports.
 *
 * @example
 * ```ts
 * const graph = importsGraph(moduleListGraph(this));
 * ```
 */
export function importsGraph(graph: ReachGraph): ImportsGraph | undefined {
  if (graph.importsOf === undefined) return undefined;
  let reaching: ReadonlySet<string> | undefined;
  return {
    importsOf: (fileName) => graph.importsOf?.(fileName),
    reaches: (id) => (reaching ??= new Set(graph.reaching)).has(id),
  };
}
