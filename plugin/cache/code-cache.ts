/**
 * Loading a large CommonJS file — TypeScript's 9 MB compiler — with a V8
 * code cache, as Node 22's `module.enableCompileCache()` does (Node 20 has
 * none): V8 then reads the compiled code back instead of compiling the
 * source again, about 0.1 s of a build that must check a changed tool file.
 * V8 checks the cached data against the source and its own version and
 * flags, and rejects data that does not match; the module is then compiled
 * as usual and the cache written anew.
 *
 * The bundler plugin and the CLI load the evaluator's TypeScript this way,
 * its compiled code kept in their cache folder.
 */
import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import type TypeScript from "typescript";
import { useTypeScriptLoader } from "../evaluator/typescript.js";
import { typescriptVersion } from "../package.js";
import { writeAtomically } from "./folder.js";

let cachedTypeScript: CachedModule | undefined;

/**
 * Keeps TypeScript's compiled code in `folder`: the evaluator loads
 * TypeScript through the code cache there (a no-op once TypeScript is
 * loaded, or once a folder is chosen).
 *
 * @example
 * ```ts
 * keepCompiledCodeIn("node_modules/.cache/wymcp");
 * ```
 */
export function keepCompiledCodeIn(folder: string): void {
  useTypeScriptLoader(() => {
    const fileName = createRequire(import.meta.url).resolve("typescript");
    cachedTypeScript = requireWithCodeCache(fileName, path.join(folder, `typescript-${String(typescriptVersion())}-v8-${process.versions.v8}.bin`));
    return cachedTypeScript.exports as typeof TypeScript;
  });
}

/** Writes TypeScript's compiled code to the folder chosen, if it was compiled in this process (after use, so what was compiled by then is kept). */
export function saveCompiledCode(): void {
  cachedTypeScript?.save();
}

/** A module loaded through the code cache. */
export interface CachedModule {
  readonly exports: unknown;
  /** Whether V8 took the compiled code from the cache. */
  readonly fromCache: boolean;
  /** Writes the compiled code for the next process, when it was not read from the cache (call it after use: code compiled by then is included). */
  save(): void;
}

/**
 * `require(fileName)`, with its compiled code kept in `cacheFile`. The
 * module is registered in `require.cache`, so a later `require` of the same
 * file anywhere in the process gets this instance; a file someone already
 * required is returned as it is.
 *
 * @example
 * ```ts
 * const ts = requireWithCodeCache(require.resolve("typescript"), "node_modules/.cache/wymcp/typescript.v8");
 * ts.save(); // after the first check
 * ```
 */
export function requireWithCodeCache(fileName: string, cacheFile: string): CachedModule {
  const require = createRequire(fileName);
  const known = require.cache[fileName];
  if (known !== undefined) return { exports: known.exports, fromCache: false, save: () => undefined };
  const cachedData = readOrUndefined(cacheFile);
  // Read, then decoded: on Node 20 half the time of reading as "utf8" for a 9 MB file.
  const source = readFileSync(fileName).toString("utf8");
  const script = new vm.Script(Module.wrap(source), { filename: fileName, ...(cachedData === undefined ? {} : { cachedData }) });
  const module = new Module(fileName);
  module.filename = fileName;
  // Registered before it runs, as `require` does, so a cycle back to it finds it.
  require.cache[fileName] = module;
  try {
    (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, require, module, fileName, path.dirname(fileName));
  } catch (error) {
    delete require.cache[fileName];
    throw error;
  }
  module.loaded = true;
  const fromCache = cachedData !== undefined && script.cachedDataRejected !== true;
  let saved = fromCache;
  return {
    exports: module.exports,
    fromCache,
    save() {
      if (saved) return;
      saved = true;
      writeAtomically(cacheFile, script.createCachedData());
    },
  };
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
