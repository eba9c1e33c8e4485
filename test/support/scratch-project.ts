/**
 * Fresh projects on disk, built the way a user builds them: the packed
 * `wymcp` package (what `npm pack` ships, so a file missing from `files` or
 * `exports` shows) and the packages the project installs, linked from this
 * repository's `node_modules` instead of downloaded. Commands run as
 * processes in the project.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repo = fileURLToPath(new URL("../..", import.meta.url));

/** wymcp's own dependencies, which `npm install wymcp` brings along. */
const manifest = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const WYMCP_DEPENDENCIES = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });

let packed: string | undefined;

/** `npm pack` of this repository, once per test file (needs `npm run build`). */
export function packedWymcp(): string {
  if (packed !== undefined) return packed;
  const folder = mkdtempSync(join(tmpdir(), "wymcp-pack-"));
  const output = execFileSync("npm", ["pack", "--pack-destination", folder, "--silent"], { cwd: repo, encoding: "utf8" });
  packed = join(folder, output.trim().split("\n").pop()!);
  return packed;
}

/**
 * A new project: `files` written, the packed wymcp installed, and each of
 * `packages` linked (a missing one fails the build, as it would for a user).
 */
export function scratchProject(files: Readonly<Record<string, string>>, packages: readonly string[]): string {
  const root = mkdtempSync(join(tmpdir(), "wymcp-project-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  const wymcp = join(root, "node_modules/wymcp");
  mkdirSync(wymcp, { recursive: true });
  execFileSync("tar", ["-xzf", packedWymcp(), "-C", wymcp, "--strip-components=1"]);
  for (const name of new Set([...WYMCP_DEPENDENCIES, ...packages.filter((name) => name !== "wymcp")])) link(root, name);
  return root;
}

function link(root: string, name: string): void {
  const target = join(repo, "node_modules", name);
  readdirSync(target); // fails loudly when this repository does not have the package
  mkdirSync(dirname(join(root, "node_modules", name)), { recursive: true });
  symlinkSync(target, join(root, "node_modules", name), "dir");
}

/** A command's outcome. */
export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node …args` in the project. */
export function runNode(root: string, args: readonly string[], timeout = 120_000): Ran {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: "utf8",
    timeout,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
