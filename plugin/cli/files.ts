/**
 * The files `wymcp check` reads: the named files, and every source file
 * under the named folders except `node_modules`, `dist`, hidden folders and
 * declaration files.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { SOURCE_EXTENSIONS } from "../evaluator/modules.js";

const SKIPPED_FOLDERS = new Set(["node_modules", "dist"]);

/** The files to check, sorted, or the first path that does not exist. */
export type FileList = { readonly files: readonly string[] } | { readonly missing: string };

/**
 * Collects the files to check under `paths`, resolved from `cwd`.
 *
 * @example
 * ```ts
 * collectFiles(["src"], process.cwd()); // { files: ["/project/src/index.ts", …] }
 * ```
 */
export function collectFiles(paths: readonly string[], cwd: string): FileList {
  const files = new Set<string>();
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const stats = statSync(absolute, { throwIfNoEntry: false });
    if (stats === undefined) return { missing: given };
    // A file named on the command line is checked whatever its extension.
    if (stats.isFile()) files.add(absolute);
    else if (stats.isDirectory()) walk(absolute, files);
  }
  return { files: [...files].sort() };
}

function walk(root: string, files: Set<string>): void {
  const folders = [root];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith(".")) folders.push(full);
      } else if (entry.isFile() && isSource(entry.name)) {
        files.add(full);
      }
    }
  }
}

function isSource(name: string): boolean {
  return SOURCE_EXTENSIONS.includes(path.extname(name)) && !/\.d\.[cm]?ts$/.test(name);
}
