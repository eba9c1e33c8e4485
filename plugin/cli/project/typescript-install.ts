/**
 * The project's own TypeScript: found from the project folder as Node
 * finds a package (never wymcp's), with its version and its `tsc`.
 * TypeScript 7 is the native compiler: its package has no JS compiler API
 * (`require("typescript")` is only the version), and its program API is at
 * `typescript/sync` (7.1) or `typescript/unstable/sync` (7.0).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** An installed `typescript` package. */
export interface TypeScriptInstall {
  /** The package folder. */
  readonly folder: string;
  readonly version: string;
  readonly major: number;
  /** The `tsc` script to run with Node. */
  readonly tsc: string;
}

/** What is missing, in one line that says how to install it. */
export const NO_TYPESCRIPT = "TypeScript is not installed in this project: run npm install --save-dev typescript (5.9, 6.x or 7.x)";

/**
 * The TypeScript installed for a project folder, or `undefined`.
 *
 * @example
 * ```ts
 * findTypeScript(process.cwd()); // { folder: "/p/node_modules/typescript", version: "7.0.2", major: 7, tsc: ".../bin/tsc" }
 * ```
 */
export function findTypeScript(cwd: string): TypeScriptInstall | undefined {
  let manifestPath: string;
  try {
    manifestPath = createRequire(path.join(cwd, "package.json")).resolve("typescript/package.json");
  } catch {
    return undefined;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { version?: unknown; bin?: unknown };
  const version = typeof manifest.version === "string" ? manifest.version : "0";
  const folder = path.dirname(manifestPath);
  const bin = manifest.bin as Record<string, unknown> | string | undefined;
  const tsc = typeof bin === "object" && typeof bin.tsc === "string" ? bin.tsc : "bin/tsc";
  return { folder, version, major: Number.parseInt(version, 10) || 0, tsc: path.join(folder, tsc) };
}

/**
 * What is wrong when the package is there but its `tsc` is not (a partial
 * or broken install), in one line naming the fix; `undefined` when it is there.
 *
 * @example
 * ```ts
 * missingTsc(install); // "TypeScript 7.0.2 has no tsc at /p/node_modules/typescript/bin/tsc: reinstall it (…)"
 * ```
 */
export function missingTsc(install: TypeScriptInstall): string | undefined {
  if (existsSync(install.tsc)) return undefined;
  return `TypeScript ${install.version} has no tsc at ${install.tsc}: reinstall it (npm install --save-dev typescript)`;
}
