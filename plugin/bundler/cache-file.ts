/** Where the plugin keeps its verdicts by default (`cache.ts` keeps them). */
import { statSync } from "node:fs";
import path from "node:path";

/**
 * The default cache file: `node_modules/.cache/wymcp/verdicts.json` under
 * `cwd`, when `cwd` has a `node_modules` folder; else none.
 *
 * @example
 * ```ts
 * defaultCacheFile("/project"); // "/project/node_modules/.cache/wymcp/verdicts.json"
 * ```
 */
export function defaultCacheFile(cwd: string): string | undefined {
  const modules = path.join(cwd, "node_modules");
  return statSync(modules, { throwIfNoEntry: false })?.isDirectory() ? path.join(modules, ".cache", "wymcp", "verdicts.json") : undefined;
}
