/**
 * Each bundler's own resolver as a `BundlerResolve` (`pre-resolution.ts`):
 * the check then reads the file the bundler bundles — its aliases, its
 * extension order (`./shared.js` next to shared.js and shared.ts), its
 * plugins' `resolveId`. Rollup, Vite and Rolldown answer through
 * `this.resolve`; webpack and Rspack through the compiler's resolver for
 * ES module imports; esbuild, whose `build.resolve` refuses calls once the
 * build has ended (when the check runs), through the metafile, which
 * records the file esbuild bundled for every import of every input.
 */
import path from "node:path";
import type { BundlerResolve } from "./pre-resolution.js";
import { resolveLocalModule } from "../../evaluator/resolver.js";
import { isInstalledWymcpFile } from "../../package.js";
import { metafileFile, metafileInput } from "./metafile-paths.js";

/**
 * The local file behind a bundler's answer; `undefined` for anything else:
 * a virtual module (`\0…`, not a path), a module with a query (`?raw`:
 * not the module's constants), a package under `node_modules` — but for
 * wymcp's own files, which an alias of wymcp resolves to (the check then
 * knows the alias names wymcp; it reads no constants there).
 *
 * @example
 * ```ts
 * localFile("/src/shared.ts"); // "/src/shared.ts"
 * localFile("\0virtual:x"); // undefined
 * ```
 */
export function localFile(id: string | false | null | undefined): string | undefined {
  if (typeof id !== "string" || id.includes("\0") || id.includes("?") || !path.isAbsolute(id)) return undefined;
  // Asked of every resolution a kept verdict compares: most answers are local files, told apart without splitting.
  if (!id.includes("node_modules")) return id;
  return id.split(/[\\/]/).includes("node_modules") && !isInstalledWymcpFile(id) ? undefined : id;
}

/** What the plugin uses of a Rollup, Vite or Rolldown plugin context. */
interface ResolvingContext {
  resolve?: (
    this: unknown,
    source: string,
    importer: string,
    options: { skipSelf: boolean },
  ) => Promise<{ id: string; external?: boolean | string } | null>;
}

/**
 * Rollup, Vite and Rolldown: `this.resolve` of the hook's context, which
 * runs every other plugin's `resolveId` (aliases among them) and the
 * bundler's own resolution. `undefined` for a bundler without it.
 *
 * @example
 * ```ts
 * const resolve = contextResolver(this); // in a transform hook
 * ```
 */
export function contextResolver(context: unknown): BundlerResolve | undefined {
  const resolving = context as ResolvingContext;
  const resolve = resolving.resolve;
  if (typeof resolve !== "function") return undefined;
  return async (specifier, importer) => {
    const resolved = await resolve.call(resolving, specifier, importer, { skipSelf: true });
    if (resolved === null) return undefined;
    if (resolved.external === undefined || resolved.external === false) return localFile(resolved.id);
    // An external is not bundled, so not read — but an external wymcp still says which specifiers name it
    // (Vite's SSR builds answer `{ id: "wymcp", external: true, packageJsonPath }`): one of its files says so.
    const manifest = (resolved as { packageJsonPath?: unknown }).packageJsonPath;
    if (typeof manifest === "string" && isInstalledWymcpFile(manifest)) return manifest;
    return isInstalledWymcpFile(resolved.id) ? localFile(resolved.id) : undefined;
  };
}

/** What the plugin uses of a webpack or Rspack resolver. */
interface CompilerResolver {
  resolve(
    context: object,
    directory: string,
    request: string,
    resolveContext: object,
    callback: (error: unknown, result?: string | false, request?: { path?: string | false; query?: string; fragment?: string }) => void,
  ): void;
}

/** What the plugin uses of a webpack or Rspack compiler to resolve. */
export interface ResolverCompiler {
  readonly resolverFactory?: { get(type: string, options?: object): CompilerResolver };
}

