/**
 * The packages whose code decides a check: wymcp itself — its name (what
 * `defineTool` is imported from) and its version, from the package.json
 * above this module (in the sources and in `dist/`, or where it is
 * installed) — and the parser, whose version is part of what a kept verdict
 * depends on.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The package whose `defineTool` declares tools. */
export const PACKAGE_NAME = "wymcp";

/**
 * Whether a specifier is wymcp's own: the package's name or a subpath of it.
 *
 * @example
 * ```ts
 * isWymcpSpecifier("wymcp/mcp"); // true
 * ```
 */
export function isWymcpSpecifier(specifier: string): boolean {
  return specifier === PACKAGE_NAME || specifier.startsWith(`${PACKAGE_NAME}/`);
}

/**
 * The version in the first package.json named `wymcp` at or above `folder`
 * (default: this module's folder); `undefined` when there is none.
 *
 * @example
 * ```ts
 * wymcpVersion(); // "0.1.0"
 * ```
 */
export function wymcpVersion(folder: string = here()): string | undefined {
  return versionAbove(folder, "package.json", PACKAGE_NAME);
}

/**
 * The version of the parser wymcp resolves (`oxc-parser`); `undefined` when
 * none is installed.
 *
 * @example
 * ```ts
 * parserVersion(); // "0.159.0"
 * ```
 */
export function parserVersion(): string | undefined {
  // The folders Node looks in, read directly: a kept build reads this on every run, and a `require` of the manifest costs ~8 ms.
  const found = versionAbove(here(), "node_modules/oxc-parser/package.json", "oxc-parser");
  if (found !== undefined) return found;
  try {
    return String((createRequire(import.meta.url)("oxc-parser/package.json") as { version?: unknown }).version);
  } catch {
    return undefined;
  }
}

/**
 * Whether a file is part of an installed wymcp: it lies in a
 * `node_modules/wymcp` folder (pnpm's `.pnpm/…/node_modules/wymcp` too).
 * A specifier resolving there names wymcp whatever it is written as (a
 * package.json `imports` entry, a tsconfig path, a bundler alias).
 *
 * @example
 * ```ts
 * isInstalledWymcpFile("/project/node_modules/wymcp/dist/src/index.js"); // true
 * ```
 */
export function isInstalledWymcpFile(fileName: string): boolean {
  // Asked of every import a build's graph records: most are local files, answered without splitting.
  if (!fileName.includes("node_modules")) return false;
  const segments = fileName.split(/[\\/]/);
  const at = segments.lastIndexOf("node_modules");
  return at !== -1 && segments[at + 1] === PACKAGE_NAME;
}

const wymcpFolders = new Map<string, boolean>();

/**
 * Whether a file lies in wymcp's own package folder, installed or not (a
 * package.json named `wymcp` at or above it): only then can a local file be
 * what `wymcp` resolves to (a local build, linked or aliased).
 *
 * @example
 * ```ts
 * isInWymcpPackage("/src/wymcp/src/index.ts"); // true in wymcp's own repository
 * ```
 */
export function isInWymcpPackage(fileName: string): boolean {
  const folder = path.dirname(fileName);
  let inside = wymcpFolders.get(folder);
  if (inside === undefined) wymcpFolders.set(folder, (inside = wymcpVersion(folder) !== undefined));
  return inside;
}

function here(): string {
  return path.dirname(fileURLToPath(import.meta.url));
}

/** The version in the first manifest named `name` at `relative` under `folder` or a folder above it. */
function versionAbove(folder: string, relative: string, name: string): string | undefined {
  for (let current = folder; ; current = path.dirname(current)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(current, relative), "utf8")) as { name?: unknown; version?: unknown };
      if (manifest.name === name) return typeof manifest.version === "string" ? manifest.version : undefined;
    } catch {
      // no manifest here
    }
    if (path.dirname(current) === current) return undefined;
  }
}
