/**
 * Other TypeScript releases beside the one this repository develops with
 * (5.9): each exact version installed once from the npm registry into a
 * folder of its own under the temporary directory, as the version matrix
 * installs Node. A test links or runs it as a user's project would.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The releases the tests pin: the last 6.x and the current 7.x. */
export const TYPESCRIPT_6 = "6.0.3";
export const TYPESCRIPT_7 = "7.0.2";

/** The folder of an installed `typescript` package at `version` (its `bin/tsc`, its `package.json`). */
export function typescriptPackage(version: string): string {
  const prefix = join(process.env.WYMCP_TYPESCRIPT_DIR ?? join(tmpdir(), "wymcp-typescript"), version);
  const folder = join(prefix, "node_modules/typescript");
  if (!existsSync(join(folder, "package.json"))) {
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      "npm",
      ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `typescript@${version}`],
      {
        stdio: "ignore",
      },
    );
  }
  return folder;
}

/** The `tsc` command of an installed release. */
export function tscOf(version: string): string {
  return join(typescriptPackage(version), "..", ".bin", "tsc");
}
