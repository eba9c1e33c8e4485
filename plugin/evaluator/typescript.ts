/**
 * The TypeScript compiler API, for the evaluator's runtime use (types come
 * from `import type ts from "typescript"`). Loaded on first use, and through
 * `require`: an ESM `import` of TypeScript's 9 MB CommonJS file makes Node
 * scan it for named exports and for module syntax first, which costs about
 * 0.4 s more than `require` on every cold build — and a build whose files
 * declare no tool, or whose verdicts are all cached, never loads it at all.
 * A host may choose how it is loaded (the bundler plugin and the CLI keep
 * its compiled code between runs), or hand over a TypeScript it already
 * runs (`tspc`, tsserver).
 */
import { createRequire } from "node:module";
import type TypeScript from "typescript";

let loaded: typeof TypeScript | undefined;
let loader: (() => typeof TypeScript) | undefined;

function load(): typeof TypeScript {
  if (loaded === undefined) {
    loaded = loader === undefined ? (createRequire(import.meta.url)("typescript") as typeof TypeScript) : loader();
    // Importers read this live binding: after the first use they reach TypeScript itself, not the stand-in.
    typescript = loaded;
  }
  return loaded;
}

/**
 * Loads TypeScript with `load` when it is first needed, instead of a plain
 * `require` (a no-op once TypeScript is loaded, or once a loader is chosen).
 *
 * @example
 * ```ts
 * useTypeScriptLoader(() => requireWithCodeCache(require.resolve("typescript"), cacheFile).exports as typeof ts);
 * ```
 */
export function useTypeScriptLoader(load: () => typeof TypeScript): void {
  if (loaded === undefined) loader ??= load;
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
