/**
 * The TypeScript compiler API, for the evaluator's runtime use (types come
 * from `import type ts from "typescript"`). Loaded on first use, and through
 * `require`: an ESM `import` of TypeScript's 9 MB CommonJS file makes Node
 * scan it for named exports and for module syntax first, which costs about
 * 0.4 s more than `require` on every cold build — and a build whose files
 * declare no tool, or whose verdicts are all cached, never loads it at all.
 * Where the bundler plugin keeps its verdicts, it also keeps TypeScript's
 * compiled code (`code-cache.ts`).
 */
import { createRequire } from "node:module";
import path from "node:path";
import type TypeScript from "typescript";
import { requireWithCodeCache, type CachedModule } from "./code-cache.js";

let loaded: typeof TypeScript | undefined;
let codeCacheFolder: string | undefined;
let cached: CachedModule | undefined;

function load(): typeof TypeScript {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url);
    if (codeCacheFolder === undefined) {
      loaded = require("typescript") as typeof TypeScript;
    } else {
      const fileName = require.resolve("typescript");
      const version = (require("typescript/package.json") as { version?: unknown }).version;
      cached = requireWithCodeCache(fileName, path.join(codeCacheFolder, `typescript-${String(version)}-v8-${process.versions.v8}.bin`));
      loaded = cached.exports as typeof TypeScript;
    }
    // Importers read this live binding: after the first use they reach TypeScript itself, not the stand-in.
    typescript = loaded;
  }
  return loaded;
}

/**
 * Keeps TypeScript's compiled code in `folder` (a no-op once TypeScript is
 * loaded, or once a folder is chosen).
 *
 * @example
 * ```ts
 * keepCompiledCodeIn("node_modules/.cache/wymcp");
 * ```
 */
export function keepCompiledCodeIn(folder: string): void {
  codeCacheFolder ??= folder;
}

/** Writes TypeScript's compiled code to the folder chosen, if it was compiled in this process (after use, so what was compiled by then is kept). */
export function saveCompiledCode(): void {
  cached?.save();
}

/**
 * TypeScript itself once anything has used it; until then a stand-in that
 * loads it on first use.
 *
 * @example
 * ```ts
 * import { typescript } from "./typescript.js";
 * typescript.isIdentifier(node);
 * ```
 */
export let typescript: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get: (_target, key) => Reflect.get(load(), key),
  has: (_target, key) => Reflect.has(load(), key),
});

/** Loads TypeScript now (a no-op once loaded). */
export function loadTypeScript(): typeof TypeScript {
  return load();
}

/**
 * Uses a TypeScript that is already loaded — `tspc`'s or the editor's — when
 * the evaluator has not loaded its own yet: loading a second copy of the
 * compiler would cost more than the whole check.
 *
 * @example
 * ```ts
 * adoptTypeScript(extras.ts);
 * ```
 */
export function adoptTypeScript(instance: typeof TypeScript): void {
  if (loaded !== undefined) return;
  loaded = instance;
  typescript = instance;
}
