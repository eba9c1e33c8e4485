/**
 * The `.gitignore` rules `wymcp check` follows while it walks folders, so
 * that generated files, vendored code and anything else the project keeps
 * out of version control are not checked.
 *
 * The rules are read with the `ignore` package (the gitignore syntax,
 * negations included) rather than asked of `git ls-files`: one behaviour
 * inside and outside a git repository, without git installed, and with no
 * process to start. Each folder's `.gitignore` applies to the paths below it,
 * deeper files override shallower ones (`!keep.ts` re-includes), as in git;
 * the repository's `.git/info/exclude` applies at its root.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type ignoreFactory from "ignore";

type Ignore = ReturnType<typeof ignoreFactory>;

/** The rules of one folder, applied to the paths below it. */
interface Level {
  readonly base: string;
  readonly rules: Ignore;
}

/**
 * The rules in force in one folder: its own and its ancestors'.
 *
 * @example
 * ```ts
 * const rules = IgnoreRules.at("/project/src", "/project");
 * if (!rules.ignores("/project/src/generated", true)) walk(…);
 * ```
 */
export class IgnoreRules {
  private constructor(private readonly levels: readonly Level[]) {}

  /**
   * The rules that hold in `folder`: the `.gitignore` files from the top of
   * its git repository (or, outside one, from `project` when `folder` is
   * inside it) down to `folder` itself.
   */
  static at(folder: string, project: string): IgnoreRules {
    const top = repositoryTop(folder) ?? (isInside(folder, project) ? project : folder);
    const chain: string[] = [];
    for (let current = folder; ; current = path.dirname(current)) {
      chain.unshift(current);
      if (current === top || path.dirname(current) === current) break;
    }
    let rules = new IgnoreRules([]);
    const exclude = path.join(top, ".git", "info", "exclude");
    if (existsSync(exclude)) rules = rules.with(top, readText(exclude));
    for (const current of chain) rules = rules.within(current);
    return rules;
  }

  /** The rules of `folder` and below only: for a folder named on the command line that its ancestors' rules ignore. */
  static below(folder: string): IgnoreRules {
    return new IgnoreRules([]).within(folder);
  }

  /** The rules for a subfolder: these, and its own `.gitignore` if it has one. */
  within(folder: string): IgnoreRules {
    const file = path.join(folder, ".gitignore");
    return existsSync(file) ? this.with(folder, readText(file)) : this;
  }

  /** Whether git would ignore `file` (a folder when `isFolder`). */
  ignores(file: string, isFolder: boolean): boolean {
    let ignored = false;
    for (const { base, rules } of this.levels) {
      const relative = path.relative(base, file).split(path.sep).join("/");
      if (relative === "" || relative.startsWith("../")) continue;
      const verdict = rules.test(isFolder ? `${relative}/` : relative);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  private with(base: string, text: string): IgnoreRules {
    return new IgnoreRules([...this.levels, { base, rules: loadIgnore()().add(text) }]);
  }
}

/**
 * The nearest folder at or above `folder` holding `.git` (a folder, or a file in a worktree).
 *
 * @example
 * ```ts
 * repositoryTop("/project/src"); // "/project"
 * ```
 */
export function repositoryTop(folder: string): string | undefined {
  for (let current = folder; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, ".git"))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return !relative.startsWith("..") && !path.isAbsolute(relative);
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

let loaded: typeof ignoreFactory | undefined;

/** The `ignore` package, an optional dependency installed with wymcp; required on first use. */
function loadIgnore(): typeof ignoreFactory {
  loaded ??= createRequire(import.meta.url)("ignore") as typeof ignoreFactory;
  return loaded;
}
