#!/usr/bin/env node
/**
 * The `wymcp` binary: `npx wymcp check [paths…] [--format text|json]`.
 *
 * @example
 * ```sh
 * npx wymcp check src --format json
 * ```
 *
 * @module
 */
import { run } from "./run.js";

process.exitCode = run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
});
