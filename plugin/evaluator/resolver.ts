/**
 * Module resolution for the hosts without a resolver of their own (the CLI,
 * a bundler check that runs outside its bundler, an import esbuild's
 * metafile does not record): `oxc-resolver`, set up
 * as bundlers resolve TypeScript sources — an existing file first (`./x.js`
 * names x.js when it exists, as esbuild, Vite and Rollup bundle it), then
 * its TypeScript source (`./x.js` → x.ts), a folder's index file, and the
 * `paths` of the nearest tsconfig.json, and package.json `imports`. A file
 * under `node_modules` is answered too (the check reads no constants from
 * packages, but asks which package a specifier names: an alias of wymcp is
 * wymcp); any resolver error (ENOTDIR, ELOOP, not found) resolves nothing —
 * the value is then unknown.
 */
import { createRequire } from "node:module";
import type * as OxcResolver from "oxc-resolver";
import { MissingPeerError } from "./parser.js";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"];

let factory: OxcResolver.ResolverFactory | undefined;

function resolver(): OxcResolver.ResolverFactory {
  if (factory !== undefined) return factory;
  let loaded: typeof OxcResolver;
  try {
    loaded = createRequire(import.meta.url)("oxc-resolver") as typeof OxcResolver;
  } catch (error) {
    throw new MissingPeerError("oxc-resolver", "resolving imported modules at build time", error);
  }
  factory = new loaded.ResolverFactory({
    tsconfig: "auto",
    extensions: EXTENSIONS,
    extensionAlias: { ".js": [".js", ".ts", ".tsx"], ".jsx": [".jsx", ".tsx"], ".mjs": [".mjs", ".mts"], ".cjs": [".cjs", ".cts"] },
    conditionNames: ["import", "module", "node", "default"],
    mainFields: ["module", "main"],
  });
  return factory;
}

/**
 * The file a specifier names from `containingFile` (a package's file under
 * `node_modules` included); `undefined` for a module that is not found, or
 * any resolver error.
 *
 * @example
 * ```ts
 * resolveLocalModule("./shared.js", "/src/tools.ts"); // "/src/shared.ts" (when there is no shared.js)
 * ```
 */
export function resolveLocalModule(specifier: string, containingFile: string): string | undefined {
  let result: OxcResolver.ResolveResult;
  try {
    result = resolver().resolveFileSync(containingFile, specifier);
  } catch (error) {
    if (error instanceof MissingPeerError) throw error;
    return undefined;
  }
  return result.path;
}

/** Forgets what the resolver cached (files may have changed between builds). */
export function clearResolverCache(): void {
  factory?.clearCache();
}
