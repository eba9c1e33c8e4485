/**
 * Reading modules for the evaluator: source files parsed from disk (cached
 * per file, reused while the text is unchanged) and relative module
 * specifiers resolved the way TypeScript users write them (`./x`, `./x.js`
 * for `./x.ts`, a folder's index file).
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type ts from "typescript";
import { typescript } from "./typescript.js";

/**
 * How the evaluator reaches other modules. The default reads from disk; a
 * `tsc` transformer or a language-service plugin can answer from its program.
 */
export interface ModuleHost {
  /** The parsed file, or `undefined` when it cannot be read. Parent pointers must be set. */
  getSourceFile(fileName: string): ts.SourceFile | undefined;
  /** The file a module specifier names, or `undefined` when it is not a local module. */
  resolveModule(specifier: string, containingFile: string): string | undefined;
}

/** The extensions of source files the evaluator (and the plugins) read. */
export const SOURCE_EXTENSIONS: readonly string[] = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

// `./x.js` in TypeScript source names `./x.ts`: the emitted name, not the file.
const EMITTED_TO_SOURCE: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

const parsed = new Map<string, { readonly text: string; readonly sourceFile: ts.SourceFile }>();

/**
 * Parses source text with parent pointers (the evaluator walks up from
 * identifiers), picking the script kind from the extension.
 *
 * @example
 * ```ts
 * const sourceFile = parseSource("/src/tools.ts", "export const x = 1;");
 * ```
 */
export function parseSource(fileName: string, text: string): ts.SourceFile {
  const cached = parsed.get(fileName);
  if (cached !== undefined && cached.text === text) return cached.sourceFile;
  // Doc comments hold nothing the evaluator reads: not parsing them saves time on documented code (TypeScript ≥ 5.3; older versions ignore the option).
  const options = { languageVersion: typescript.ScriptTarget.Latest, jsDocParsingMode: 1 /* JSDocParsingMode.ParseNone */ } as ts.CreateSourceFileOptions;
  const sourceFile = typescript.createSourceFile(fileName, text, options, true, scriptKind(fileName));
  parsed.set(fileName, { text, sourceFile });
  return sourceFile;
}

function scriptKind(fileName: string): ts.ScriptKind {
  const extension = path.extname(fileName).toLowerCase();
  if (extension === ".tsx") return typescript.ScriptKind.TSX;
  if (extension === ".jsx") return typescript.ScriptKind.JSX;
  if (extension === ".js" || extension === ".mjs" || extension === ".cjs") return typescript.ScriptKind.JS;
  return typescript.ScriptKind.TS;
}

/**
 * The file a relative specifier names: the exact file, its TypeScript
 * source for an emitted name, the name with a source extension added, or the
 * folder's index file. Package specifiers are not local modules: `undefined`.
 *
 * @example
 * ```ts
 * resolveRelativeModule("./shared.js", "/src/tools.ts"); // "/src/shared.ts"
 * ```
 */
export function resolveRelativeModule(specifier: string, containingFile: string): string | undefined {
  if (!/^\.\.?(\/|$)/.test(specifier)) return undefined;
  const base = path.resolve(path.dirname(containingFile), specifier);
  const extension = path.extname(base);
  const stem = base.slice(0, base.length - extension.length);
  // Candidates in order, each tried only when the ones before it are missing.
  for (const source of EMITTED_TO_SOURCE[extension] ?? []) if (isFile(stem + source)) return stem + source;
  if (SOURCE_EXTENSIONS.includes(extension) && isFile(base)) return base;
  for (const source of SOURCE_EXTENSIONS) if (isFile(base + source)) return base + source;
  for (const source of SOURCE_EXTENSIONS) {
    const index = path.join(base, `index${source}`);
    if (isFile(index)) return index;
  }
  return undefined;
}

function isFile(fileName: string): boolean {
  return statSync(fileName, { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * The default host: files read from disk (re-read on every session, parsed
 * again only when their text changed) and relative specifiers resolved.
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
    resolveModule: resolveRelativeModule,
  };
}
