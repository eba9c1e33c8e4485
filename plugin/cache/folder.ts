/**
 * Where wymcp keeps what it can reuse between runs — the bundler plugin's
 * verdicts, TypeScript's compiled code — by default: the project's
 * `node_modules/.cache/wymcp`, as other build tools do; and how a file
 * there is written: whole or not at all.
 */
import { mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
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

/**
 * Writes a cache file atomically (a temporary file renamed over it, so a
 * concurrent reader sees the old file or the new one, never half of one),
 * creating its folder. A failure is swallowed: a cache that cannot be
 * written only costs the next run its speed.
 *
 * @example
 * ```ts
 * writeAtomically("node_modules/.cache/wymcp/verdicts.json", JSON.stringify(verdicts));
 * ```
 */
export function writeAtomically(file: string, data: string | Buffer): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written only costs the next build its speed.
  }
}
