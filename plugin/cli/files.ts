/**
 * The files `wymcp check` reads: the files named on the command line, and
 * the source files under the named folders (the current directory by
 * default), leaving out what a project does not write by hand — whatever
 * its `.gitignore` files ignore, `node_modules`, build outputs (`dist`,
 * `dist-*`, `build`, `out`, `coverage`), hidden folders and declaration
 * files. A stale build output would otherwise report offences its sources
 * no longer have.
 *
 * What is met but not read is said, with why: a named file that is not a
 * module, anything that is not a regular file (a FIFO would block the read
 * forever), and a symbolic link leading out of the folder being walked or
 * nowhere. Links inside it are followed, each file read once. A file git
 * tracks is checked even where a `.gitignore` names it (`tracked-ignored.ts`).
 */
import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from "node:fs";
import path from "node:path";
import { SOURCE_EXTENSIONS } from "../evaluator/modules.js";
import { IgnoreRules, repositoryTop } from "./gitignore.js";
import { trackedIgnored } from "./tracked-ignored.js";

/** Why a path met was not read. */
export type NotReadReason = "not-a-module" | "not-a-regular-file" | "link-outside" | "broken-link" | "unreadable";

/** A path met but not read, and why. */
export interface NotRead {
  /** As met: relative to the working directory when named relative, or found below a named folder. */
  readonly file: string;
  readonly reason: NotReadReason;
  readonly message: string;
}

/** The files to check (absolute, sorted, each once) and the paths passed over, or the first named path that does not exist. */
export type FileList = { readonly files: readonly string[]; readonly notRead: readonly NotRead[] } | { readonly missing: string };

/** Folders never walked into: installed packages and build outputs (named on the command line, they are walked). */
const SKIPPED_FOLDER = /^(?:node_modules|dist(?:[-_.].*)?|build|out|coverage)$/;

/**
 * Collects the files to check under `paths`, resolved from `cwd`.
 *
 * @example
 * ```ts
 * collectFiles(["src"], process.cwd()); // { files: ["/project/src/index.ts", …], notRead: [] }
 * ```
 */
export function collectFiles(paths: readonly string[], cwd: string): FileList {
  const collector = new Collector(cwd);
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const stats = statSync(absolute, { throwIfNoEntry: false });
    if (stats === undefined) return { missing: given };
    if (stats.isDirectory()) {
      collector.walk(absolute);
      collector.addTracked(absolute);
    } else collector.named(absolute, stats);
  }
  return collector.result();
}

class Collector {
  private readonly files = new Map<string, string>();
  private readonly notRead: NotRead[] = [];
  private readonly walked = new Set<string>();
  /** Whether a walk left out anything a `.gitignore` names (only then is git asked which of it is tracked). */
  private ignoredSome = false;

  constructor(private readonly cwd: string) {}

  /** A path named on the command line: read if it is a regular file with a source extension, whatever `.gitignore` says. */
  named(file: string, stats: Stats): void {
    if (!stats.isFile()) return this.passOver(file, "not-a-regular-file", `${kindOf(stats)}, not a regular file`);
    if (!isSource(file, true))
      return this.passOver(file, "not-a-module", `not a JavaScript or TypeScript module (${SOURCE_EXTENSIONS.join(" ")})`);
    this.add(file);
  }

  /** Every source file below `root`, links followed while they stay inside it. */
  walk(root: string): void {
    const realRoot = realpath(root) ?? root;
    const inherited = IgnoreRules.at(root, this.cwd);
    // A folder named on the command line is checked even where .gitignore ignores it.
    const folders: { folder: string; rules: IgnoreRules }[] = [
      { folder: root, rules: inherited.ignores(root, true) ? IgnoreRules.below(root) : inherited },
    ];
    for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
      const { folder, rules } = next;
      const real = realpath(folder) ?? folder;
      if (this.walked.has(real)) continue;
      this.walked.add(real);
      let entries: Dirent[];
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch (error) {
        this.passOver(folder, "unreadable", `cannot be listed: ${(error as Error).message}`);
        continue;
      }
      for (const entry of entries) {
        const full = path.join(folder, entry.name);
        let stats: Stats | undefined;
        // A file that is no link is where its folder really is: one realpath per folder, not one per file.
        let realFile = path.join(real, entry.name);
        if (entry.isSymbolicLink()) {
          const target = realpath(full);
          stats = target === undefined ? undefined : statSync(target, { throwIfNoEntry: false });
          if (target === undefined || stats === undefined) {
            if (isSource(full, false)) this.passOver(full, "broken-link", "a symbolic link to nothing");
            continue;
          }
          if (!isInside(target, realRoot)) {
            if (stats.isDirectory() || isSource(full, false))
              this.passOver(full, "link-outside", `a symbolic link out of ${this.shown(root)} (to ${target}), not followed`);
            continue;
          }
          realFile = target;
        }
        const isFolder = stats?.isDirectory() ?? entry.isDirectory();
        if (isFolder) {
          if (SKIPPED_FOLDER.test(entry.name) || entry.name.startsWith(".")) continue;
          if (rules.ignores(full, true)) this.ignoredSome = true;
          else folders.push({ folder: full, rules: rules.within(full) });
          continue;
        }
        if (!isSource(full, false)) continue;
        if (rules.ignores(full, false)) {
          this.ignoredSome = true;
          continue;
        }
        const isFile = stats?.isFile() ?? entry.isFile();
        if (isFile) this.add(full, realFile);
        else this.passOver(full, "not-a-regular-file", `${kindOf(stats ?? statSync(full, { throwIfNoEntry: false }))}, not a regular file`);
      }
    }
  }

  /** The files git tracks below `root` that the walk left out for a `.gitignore` rule: part of the project, so checked. */
  addTracked(root: string): void {
    const top = this.ignoredSome ? repositoryTop(root) : undefined;
    if (top === undefined) return;
    for (const file of trackedIgnored(top)) {
      const below = path.relative(root, file);
      if (below.startsWith("..") || path.isAbsolute(below) || !isSource(file, false)) continue;
      const folders = below.split(path.sep).slice(0, -1);
      if (folders.some((name) => SKIPPED_FOLDER.test(name) || name.startsWith("."))) continue;
      if (statSync(file, { throwIfNoEntry: false })?.isFile() === true) this.add(file);
    }
  }

  result(): FileList {
    const files = [...this.files.values()].sort();
    return { files, notRead: this.notRead };
  }

  private add(file: string, real = realpath(file) ?? file): void {
    if (!this.files.has(real)) this.files.set(real, file);
  }

  private passOver(file: string, reason: NotReadReason, message: string): void {
    this.notRead.push({ file: this.shown(file), reason, message });
  }

  private shown(file: string): string {
    const relative = path.relative(this.cwd, file);
    if (relative === "") return ".";
    return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : file;
  }
}

function realpath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** A source file by its name; declaration files only when named on the command line. */
function isSource(name: string, named: boolean): boolean {
  return SOURCE_EXTENSIONS.includes(path.extname(name)) && (named || !/\.d\.[cm]?ts$/.test(name));
}

function kindOf(stats: Stats | undefined): string {
  if (stats === undefined) return "gone while listed";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "a special file";
}
