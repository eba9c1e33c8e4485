/**
 * The bundler plugin's verdicts as kept on disk: one JSON file, by default
 * `node_modules/.cache/wymcp/verdicts.json` under the working directory,
 * read once per plugin instance and written atomically at the end of a
 * build that changed it. The whole file is dropped when wymcp's code or
 * the parser's version changes (`code-stamp.ts`).
 *
 * A file is recorded as last seen: its size, modification and change times
 * (while they are unchanged it is not even read), and the hash of its text.
 * A module a check did not read because the bundler's import graph showed it
 * wymcp-free is recorded by name, and the verdict holds only while the graph
 * of the build reusing it says so too.
 *
 * What the cache trusts: it is data, never code — nothing read from it is
 * executed or evaluated. A stored entry only ever lets a build skip checking
 * a file it found clean, so whoever can write the file can hide offences
 * from the build-time check (as they could by editing the source); runtime
 * registration still validates every tool. Every entry is checked for its
 * shape when read, and an entry of the wrong shape is dropped (that file is
 * checked again), as is the whole file when it is not JSON, is of another
 * format, or was written by other code (`code-stamp.ts`).
 */
import { readFileSync, statSync } from "node:fs";
import { writeAtomically } from "../../cache/folder.js";
import type { ModuleRead, Resolution } from "../../check/reads.js";
import { codeStamp } from "../code-stamp.js";
import { sameStats, type Seen } from "./seen.js";

/** Bump when the stored shape changes. */
const FORMAT = 3;

/** A stored verdict. */
export interface Entry {
  readonly seen: Seen;
  /** `false`: the file does not mention wymcp. Absent: a clean verdict. */
  readonly mentions?: false;
  /** Every module the check read and how it was (`null`: it could not be read). */
  readonly reads?: readonly ModuleRead<Seen | null>[];
  /** Every resolution the check asked for; a containing file `""` is the file itself. */
  readonly resolutions?: readonly Resolution[];
  /** The modules the check took as wymcp-free from the bundler's import graph, unread (`wymcp-free.ts`). */
  readonly free?: readonly string[];
  /** How many tool declarations the file has (for the build's summary line). */
  readonly tools?: number;
  /** What the check could not see, said again whenever the verdict is reused. */
  readonly warning?: string;
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
  // Whatever the file holds: it is checked below.
  let stored: { readonly format?: unknown; readonly stamp?: unknown; readonly entries?: unknown } | null | undefined;
  try {
    stored = JSON.parse(readFileSync(file, "utf8")) as typeof stored;
  } catch {
    stored = undefined;
  }
  if (
    stored === undefined ||
    stored === null ||
    typeof stored !== "object" ||
    stored.format !== FORMAT ||
    stored.stamp !== stamp ||
    typeof stored.entries !== "object" ||
    stored.entries === null ||
    Array.isArray(stored.entries)
  ) {
    return { format: FORMAT, stamp, entries: {} };
  }
  // Only well-formed entries are kept; the object has no prototype, so a key such as "__proto__" is just a file name.
  const entries = Object.create(null) as Record<string, Entry>;
  for (const [fileName, entry] of Object.entries(stored.entries as Record<string, unknown>)) if (isEntry(entry)) entries[fileName] = entry;
  return { format: FORMAT, stamp, entries };
}

/** Whether a stored value has the shape of an `Entry`. */
function isEntry(value: unknown): value is Entry {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const entry = value as Record<string, unknown>;
  if (!isSeen(entry.seen)) return false;
  if (entry.mentions !== undefined && entry.mentions !== false) return false;
  if (entry.warning !== undefined && typeof entry.warning !== "string") return false;
  if (entry.free !== undefined && !(Array.isArray(entry.free) && entry.free.every((file) => typeof file === "string"))) return false;
  if (
    entry.reads !== undefined &&
    !(
      Array.isArray(entry.reads) &&
      entry.reads.every(
        (read) => Array.isArray(read) && read.length === 2 && typeof read[0] === "string" && (read[1] === null || isSeen(read[1])),
      )
    )
  )
    return false;
  return (
    entry.resolutions === undefined ||
    (Array.isArray(entry.resolutions) &&
      entry.resolutions.every(
        (resolution) =>
          Array.isArray(resolution) &&
          resolution.length === 3 &&
          typeof resolution[0] === "string" &&
          typeof resolution[1] === "string" &&
          (resolution[2] === null || typeof resolution[2] === "string"),
      ))
  );
}

function isSeen(value: unknown): value is Seen {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === "number" &&
    typeof value[1] === "number" &&
    typeof value[2] === "number" &&
    typeof value[3] === "string"
  );
}

/** Writes the verdicts to `file` (atomically; a failure only costs the next build its speed). */
export function saveVerdicts(file: string, store: VerdictStore): void {
  writeAtomically(file, JSON.stringify(store));
}

/** Whether a module with a clean verdict has changed on disk since (one stat each, no read). */
export function someToolFileEdited(store: VerdictStore): boolean {
  for (const [fileName, entry] of Object.entries(store.entries)) {
    if (entry.mentions === false) continue;
    const stats = statSync(fileName, { throwIfNoEntry: false });
    if (stats === undefined || !sameStats(entry.seen, stats)) return true;
  }
  return false;
}
