/**
 * What the plugin's stored verdicts were computed with (`cache.ts`): a
 * stamp that changes with TypeScript's version and with wymcp's own code.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

let stamp: string | undefined;

/**
 * What the verdicts were computed with: the TypeScript version and the size
 * and time of every file of wymcp's own code that decides a verdict (the
 * validators, the evaluator, the check, this cache), so an upgrade or an
 * edit of either drops the cache.
 *
 * @example
 * ```ts
 * if (stored.stamp !== codeStamp()) stored = empty;
 * ```
 */
export function codeStamp(): string {
  if (stamp !== undefined) return stamp;
  const parts: string[] = [];
  try {
    parts.push(`typescript ${String((createRequire(import.meta.url)("typescript/package.json") as { version?: unknown }).version)}`);
  } catch {
    parts.push("no typescript");
  }
  const root = fileURLToPath(new URL("../..", import.meta.url));
  // An installed package changes only with its version: no need to look at its files.
  const installed = root.split(path.sep).includes("node_modules") ? packageVersion(root) : undefined;
  if (installed !== undefined) {
    parts.push(`wymcp ${installed}`);
  } else {
    for (const folder of ["src", "src/mcp", "plugin", "plugin/evaluator", "plugin/bundler"]) {
      let names: string[];
      try {
        names = readdirSync(path.join(root, folder)).sort();
      } catch {
        continue;
      }
      for (const name of names) {
        if (!/\.[cm]?[jt]s$/.test(name) || /\.d\.[cm]?ts$/.test(name)) continue;
        const stats = statSync(path.join(root, folder, name), { throwIfNoEntry: false });
        if (stats?.isFile()) parts.push(`${folder}/${name} ${stats.size} ${stats.mtimeMs}`);
      }
    }
  }
  // Compared for equality only: the text itself, shortened by a 53-bit string hash (cyrb53) with its length.
  const text = parts.join("\n");
  stamp = `${text.length}:${stringHash(text)}`;
  return stamp;
}

function stringHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The version in the wymcp package.json above `folder`. */
function packageVersion(folder: string): string | undefined {
  for (let current = folder, depth = 0; depth < 4; current = path.dirname(current), depth++) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(current, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      if (manifest.name === "wymcp" && typeof manifest.version === "string") return manifest.version;
    } catch {
      // no package.json here
    }
  }
  return undefined;
}
