/**
 * Packages a test runs as a user's project would, beside the ones this
 * repository develops with — ESLint 9 and oxlint, the MCP Inspector, Mastra:
 * each exact version installed once from the npm registry into a folder of
 * its own under the temporary directory, as `typescript-versions.ts`
 * installs TypeScript releases.
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
  return join(registryPackages([`${name}@${version}`]), "node_modules", name);
}

/** The prefix folder (`<prefix>/node_modules/…`) of packages installed once together, each spec `name@version`. */
export function registryPackages(specs: readonly string[]): string {
  const prefix = join(process.env.WYMCP_PACKAGES_DIR ?? join(tmpdir(), "wymcp-packages"), specs.join("+").replaceAll("/", "__"));
  const installed = specs.every((spec) => existsSync(join(prefix, "node_modules", spec.slice(0, spec.lastIndexOf("@")), "package.json")));
  if (!installed) {
    mkdirSync(prefix, { recursive: true });
    execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", ...specs], {
      stdio: "ignore",
    });
  }
  return prefix;
}
