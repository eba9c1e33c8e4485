/**
 * The built `wymcp` binary (`dist/plugin/cli/main.js`), run as a user runs
 * it: a process in a folder, its exit code and both streams.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const main = join(fileURLToPath(new URL("../..", import.meta.url)), "dist/plugin/cli/main.js");

export interface CliRun {
  readonly code: number | null;
  /** The signal that ended the process (`SIGSEGV` for a crash, `SIGTERM` past the timeout); `null` when it exited. */
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `wymcp …argv` in `cwd` (needs `npm run build`), stopped after `timeout` ms: a hang ends as a `SIGTERM`. */
export function runCli(argv: readonly string[], cwd: string, timeout = 60_000): CliRun {
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const result = spawnSync(process.execPath, [main, ...argv], { cwd, encoding: "utf8", timeout, maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}
