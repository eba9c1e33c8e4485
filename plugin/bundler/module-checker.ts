/**
 * Verdicts kept between builds, so that a build whose modules (and the
 * constants they import) have not changed re-checks nothing — and loads
 * neither the evaluator nor TypeScript.
 *
 * Two verdicts are stored per file: "does not mention wymcp" (so a build that
 * hands the plugin its whole module list need not read every module again),
 * and "clean" — no offence, fully checked — together with everything the
 * check read: each module it read (with the hash of its text) and the answer
 * of each module resolution it asked for. A verdict is reused only while
 * all of these are unchanged, and only under the same wymcp code and
 * TypeScript version (the whole cache is dropped when either changes). Files
 * with offences, syntax errors or nesting too deep to evaluate are checked on
 * every build.
 *
 * A file is unchanged when its size, modification time and change time are
 * those recorded (then it is not even read), or else when its text has the
 * recorded hash.
 *
 * The cache lives in one JSON file, by default under
 * `node_modules/.cache/wymcp/` of the working directory, written atomically
 * at the end of a build that changed it.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync, type Stats } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FileCheck } from "../check.js";
import { parseSource, resolveRelativeModule, type ModuleHost } from "../evaluator/modules.js";
import { keepCompiledCodeIn, saveCompiledCode } from "../evaluator/typescript.js";
import { mayDeclareTools, offencesOf } from "../mentions.js";
import { codeStamp } from "./code-stamp.js";

type CheckModule = typeof import("../check.js");
let checkModule: CheckModule | undefined;
let loadingCheckModule: Promise<CheckModule> | undefined;

/** The evaluator and the validators, loaded the first time a module needs checking (a build served from the cache never loads them). */
function loadCheckModule(): Promise<CheckModule> {
  loadingCheckModule ??= import("../check.js").then((loaded) => (checkModule = loaded));
  return loadingCheckModule;
}

/**
 * Starts loading the evaluator and TypeScript as soon as the event loop is
 * free: called when a build starts that will check modules, the load then
 * runs while the bundler's own threads work, instead of after them.
 */
function preloadCheckModule(): void {
  if (checkModule !== undefined || loadingCheckModule !== undefined) return;
  setImmediate(() => {
    void loadCheckModule()
      .then(() => import("../evaluator/typescript.js"))
      .then((loaded) => loaded.loadTypeScript())
      .catch(() => undefined);
  });
}

/** Bump when the stored shape changes. */
const FORMAT = 2;

/** A file as last seen: size, modification and change times, and the hash of its text. */
type Seen = readonly [size: number, mtimeMs: number, ctimeMs: number, hash: string];

/** A stored verdict. */
interface Entry {
  readonly seen: Seen;
  /** `false`: the file does not mention wymcp. Absent: a clean verdict. */
  readonly mentions?: false;
  /** Every module the check read and how it was (`null`: it could not be read). */
  readonly reads?: readonly (readonly [file: string, seen: Seen | null])[];
  /** Every resolution the check asked for: specifier, containing file (`""`: the file itself), answer (`null`: not a local module). */
  readonly resolutions?: readonly (readonly [specifier: string, from: string, answer: string | null])[];
}

interface CacheFile {
  readonly format: number;
  readonly stamp: string;
  readonly entries: Record<string, Entry>;
}

/** A module's verdict in a build: the check when one ran (`undefined` when none was needed or a stored clean verdict was reused), and the files to watch. */
export interface ModuleVerdict {
  readonly check: FileCheck | undefined;
  readonly filesRead: readonly string[];
}

const NOTHING: ModuleVerdict = { check: undefined, filesRead: [] };

/**
 * Checks modules for one plugin instance, build after build, reusing stored
 * verdicts.
 *
 * @example
 * ```ts
 * const checker = new ModuleChecker("/project/node_modules/.cache/wymcp/verdicts.json");
 * const { check } = await checker.check("/src/tools.ts");
 * checker.endBuild();
 * ```
 */
export class ModuleChecker {
  private loaded: CacheFile | undefined;
  private dirty = false;
  /** During a build nothing is edited: what was found unchanged stays so until the build ends (`undefined`: outside a build, or in watch mode). */
  private unchangedInBuild: Map<string, boolean> | undefined;
  private resolvedInBuild = new Map<string, string | null>();

