/**
 * Wymcp-free modules: those whose imports, followed through every local
 * module the bundler bundled, never reach wymcp. Such a module can export
 * nothing of wymcp's, so a check asking whether a name it exports is
 * `defineTool` (every call in a tool file's handlers asks that of its
 * callee) is answered from the bundler's import graph instead of parsing the
 * module. A verdict that relied on such an answer records the module
 * (`Entry.free`) and holds only while the graph of a later build says the
 * same (`module-checker.ts`).
 *
 * The graph is the one the evaluator follows: an import of the specifier
 * `wymcp` or a subpath of it (however the bundler resolves it), of a
 * subpath import (`#w`, which package.json may map to wymcp), or of an alias
 * bundling the same file or a file of an installed wymcp, reaches wymcp; an
 * import of a local module reaches what that module reaches; a package, an
 * external or a virtual module is opaque to the evaluator (it never reads
 * them) and so reaches nothing. A module the graph does not know is never
 * wymcp-free. esbuild's metafile is read here; Rolldown, webpack and Rspack
 * list each module's importers instead, walked back from wymcp
 * (`reach-graph.ts`).
 */
import { isInstalledWymcpFile, isWymcpSpecifier, PACKAGE_NAME } from "../../package.js";
import { isNamespaced, type ImportGraph, type ReachGraph, type ResolutionMetafile } from "./bundler-resolvers.js";
import { metafileInput } from "./metafile-paths.js";

/** Whether a module (an absolute file name) is wymcp-free in this build's graph. */
export type WymcpFree = (fileName: string) => boolean;

/**
 * esbuild's wymcp-free modules, from the metafile, which records every
 * import of every input with the specifier written (`original`, or `path`
 * when they are the same) and the file bundled for it. Worked out once,
 * when first asked (a build whose verdicts are all kept may never ask).
 *
 * @example
 * ```ts
 * const free = metafileWymcpFree(result.metafile, cwd);
 * free("/project/src/lib/format.ts"); // true: nothing it imports reaches wymcp
 * ```
 */
export function metafileWymcpFree(metafile: ResolutionMetafile | undefined, cwd: string): WymcpFree {
  let reaching: Set<string> | undefined;
  const inputs = metafile?.inputs ?? {};
  const answers = new Map<string, boolean>();
  return (fileName) => {
    let free = answers.get(fileName);
    if (free === undefined) {
      reaching ??= reachingWymcp(inputs);
      const input = metafileInput(cwd, fileName);
      free = Object.hasOwn(inputs, input) && !reaching.has(input);
      answers.set(fileName, free);
    }
    return free;
  };
}

/**
 * The wymcp-free modules of a build's graph, read when first asked: a graph
 * built on demand (Rolldown's, `module-list-graph.ts`) is then built only by
 * a build that asks.
 *
 * @example
 * ```ts
 * const free = graphWymcpFree({ metafile: result.metafile, cwd });
 * ```
 */
export function graphWymcpFree(graph: ImportGraph): WymcpFree {
  let free: WymcpFree | undefined;
  return (fileName) => (free ??= "metafile" in graph ? metafileWymcpFree(graph.metafile, graph.cwd) : reachWymcpFree(graph))(fileName);
}

/** A module the bundler lists, from which no import chain reaches wymcp. */
function reachWymcpFree(graph: ReachGraph): WymcpFree {
  const modules = new Set(graph.modules);
  const reaching = new Set(graph.reaching);
  return (fileName) => modules.has(fileName) && !reaching.has(fileName);
}

/** `wymcp`, a subpath of it, or a subpath import (`#w`): a specifier (or an external's path) that may name wymcp. */
export function specifierMayNameWymcp(specifier: string): boolean {
  return isWymcpSpecifier(specifier) || specifier.startsWith("#");
}

/** A package or a virtual module: what the evaluator never reads besides other namespaces, and which so reaches nothing. */
const OPAQUE = /(?:^|\/)node_modules\/|[?\0]/;

/** The inputs (as the metafile names them) from which an import chain reaches wymcp. */
function reachingWymcp(inputs: ResolutionMetafile["inputs"]): Set<string> {
  const reaching = new Set<string>();
  const importers = new Map<string, string[]>();
  // What `wymcp` itself resolves to: an alias bundling the same file (or any file of an installed wymcp) names wymcp too.
  const wymcpFiles = new Set<string>();
  for (const input in inputs) for (const edge of inputs[input]!.imports) if (edge.original === PACKAGE_NAME) wymcpFiles.add(edge.path);
  // No destructuring: this runs on every build whose kept verdicts took modules as wymcp-free, mostly before the code is optimised.
  for (const input in inputs) {
    for (const edge of inputs[input]!.imports) {
      if (
        specifierMayNameWymcp(edge.path) ||
        (edge.original !== undefined && specifierMayNameWymcp(edge.original)) ||
        wymcpFiles.has(edge.path) ||
        isInstalledWymcpFile(edge.path)
      )
        reaching.add(input);
      else if (edge.external === true || isNamespaced(edge.path) || OPAQUE.test(edge.path)) continue;
      // A local module the metafile does not list as an input is unknown: the importer is not wymcp-free.
      else if (!Object.hasOwn(inputs, edge.path)) reaching.add(input);
      else {
        const list = importers.get(edge.path);
        if (list === undefined) importers.set(edge.path, [input]);
        else list.push(input);
      }
    }
  }
  // Whatever imports a module that reaches wymcp reaches it too.
  const pending = [...reaching];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const importer of importers.get(next) ?? []) {
      if (reaching.has(importer)) continue;
      reaching.add(importer);
      pending.push(importer);
    }
  }
  return reaching;
}
