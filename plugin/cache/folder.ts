/**
 * Where wymcp keeps what it can reuse between runs — the bundler plugin's
 * verdicts, TypeScript's compiled code — by default: the project's
 * `node_modules/.cache/wymcp`, as other build tools do.
 */
import { statSync } from "node:fs";
import path from "node:path";

/**
 * The default cache folder: `node_modules/.cache/wymcp` under `cwd`, when
 * `cwd` has a `node_modules` folder; else none.
 *
 * @example
 * ```ts
 * defaultCacheFolder("/project"); // "/project/node_modules/.cache/wymcp"
 * ```
 */
export function defaultCacheFolder(cwd: string): string | undefined {
  const modules = path.join(cwd, "node_modules");
  return statSync(modules, { throwIfNoEntry: false })?.isDirectory() ? path.join(modules, ".cache", "wymcp") : undefined;
}