  /** `file`: where the cache is kept; `undefined`: no cache. */
  constructor(readonly file: string | undefined) {
    // TypeScript's compiled code is kept beside the verdicts: a build that must check a changed file then loads it in half the time.
    if (file !== undefined) keepCompiledCodeIn(path.dirname(file));
  }

  /**
   * The bundler is about to build. Without stored verdicts every module that
   * declares a tool will be checked, and with a tool file edited since its
   * verdict at least that one: the evaluator then starts loading now,
   * alongside the bundler's work, instead of after it.
   */
  prepare(): void {
    const cache = this.cache();
    if (cache === undefined || Object.keys(cache.entries).length === 0 || someToolFileEdited(cache)) preloadCheckModule();
  }

  /**
   * A build starts. `once`: the build runs once (no watch mode, no dev
   * server), so a module found unchanged is not looked at again until it
   * ends.
   */
  startBuild(once: boolean): void {
    this.unchangedInBuild = once ? new Map() : undefined;
    this.resolvedInBuild = new Map();
  }

  /** Writes the cache if it changed since it was last written. */
  endBuild(): void {
    this.unchangedInBuild = undefined;
    saveCompiledCode();
    if (this.file === undefined || !this.dirty || this.loaded === undefined) return;
    this.dirty = false;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`;
      writeFileSync(temporary, JSON.stringify(this.loaded));
      renameSync(temporary, this.file);
    } catch {
      // A cache that cannot be written only costs the next build its speed.
    }
  }

  /**
   * The verdict on a module. Its source is read from disk (what the author
   * wrote); `code`, the bundler's text, stands in only for a module that is
   * not a file. Synchronous unless the module must be checked and the
   * evaluator is not loaded yet.
   */
  check(fileName: string, code?: string): ModuleVerdict | Promise<ModuleVerdict> {
    const cache = this.cache();
    const stats = statSync(fileName, { throwIfNoEntry: false });
    if (cache === undefined || stats === undefined || !stats.isFile()) {
      const text = (stats?.isFile() ? readSource(fileName) : undefined) ?? code;
      return text === undefined || !mayDeclareTools(text) ? NOTHING : this.run(fileName, text, undefined);
    }
    const stored = cache.entries[fileName];
    if (stored !== undefined && sameStats(stored.seen, stats) && this.holds(fileName, stored)) return reuse(fileName, stored);
    const text = readSource(fileName);
    if (text === undefined) return code === undefined || !mayDeclareTools(code) ? NOTHING : this.run(fileName, code, undefined);
    if (!mayDeclareTools(text)) {
      // No hash: whatever this file becomes, it is read again when its times change.
      cache.entries[fileName] = { seen: [stats.size, stats.mtimeMs, stats.ctimeMs, ""], mentions: false };
      this.dirty = true;
      return NOTHING;
    }
    const seen = seenOf(stats, text);
    if (stored !== undefined && stored.mentions !== false && stored.seen[3] === seen[3] && this.holds(fileName, stored)) {
      cache.entries[fileName] = { ...stored, seen };
      this.dirty = true;
      return reuse(fileName, stored);
    }
    return this.run(fileName, text, seen);
  }

  /** Checks a module (loading the evaluator first if need be) and stores a clean verdict. */
  private run(fileName: string, text: string, seen: Seen | undefined): ModuleVerdict | Promise<ModuleVerdict> {
    if (checkModule === undefined) return loadCheckModule().then(() => this.run(fileName, text, seen));
    const recording = recordingHost();
    const check = checkModule.checkSource(fileName, text, recording.host);
    const cache = this.loaded;
    if (cache !== undefined && seen !== undefined) {
      if (check.skipped === undefined && offencesOf(check).length === 0) {
        const resolutions = recording.resolutions.map(([specifier, from, answer]) => [specifier, from === fileName ? "" : from, answer] as const);
        cache.entries[fileName] = { seen, reads: [...recording.reads], resolutions };
      } else {
        delete cache.entries[fileName];
      }
      this.dirty = true;
    }
    return { check, filesRead: check.filesRead };
  }

  /** Whether what a stored verdict depends on is unchanged. */
  private holds(fileName: string, entry: Entry): boolean {
    for (const [file, seen] of entry.reads ?? []) if (!this.unchanged(file, seen)) return false;
    for (const [specifier, from, answer] of entry.resolutions ?? []) {
      if (this.resolve(specifier, from === "" ? fileName : from) !== answer) return false;
    }
    return true;
  }

  private resolve(specifier: string, from: string): string | null {
    const key = `\0${specifier}\0${path.dirname(from)}`;
    const known = this.resolvedInBuild.get(key);
    if (known !== undefined && this.unchangedInBuild !== undefined) return known;
    const answer = resolveRelativeModule(specifier, from) ?? null;
    if (this.unchangedInBuild !== undefined) this.resolvedInBuild.set(key, answer);
    return answer;
  }

  private unchanged(file: string, seen: Seen | null): boolean {
    const key = `${file}\0${seen === null ? "" : seen[3]}`;
    const known = this.unchangedInBuild?.get(key);
    if (known !== undefined) return known;
    const unchanged = this.compare(file, seen);
    this.unchangedInBuild?.set(key, unchanged);
    return unchanged;
  }

  private compare(file: string, seen: Seen | null): boolean {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats === undefined || !stats.isFile()) return seen === null;
    if (seen === null) return false;
    if (sameStats(seen, stats)) return true;
    const text = readSource(file);
    return text !== undefined && digest(text) === seen[3];
  }

  private cache(): CacheFile | undefined {
    if (this.file === undefined) return undefined;
    if (this.loaded === undefined) {
      const stamp = codeStamp();
      let stored: CacheFile | undefined;
      try {
        stored = JSON.parse(readFileSync(this.file, "utf8")) as CacheFile;
      } catch {
        stored = undefined;
      }
      this.loaded = stored !== undefined && stored.format === FORMAT && stored.stamp === stamp && typeof stored.entries === "object" && stored.entries !== null
        ? stored
        : { format: FORMAT, stamp, entries: {} };
    }
    return this.loaded;
  }
}

/** Whether a module with a clean verdict has changed on disk since (a stat each: about 1 ms for 200 tool files). */
function someToolFileEdited(cache: CacheFile): boolean {
  for (const [fileName, entry] of Object.entries(cache.entries)) {
    if (entry.mentions === false) continue;
    const stats = statSync(fileName, { throwIfNoEntry: false });
    if (stats === undefined || !sameStats(entry.seen, stats)) return true;
  }
  return false;
}

function reuse(fileName: string, entry: Entry): ModuleVerdict {
  if (entry.mentions === false) return NOTHING;
  return { check: undefined, filesRead: (entry.reads ?? []).map(([file]) => file).filter((file) => file !== fileName) };
}

function sameStats(seen: Seen, stats: Stats): boolean {
  return seen[0] === stats.size && seen[1] === stats.mtimeMs && seen[2] === stats.ctimeMs;
}

function seenOf(stats: Stats, text: string): Seen {
  return [stats.size, stats.mtimeMs, stats.ctimeMs, digest(text)];
}

/** The module host of a check, recording what it read and resolved. */
function recordingHost(): { host: ModuleHost; reads: Map<string, Seen | null>; resolutions: [string, string, string | null][] } {
  const reads = new Map<string, Seen | null>();
  const resolutions: [string, string, string | null][] = [];
  const host: ModuleHost = {
    getSourceFile(fileName) {
      const stats = statSync(fileName, { throwIfNoEntry: false });
      const text = stats?.isFile() ? readSource(fileName) : undefined;
      reads.set(fileName, stats === undefined || text === undefined ? null : seenOf(stats, text));
      return text === undefined ? undefined : parseSource(fileName, text);
    },
    resolveModule(specifier, containingFile) {
      const answer = resolveRelativeModule(specifier, containingFile);
      if (!resolutions.some(([known, from]) => known === specifier && from === containingFile)) resolutions.push([specifier, containingFile, answer ?? null]);
      return answer;
    },
  };
  return { host, reads, resolutions };
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
function readSource(file: string): string | undefined {
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
