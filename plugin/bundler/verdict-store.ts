/**
 * The bundler plugin's verdicts as kept on disk: one JSON file, by default
 * `node_modules/.cache/wymcp/verdicts.json` under the working directory,
 * read once per plugin instance and written atomically at the end of a
 * build that changed it. The whole file is dropped when wymcp's code or
 * the parser's version changes (`code-stamp.ts`).
 *
 * A file is recorded as last seen: its size, modification and change times
 * (while they are unchanged it is not even read), and the hash of its text.
 */
import { readFileSync, statSync, type Stats } from "node:fs";
import { createRequire } from "node:module";
import type { SourceFile } from "../evaluator/ast.js";
import { writeAtomically } from "../cache/folder.js";
import type { ModuleRead, Resolution } from "../check/reads.js";
import { parseSource } from "../evaluator/modules.js";
import { codeStamp } from "./code-stamp.js";

/** Bump when the stored shape changes. */
const FORMAT = 2;

/** A file as last seen: size, modification and change times, and the hash of its text. */
export type Seen = readonly [size: number, mtimeMs: number, ctimeMs: number, hash: string];

/** A stored verdict. */
export interface Entry {
  readonly seen: Seen;
  /** `false`: the file does not mention wymcp. Absent: a clean verdict. */
  readonly mentions?: false;
  /** Every module the check read and how it was (`null`: it could not be read). */
  readonly reads?: readonly ModuleRead<Seen | null>[];
  /** Every resolution the check asked for; a containing file `""` is the file itself. */
  readonly resolutions?: readonly Resolution[];
}

/** The stored verdicts, by file name. */
export interface VerdictStore {
  readonly format: number;
  readonly stamp: string;
  readonly entries: Record<string, Entry>;
}

/**
 * The verdicts stored in `file`, or an empty store when there are none, or
 * they were computed with other code.
 *
 * @example
 * ```ts
 * const store = loadVerdicts("node_modules/.cache/wymcp/verdicts.json");
 * ```
 */
export function loadVerdicts(file: string): VerdictStore {
  const stamp = codeStamp();
  let stored: VerdictStore | undefined;
  try {
    stored = JSON.parse(readFileSync(file, "utf8")) as VerdictStore;
  } catch {
    stored = undefined;
  }
  return stored !== undefined && stored.format === FORMAT && stored.stamp === stamp && typeof stored.entries === "object" && stored.entries !== null
    ? stored
    : { format: FORMAT, stamp, entries: {} };
}

/** Writes the verdicts to `file` (atomically; a failure only costs the next build its speed). */
export function saveVerdicts(file: string, store: VerdictStore): void {
  writeAtomically(file, JSON.stringify(store));
}

/** Whether a module with a clean verdict has changed on disk since (a stat each: about 1 ms for 200 tool files). */
export function someToolFileEdited(store: VerdictStore): boolean {
  for (const [fileName, entry] of Object.entries(store.entries)) {
    if (entry.mentions === false) continue;
    const stats = statSync(fileName, { throwIfNoEntry: false });
    if (stats === undefined || !sameStats(entry.seen, stats)) return true;
  }
  return false;
}

/** A module a check reads, from disk, with how it is seen (`null`: it cannot be read). */
export function readAsSeen(fileName: string): { seen: Seen | null; sourceFile(): SourceFile | undefined } {
  const stats = statSync(fileName, { throwIfNoEntry: false });
  const text = stats?.isFile() ? readSource(fileName) : undefined;
  return { seen: stats === undefined || text === undefined ? null : seenOf(stats, text), sourceFile: () => (text === undefined ? undefined : parseSource(fileName, text)) };
}

/** Whether a file is as seen (`null`: it could not be read then): the same size and times, or else the same text. */
export function isAsSeen(file: string, seen: Seen | null): boolean {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats === undefined || !stats.isFile()) return seen === null;
  if (seen === null) return false;
  if (sameStats(seen, stats)) return true;
  const text = readSource(file);
  return text !== undefined && digest(text) === seen[3];
}

/** Whether a file's size and times are those seen. */
export function sameStats(seen: Seen, stats: Stats): boolean {
  return seen[0] === stats.size && seen[1] === stats.mtimeMs && seen[2] === stats.ctimeMs;
}

/** How a file is seen now, given its stats and text. */
export function seenOf(stats: Stats, text: string): Seen {
  return [stats.size, stats.mtimeMs, stats.ctimeMs, digest(text)];
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

type Crypto = typeof import("node:crypto");
let crypto: Crypto | undefined;

/** The hash of a module's text (node:crypto is loaded only when a text must be hashed: a build whose files all keep their times never does). */
function digest(text: string): string {
  crypto ??= createRequire(import.meta.url)("node:crypto") as Crypto;
  return crypto.createHash("sha1").update(text).digest("base64");
}
