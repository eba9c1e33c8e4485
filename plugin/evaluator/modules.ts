/**
 * Reading modules for the evaluator: source files parsed from disk (cached
 * per file, reused while the text is unchanged) and module specifiers
 * resolved by a real resolver (`resolver.ts`).
 */
import { readFileSync } from "node:fs";
import { parseModule, type SourceFile } from "./ast.js";
import { resolveLocalModule } from "./resolver.js";
import { ParseCache } from "./parse-cache.js";

/**
 * How the evaluator reaches other modules. The default reads from disk; a
 * bundler answers with its own resolver, a `tsc` transformer or a
 * language-service plugin from its program.
 */
export interface ModuleHost {
  /** The parsed file, or `undefined` when it cannot be read. */
  getSourceFile(fileName: string): SourceFile | undefined;
  /**
   * The file a module specifier names, or `undefined` when it is not found.
   * A package's file may be answered (the evaluator reads no constants from
   * `node_modules`, but an alias resolving into wymcp names wymcp); a host
   * may also answer `undefined` for packages.
   */
  resolveModule(specifier: string, containingFile: string): string | undefined;
  /**
   * Whether the bundler's import graph shows that nothing the module imports
   * reaches wymcp (`../bundler/resolution/wymcp-free.ts`): it then exports nothing of
   * wymcp's, and need not be read to be sure. Absent: nothing is known.
   */
  isWymcpFree?(fileName: string): boolean;
}

/** The extensions of source files the evaluator (and the plugins) read. */
export const SOURCE_EXTENSIONS: readonly string[] = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

const parsed = new ParseCache();

/**
 * Parses source text (parent pointers set), reusing a recent parse of the
 * same file while its text is unchanged (`ParseCache`).
 *
 * @example
 * ```ts
 * const sourceFile = parseSource("/src/tools.ts", "export const x = 1;");
 * ```
 */
export function parseSource(fileName: string, text: string): SourceFile {
  const cached = parsed.get(fileName, text);
  if (cached !== undefined) return cached;
  const sourceFile = parseModule(fileName, text);
  parsed.set(fileName, text, sourceFile);
  return sourceFile;
}

/**
 * The default host: files read from disk (re-read on every session, parsed
 * again only when their text changed) and specifiers resolved as bundlers
 * resolve them, with tsconfig `paths`.
 *
 * @example
 * ```ts
 * const evaluator = new Evaluator(diskHost());
 * ```
 */
export function diskHost(): ModuleHost {
  return {
    getSourceFile(fileName) {
      let text: string;
      try {
        text = readFileSync(fileName, "utf8");
      } catch {
        return undefined;
      }
      return parseSource(fileName, text);
    },
    resolveModule: resolveLocalModule,
  };
}
