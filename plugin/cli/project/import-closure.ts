/**
 * The files a compiler reaches from a tsconfig's own files through their
 * imports, found without the compiler: the module specifiers in each file's
 * text (`import`/`export … from`, `import()`, `require()`, `/// <reference
 * path>`), resolved with the tsconfig's resolver, followed to the project's
 * own sources. `wymcp tsc` uses it on TypeScript 7, where asking the
 * compiler for its program would repeat, in the API's process, the whole
 * parse that tsc is doing beside it (BENCHMARKS.md, measure 10). A
 * specifier in a comment or a string can only add a file to check, never
 * hide one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isOwnSource } from "./project.js";

const SPECIFIER = /\b(?:from|import)\s*\(?\s*["']([^"'\n]+)["']|\brequire\s*\(\s*["']([^"'\n]+)["']/g;
const REFERENCE = /^\/\/\/\s*<reference\s+path\s*=\s*["']([^"'\n]+)["']/gm;
/** What a relative `./x.js` may name among TypeScript sources, as the compiler maps it. */
const SOURCE_OF: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx", ".js"],
  ".jsx": [".tsx", ".jsx"],
  ".mjs": [".mts", ".mjs"],
  ".cjs": [".cts", ".cjs"],
  "": [".ts", ".tsx", ".js", "/index.ts", "/index.tsx", "/index.js"],
};

/** Each file reached, with its text (`undefined`: it could not be read; the check says so). */
export type ReachedFiles = ReadonlyMap<string, string | undefined>;

/**
 * The root files, then every own source their imports reach, each once, in that order, with their texts.
 *
 * @example
 * ```ts
 * [...importClosure(["/p/src/index.ts"], projectResolver("/p/tsconfig.json")).keys()]; // ["/p/src/index.ts", "/p/lib/shared.ts"]
 * ```
 */
export function importClosure(
  roots: readonly string[],
  resolve: (specifier: string, containingFile: string) => string | undefined,
  allowJs: boolean,
): ReachedFiles {
  const files = new Map<string, string | undefined>(roots.map((file) => [file, undefined]));
  const queue = [...files.keys()];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    files.set(file, text);
    for (const [target, relative] of reached(file, text, files, resolve)) {
      if (files.has(target) || !compiled(target, relative, allowJs)) continue;
      files.set(target, undefined);
      queue.push(target);
    }
  }
  return files;
}

function* reached(
  file: string,
  text: string,
  known: ReadonlyMap<string, unknown>,
  resolve: (specifier: string, containingFile: string) => string | undefined,
): Generator<[target: string, relative: boolean]> {
  for (const [, imported, required] of text.matchAll(SPECIFIER)) {
    const specifier = imported ?? required;
    if (specifier === undefined) continue;
    // Most imports name a file already listed: found without asking the resolver (a file system walk per specifier).
    if (specifier.startsWith(".") && knownTarget(path.resolve(path.dirname(file), specifier), known)) continue;
    const resolved = resolve(specifier, file);
    if (resolved !== undefined) yield [path.resolve(resolved), specifier.startsWith(".")];
  }
  for (const [, reference] of text.matchAll(REFERENCE))
    if (reference !== undefined) yield [path.resolve(path.dirname(file), reference), true];
}

/**
 * Whether tsc compiles a file an import reached: a TypeScript source; a JavaScript one only with `allowJs`, and only
 * through a relative import (a package's JavaScript is typed by its declarations, which tsc reads instead).
 */
function compiled(file: string, relative: boolean, allowJs: boolean): boolean {
  if (!isOwnSource(file)) return false;
  return /\.[cm]?tsx?$/.test(file) || (allowJs && relative);
}

function knownTarget(target: string, known: ReadonlyMap<string, unknown>): boolean {
  if (known.has(target)) return true;
  const extension = path.extname(target);
  const stem = extension in SOURCE_OF ? target.slice(0, target.length - extension.length) : target;
  return (SOURCE_OF[extension in SOURCE_OF ? extension : ""] ?? []).some((candidate) => known.has(stem + candidate));
}
