/**
 * What the plugin's stored verdicts were computed with (`verdict-store.ts`):
 * a stamp that changes with the parser's version and with wymcp's own code.
 */
import { readdirSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parserVersion, wymcpVersion } from "../package.js";
import { textHash } from "./string-hash.js";

/** The folders of wymcp's own code, from the folder holding `src/` and `plugin/` (the package in the sources; `dist/` when built). */
const CODE_FOLDERS = ["src", "plugin"];

let stamp: string | undefined;

/**
 * What the verdicts were computed with: the parser (oxc-parser) version and the
 * version of an installed wymcp, or else the size and time of every file
 * of wymcp's own code (the `src/` and `plugin/` trees: the validators, the
 * evaluator, the check, this cache), so an upgrade or an edit of either
 * drops the cache.
 *
 * @example
 * ```ts
 * if (stored.stamp !== codeStamp()) stored = empty;
 * ```
 */
export function codeStamp(): string {
  if (stamp !== undefined) return stamp;
  const parser = parserVersion();
  const parts = [parser === undefined ? "no parser" : `oxc-parser ${parser}`];
  const root = fileURLToPath(new URL("../..", import.meta.url));
  // An installed package changes only with its version: no need to look at its files.
  const installed = root.split(path.sep).includes("node_modules") ? wymcpVersion(root) : undefined;
  if (installed !== undefined) parts.push(`wymcp ${installed}`);
  else for (const folder of CODE_FOLDERS) parts.push(...codeFiles(root, folder));
  // Compared for equality only, so the text is kept as its length and hash.
  stamp = textHash(parts.join("\n"));
  return stamp;
}

/** `<file> <size> <mtime>` for every code file under `root/folder`, in name order (none when the folder is missing). */
function codeFiles(root: string, folder: string): string[] {
  const files: string[] = [];
  const pending = [folder];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, current), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const name = `${current}/${entry.name}`;
      if (entry.isDirectory()) pending.push(name);
      else if (entry.isFile() && /\.[cm]?[jt]s$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) files.push(name);
    }
  }
  const parts: string[] = [];
  for (const file of files.sort()) {
    const stats = statSync(path.join(root, file), { throwIfNoEntry: false });
    if (stats !== undefined) parts.push(`${file} ${stats.size} ${stats.mtimeMs}`);
  }
  return parts;
}