/**
 * webpack and Rspack: the compiler's resolver for ES module imports, with
 * the configuration's `resolve` (`alias`, `extensions`, `extensionAlias`,
 * `byDependency`). `undefined` for a compiler without one.
 *
 * @example
 * ```ts
 * const resolve = compilerResolver(compiler); // in finishModules
 * ```
 */
export function compilerResolver(compiler: ResolverCompiler): BundlerResolve | undefined {
  const resolver = compiler.resolverFactory?.get("normal", { dependencyType: "esm" });
  if (resolver === undefined) return undefined;
  return (specifier, importer) =>
    new Promise((done) => {
      resolver.resolve({}, path.dirname(importer), specifier, {}, (error, result, request) => {
        if (error !== null && error !== undefined) return done(undefined);
        // A query or fragment names something else than the module's constants.
        if (request !== undefined && ((request.query ?? "") !== "" || (request.fragment ?? "") !== "")) return done(undefined);
        done(localFile(typeof request?.path === "string" ? request.path : result));
      });
    });
}

/** What the plugin reads of esbuild's metafile. */
export interface ResolutionMetafile {
  readonly inputs: Record<
    string,
    { readonly imports: readonly { readonly path: string; readonly external?: boolean; readonly original?: string }[] }
  >;
}

/**
 * The import graph a bundler hands over before its checks: esbuild's
 * metafile, which answers resolutions and which modules are wymcp-free, or
 * the modules reaching wymcp in Rolldown's, webpack's or Rspack's module
 * graph, which answer only the latter (`reach-graph.ts`).
 */
export type ImportGraph = MetafileGraph | ReachGraph;

/** esbuild's metafile. */
export interface MetafileGraph {
  readonly metafile: ResolutionMetafile | undefined;
  /** The folder the metafile's paths are relative to. */
  readonly cwd: string;
}

/** A bundler's modules (absolute file names), and those of them from which an import chain reaches wymcp. */
export interface ReachGraph {
  readonly modules: readonly string[];
  readonly reaching: readonly string[];
  /** The ids of the modules a module imports, statically or dynamically, when the graph lists them (`undefined`: not in the graph). */
  importsOf?(fileName: string): readonly string[] | undefined;
}

/** Whether a metafile path is of another namespace than files on disk (written `namespace:path`). */
export function isNamespaced(metafilePath: string): boolean {
  return /^[\w-]{2,}:/.test(metafilePath);
}

/**
 * esbuild: the file it bundled for each import, from the metafile (paths
 * relative to the working directory). An import the metafile does not
 * record (esbuild never saw it) is resolved as the CLI resolves it.
 *
 * @example
 * ```ts
 * const resolve = metafileResolver(result.metafile, cwd); // in onEnd
 * ```
 */
export function metafileResolver(metafile: ResolutionMetafile | undefined, cwd: string): BundlerResolve {
  // Indexed by importer as the metafile writes it; each answer worked out when first asked (a build with its verdicts kept asks for few).
  const inputs = metafile?.inputs ?? {};
  const relative = new Map<string, string>();
  const answers = new Map<string, string | undefined>();
  return (specifier, importer) => {
    const key = `${importer}\0${specifier}`;
    if (answers.has(key)) return answers.get(key);
    let input = relative.get(importer);
    if (input === undefined) relative.set(importer, (input = metafileInput(cwd, importer)));
    // The metafile writes the specifier as `original` only when it differs from `path` (an external such as `wymcp` has none).
    const bundled = Object.hasOwn(inputs, input)
      ? inputs[input]!.imports.find((edge) => (edge.original ?? edge.path) === specifier)
      : undefined;
    // Inputs of other namespaces are written `namespace:path`: not a file this check reads.
    const answer =
      bundled === undefined
        ? resolveLocalModule(specifier, importer)
        : bundled.external === true || isNamespaced(bundled.path)
          ? undefined
          : localFile(metafileFile(cwd, bundled.path));
    answers.set(key, answer);
    return answer;
  };
}
