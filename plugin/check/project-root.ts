/**
 * The project a checked file belongs to, whose modules the check may read:
 * the top of its git repository, or else the folder of its nearest
 * package.json. A source may import any path — `/etc/hostname.json`,
 * `../../../other/secrets.json` — and what the check reads of a module can
 * end up printed in an offence; outside the project (and outside
 * `node_modules`, which it never reads) nothing is read, and the value is
 * unknown, said as such.
 */
import { existsSync } from "node:fs";
import path from "node:path";

const roots = new Map<string, string | undefined>();

/**
 * The project folder of a file; `undefined` when no folder above it holds
 * `.git` or a package.json (then nothing confines the reads).
 *
 * @example
 * ```ts
 * projectRoot("/work/app/src/tools.ts"); // "/work/app" (where .git is)
 * ```
 */
export function projectRoot(fileName: string): string | undefined {
  const folder = path.dirname(path.resolve(fileName));
  if (roots.has(folder)) return roots.get(folder);
  let manifest: string | undefined;
  let repository: string | undefined;
  for (let current = folder; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, ".git"))) {
      repository = current;
      break;
    }
    manifest ??= existsSync(path.join(current, "package.json")) ? current : undefined;
    if (path.dirname(current) === current) break;
  }
  const root = repository ?? manifest;
  roots.set(folder, root);
  return root;
}
