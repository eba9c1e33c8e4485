/**
 * Files git tracks although a `.gitignore` names them: the rules keep out
 * what a project generates, yet a tracked file is part of the project —
 * git itself ignores the rules for it — so `wymcp check` checks it too
 * instead of skipping it unsaid. Asked of git (`git ls-files`), once per
 * repository; without git, or outside a repository, there are none.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const asked = new Map<string, readonly string[]>();

/**
 * The tracked files of the repository at `top` that its ignore rules name
 * (absolute paths).
 *
 * @example
 * ```ts
 * trackedIgnored("/project"); // ["/project/src/generated/tools.ts"] when .gitignore names src/generated
 * ```
 */
export function trackedIgnored(top: string): readonly string[] {
  let files = asked.get(top);
  if (files !== undefined) return files;
  const listed = spawnSync("git", ["ls-files", "--cached", "--ignored", "--exclude-standard", "-z"], {
    cwd: top,
    encoding: "utf8",
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "ignore"],
  });
  files =
    listed.status === 0
      ? listed.stdout
          .split("\0")
          .filter((name) => name !== "")
          .map((name) => path.join(top, name))
      : [];
  asked.set(top, files);
  return files;
}
