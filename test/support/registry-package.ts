/**
 * Packages beside the ones this repository develops with (ESLint 10,
 * ts-patch 3): ESLint 9, oxlint, ts-patch 4 with the TypeScript it patches,
 * the MCP Inspector, Mastra — each exact set installed once from the npm registry into a folder of its
 * own under the temporary directory, as `typescript-versions.ts` installs
 * TypeScript releases.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The releases the tests pin. */
export const ESLINT_9 = "9.39.5";
export const OXLINT = "1.95.0";
/** ts-patch 4 needs Node ≥ 22.15 and TypeScript ≥ 6 (5.9 stays on ts-patch 3). */
export const TS_PATCH_4 = "4.0.1";

/** The folder of package `name` at `version`, installed once. */
export function registryPackage(name: string, version: string): string {
  return join(registryPackages({ [name]: version }), name);
}

/**
 * The `node_modules` folder of a set of packages installed together once
 * (so one resolves the others, as ts-patch resolves `typescript`).
 *
 * @example
 * ```ts
 * const modules = registryPackages({ "ts-patch": TS_PATCH_4, typescript: "6.0.3" });
 * ```
 */
export function registryPackages(packages: Readonly<Record<string, string>>): string {
  const specs = Object.entries(packages).map(([name, version]) => `${name}@${version}`);
  const prefix = join(process.env.WYMCP_PACKAGES_DIR ?? join(tmpdir(), "wymcp-packages"), specs.join("+").replaceAll("/", "__"));
  const modules = join(prefix, "node_modules");
  if (!Object.keys(packages).every((name) => existsSync(join(modules, name, "package.json")))) {
    mkdirSync(prefix, { recursive: true });
    execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", ...specs], {
      stdio: "ignore",
    });
  }
  return modules;
}
