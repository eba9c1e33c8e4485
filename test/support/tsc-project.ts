/**
 * Scratch projects for `wymcp tsc`: files written to a fresh folder,
 * `node_modules/wymcp` linked to this repository (needs `npm run build`) and
 * `node_modules/typescript` linked to the release under test — the
 * repository's own 5.9, or 6.0.3 / 7.0.2 installed once from the registry.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { typescriptPackage } from "./typescript-versions.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const main = join(repo, "dist/plugin/cli/main.js");

/** The releases `wymcp tsc` is tested with: the development one, the last 6.x, the current 7.x. */
export const TSC_VERSIONS = ["5.9", "6.0.3", "7.0.2"] as const;

/** The folder of the `typescript` package for a release ("5.9" is this repository's). */
export function typescriptFolder(version: string): string {
  return version === "5.9" ? join(repo, "node_modules/typescript") : typescriptPackage(version);
}

/** A project with `files`, wymcp linked, and TypeScript `version` linked (none when `version` is undefined). */
export function tscProject(files: Readonly<Record<string, string>>, version: string | undefined): string {
  const root = mkdtempSync(join(tmpdir(), "wymcp-tsc-route-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  mkdirSync(join(root, "node_modules"), { recursive: true });
  symlinkSync(repo, join(root, "node_modules/wymcp"), "dir");
  if (version !== undefined) symlinkSync(typescriptFolder(version), join(root, "node_modules/typescript"), "dir");
  return root;
}

/** A finished `wymcp …` run. */
export interface WymcpRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `wymcp …argv` in a project, colours off unless `env` says otherwise. */
export function wymcp(root: string, argv: readonly string[], env: Record<string, string> = {}): WymcpRun {
  const result = spawnSync(process.execPath, [main, ...argv], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Starts `wymcp …argv` and hands back its growing output and a way to stop it. */
export function startWymcp(root: string, argv: readonly string[]): { output: () => string; stop: () => void } {
  const child = spawn(process.execPath, [main, ...argv], { cwd: root, env: { ...process.env, NO_COLOR: "1" } });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { output: () => output, stop: () => child.kill() };
}
