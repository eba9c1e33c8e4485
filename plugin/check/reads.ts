/**
 * What a check read, recorded — the one scheme behind every verdict reused
 * later: the bundler plugin's verdicts kept between builds and the
 * TypeScript hosts' checks kept between programs. A check's module host is
 * wrapped; every module the evaluator reads is recorded with a token of how
 * it was (`Seen`: the file's times and text hash on disk, or a program's
 * SourceFile object), every module resolution with its answer, and every
 * module answered from the bundler's import graph as wymcp-free instead of
 * read. A verdict still holds while every module is unchanged, every
 * resolution gives the same answer and every wymcp-free module still is.
 */
import type { SourceFile } from "../evaluator/ast.js";
import type { ModuleHost } from "../evaluator/modules.js";

/** A module read, and how it was then. */
export type ModuleRead<Seen> = readonly [fileName: string, seen: Seen];

/** A module resolution asked for, and its answer (`null`: not a local module). */
export type Resolution = readonly [specifier: string, containingFile: string, answer: string | null];

/** Everything a check read, in the order it first read it. */
export interface ReadRecord<Seen> {
  readonly reads: readonly ModuleRead<Seen>[];
  readonly resolutions: readonly Resolution[];
  /** The modules answered as wymcp-free from the bundler's import graph instead of being read. */
  readonly free?: readonly string[];
}

/** Where a recorded check reads from. */
export interface RecordedSource<Seen> {
  /**
   * How a module is, and its SourceFile, obtained once that is recorded
   * (obtaining it may throw: a module nested too deeply to parse is still read).
   */
  read(fileName: string): { readonly seen: Seen; sourceFile(): SourceFile | undefined };
  resolveModule(specifier: string, containingFile: string): string | undefined;
  /** Whether a module is wymcp-free in the bundler's import graph (`ModuleHost.isWymcpFree`). */
  isWymcpFree?(fileName: string): boolean;
}

/**
 * A module host recording what a check reads through it.
 *
 * @example
 * ```ts
 * const recorder = new ReadRecorder({
 *   read: (fileName) => ({ seen: program.getSourceFile(fileName), sourceFile: () => program.getSourceFile(fileName) }),
 *   resolveModule,
 * });
 * const check = checkSourceFile(sourceFile, recorder);
 * const record = recorder.record();
 * ```
 */
export class ReadRecorder<Seen> implements ModuleHost {
  private readonly reads = new Map<string, Seen>();
  private readonly resolutions = new Map<string, Resolution>();
  private readonly free = new Set<string>();

  constructor(private readonly source: RecordedSource<Seen>) {}

  getSourceFile(fileName: string): SourceFile | undefined {
    const read = this.source.read(fileName);
    this.reads.set(fileName, read.seen);
    return read.sourceFile();
  }

  resolveModule(specifier: string, containingFile: string): string | undefined {
    const answer = this.source.resolveModule(specifier, containingFile);
    const key = `${containingFile}\0${specifier}`;
    if (!this.resolutions.has(key)) this.resolutions.set(key, [specifier, containingFile, answer ?? null]);
    return answer;
  }

  isWymcpFree(fileName: string): boolean {
    if (this.source.isWymcpFree?.(fileName) !== true) return false;
    this.free.add(fileName);
    return true;
  }

  /** What was read so far. */
  record(): ReadRecord<Seen> {
    return { reads: [...this.reads], resolutions: [...this.resolutions.values()], ...(this.free.size > 0 ? { free: [...this.free] } : {}) };
  }
}

/** How things are now, to compare a record with. */
export interface CurrentState<Seen> {
  /** Whether a module is as it was when it was read. */
  unchanged(fileName: string, seen: Seen): boolean;
  /** The answer a resolution gives now (`null`: not a local module). */
  resolve(specifier: string, containingFile: string): string | null;
  /** Whether a module is still wymcp-free in the bundler's import graph; absent: no graph, so no module is. */
  isWymcpFree?(fileName: string): boolean;
}

/**
 * Whether a recorded check still holds: every module it read is unchanged,
 * every resolution it asked for gives the same answer, and every module it
 * took as wymcp-free still is.
 *
 * @example
 * ```ts
 * if (stillHolds(record, { unchanged, resolve })) return storedVerdict;
 * ```
 */
export function stillHolds<Seen>(record: ReadRecord<Seen>, now: CurrentState<Seen>): boolean {
  // Indexed reads, not destructuring: this runs for every kept verdict of a build, mostly before the code is optimised.
  for (const read of record.reads) if (!now.unchanged(read[0], read[1])) return false;
  for (const resolution of record.resolutions) if (now.resolve(resolution[0], resolution[1]) !== resolution[2]) return false;
  for (const file of record.free ?? []) if (now.isWymcpFree?.(file) !== true) return false;
  return true;
}
