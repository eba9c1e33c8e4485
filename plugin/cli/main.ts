#!/usr/bin/env node
/**
 * The `wymcp` binary: `npx wymcp check [paths…] [--format text|json]`,
 * `npx wymcp check --project tsconfig.json`, `npx wymcp tsc [tsc's arguments]`.
 *
 * @example
 * ```sh
 * npx wymcp check src --format json
 * npx wymcp tsc -p tsconfig.json --noEmit
 * ```
 *
 * @module
 */
import { runCommand } from "./command.js";

// A reader that stops early (`| head`) ends the output, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => process.exit(process.exitCode ?? 0));

const code = runCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
  isTty: process.stdout.isTTY,
  env: process.env,
});
if (typeof code === "number") process.exitCode = code;
else void code.then((value) => (process.exitCode = value));
