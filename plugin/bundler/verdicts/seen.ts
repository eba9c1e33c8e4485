/**
 * A file as a check sees it on disk: its size, modification and change
 * times, and the hash of its text (`Seen`) — what a stored verdict records
 * of every module it read (`verdict-store.ts`), and what tells whether that
 * module has changed since. Read wherever a check runs: in the build's own
 * thread or in a check worker (`check-worker.ts`).
 */
import { readFileSync, statSync, type Stats } from "node:fs";
import type { SourceFile } from "../../evaluator/ast.js";
import { parseSource } from "../../evaluator/modules.js";
import { textHash } from "../string-hash.js";

/** A file as last seen: size, modification and change times, and the hash of its text. */
export type Seen = readonly [size: number, mtimeMs: number, ctimeMs: number, hash: string];

/** A module a check reads, from disk, with how it is seen (`null`: it cannot be read). */
export function readAsSeen(fileName: string): { seen: Seen | null; sourceFile(): SourceFile | undefined } {
  const stats = statSync(fileName, { throwIfNoEntry: false });
  const text = stats?.isFile() ? readSource(fileName) : undefined;
  return {
    seen: stats === undefined || text === undefined ? null : seenOf(stats, text),
    sourceFile: () => (text === undefined ? undefined : parseSource(fileName, text)),
  };
}

/**
 * Whether a file is as seen (`null`: it could not be read then): the same
 * size and times, or else the same text. `stats`: the file's now
 * (`undefined`: none there).
 */
export function isAsSeen(file: string, seen: Seen | null, stats: Stats | undefined): boolean {
  if (!stats?.isFile()) return seen === null;
  if (seen === null) return false;
  if (sameStats(seen, stats)) return true;
  const text = readSource(file);
  return text !== undefined && textHash(text) === seen[3];
}

/** Whether a file's size and times are those seen. */
export function sameStats(seen: Seen, stats: Stats): boolean {
  return seen[0] === stats.size && seen[1] === stats.mtimeMs && seen[2] === stats.ctimeMs;
}

/** How a file is seen now, given its stats and text. */
export function seenOf(stats: Stats, text: string): Seen {
  return [stats.size, stats.mtimeMs, stats.ctimeMs, textHash(text)];
}

/**
 * A module's source as the author wrote it, from disk; `undefined` when it
 * cannot be read (a virtual module).
 *
 * @example
 * ```ts
 * const text = readSource("/src/tools.ts") ?? code;
 * ```
 */
export function readSource(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
