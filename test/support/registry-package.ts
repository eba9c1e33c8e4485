/**
 * Linters beside the ones this repository develops with (ESLint 10):
 * ESLint 9 and oxlint, each exact version installed once from the npm
 * registry into a folder of its own under the temporary directory, as
 * `typescript-versions.ts` installs TypeScript releases.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The releases the tests pin. */
export const ESLINT_9 = "9.39.5";
export const OXLINT = "1.95.0";

/** The folder of package `name` at `version`, installed once. */
export function registryPackage(name: string, version: string): string {
  const prefix = join(process.env.WYMCP_PACKAGES_DIR ?? join(tmpdir(), "wymcp-packages"), `${name}@${version}`);
  const folder = join(prefix, "node_modules", name);
  if (!existsSync(join(folder, "package.json"))) {
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      "npm",
      ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `${name}@${version}`],
      {
        stdio: "ignore",
      },
    );
  }
  return folder;
}
