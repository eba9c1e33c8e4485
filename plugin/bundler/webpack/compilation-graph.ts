/**
 * webpack's and Rspack's import graph (`../resolution/reach-graph.ts`), read
 * from the compilation's module graph once its modules are built
 * (`finishModules`): a module's importers are the origins of its incoming
 * connections. wymcp's modules are found among the compilation's modules by
 * their `userRequest` — an external's request (`wymcp`), a normal module's
 * file — each read, in Rspack, a crossing into Rust (~15 ms over 1,000
 * modules). Worked out at once, in `finishModules`: the checks go on while
 * the compiler seals the compilation, when its graph is not to be read.
 */
import type { ReachGraph } from "../resolution/bundler-resolvers.js";
import { isLocalModule, isWymcpModule, walkBack } from "../resolution/reach-graph.js";

/** What the graph uses of a webpack or Rspack module graph. */
export interface CompilationModuleGraph {
  getIncomingConnections(module: never): Iterable<{ readonly originModule?: unknown }>;
}

/**
 * The compilation's graph; `undefined` for a compiler without a module
 * graph. `files`: the files of its modules.
 *
 * @example
 * ```ts
 * checker.startBuild(true, compilationGraph(compilation.moduleGraph, modules, files)); // in finishModules
 * ```
 */
export function compilationGraph(
  moduleGraph: CompilationModuleGraph | undefined,
  modules: Iterable<unknown>,
  files: readonly string[],
): ReachGraph | undefined {
  if (typeof moduleGraph?.getIncomingConnections !== "function") return undefined;
  const seeds: unknown[] = [];
  for (const module of modules) {
    const request = (module as { userRequest?: unknown }).userRequest;
    if (typeof request === "string" && isWymcpModule(request)) seeds.push(module);
  }
  const importersOf = function* (module: unknown): Iterable<unknown> {
    for (const connection of moduleGraph.getIncomingConnections(module as never))
      if (connection.originModule !== undefined && connection.originModule !== null) yield connection.originModule;
  };
  const local = (module: unknown) => {
    const file = fileOfModule(module);
    return file !== undefined && isLocalModule(file) ? file : undefined;
  };
  // Two modules of one file (`a.ts`, `a.ts?raw`) name it once.
  return { modules: files.filter(isLocalModule), reaching: [...new Set(walkBack(seeds, importersOf, local))] };
}

/** The file behind a webpack or Rspack module (its resource, without query); `undefined` for a virtual module or an external. */
export function fileOfModule(module: unknown): string | undefined {
  const resource = (module as { resource?: unknown }).resource;
  if (typeof resource !== "string") return undefined;
  const file = resource.replace(/[?#].*$/, "");
  return file.startsWith("\0") ? undefined : file;
}
