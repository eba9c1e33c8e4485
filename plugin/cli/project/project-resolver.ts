/**
 * Module resolution with a named tsconfig (its `paths`, `baseUrl`), as the
 * bundlers resolve TypeScript sources (`./x.js` → x.ts): `oxc-resolver`,
 * one resolver per tsconfig. Used where the compiler's own resolution is not
 * reachable from JavaScript (TypeScript 7.0). Only local modules hold
 * constants to read: a package resolves to nothing.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type * as OxcResolver from "oxc-resolver";
import { MissingPeerError } from "../../evaluator/parser.js";

/**
 * A resolver for the files of one tsconfig.
 *
 * @example
 * ```ts
 * projectResolver("/p/tsconfig.json")("#shared/paging", "/p/src/tools.ts"); // "/p/src/shared/paging.ts"
 * ```
 */
export function projectResolver(configFile: string): (specifier: string, containingFile: string) => string | undefined {
  let loaded: typeof OxcResolver;
  try {
    loaded = createRequire(import.meta.url)("oxc-resolver") as typeof OxcResolver;
  } catch (error) {
    throw new MissingPeerError("oxc-resolver", "resolving imported modules at build time", error);
  }
  const resolver = new loaded.ResolverFactory({
    tsconfig: { configFile, references: "auto" },
    extensions: [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json"],
    extensionAlias: { ".js": [".js", ".ts", ".tsx"], ".jsx": [".jsx", ".tsx"], ".mjs": [".mjs", ".mts"], ".cjs": [".cjs", ".cts"] },
    conditionNames: ["import", "module", "node", "default"],
    mainFields: ["module", "main"],
  });
  return (specifier, containingFile) => {
    let file: string | undefined;
    try {
      file = resolver.resolveFileSync(containingFile, specifier).path;
    } catch {
      return undefined;
    }
    return file === undefined || file.split(path.sep).includes("node_modules") ? undefined : file;
  };
}
