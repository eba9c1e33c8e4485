#!/usr/bin/env node
/**
 * The `wymcp` binary: `npx wymcp check [paths…] [--format text|json]`,
 * `npx wymcp check --project tsconfig.json`, `npx wymcp tsc [tsc's arguments]`.
 * The command runs in a worker thread with a small young generation
 * (`../check/young-generation.ts` says why); this thread writes what it sends.
 *
 * @example
 * ```sh
 * npx wymcp check src --format json
 * npx wymcp tsc -p tsconfig.json --noEmit
 * ```
 *
 * @module
 */
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import { CHECK_YOUNG_GENERATION_MB } from "../check/young-generation.js";
import type { CommandData, CommandMessage } from "./command-worker.js";

// A reader that stops early (`| head`) ends the output, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => process.exit(process.exitCode ?? 0));

// Beside tsc 7, which keeps both cores busy, TurboFan's background compilations (~0.2 s of CPU) are
// wall time, and the check is over before they pay back; Maglev still optimizes (BENCHMARKS §10). Alone,
// `wymcp check` keeps TurboFan: there its compilations use the free core. Set before the command's
// thread exists, in this process only: a bundler plugin never touches V8's flags.
const argv = process.argv.slice(2);
if (argv[0] === "tsc") setFlagsFromString("--no-turbofan");

const workerData: CommandData = { argv, cwd: process.cwd(), isTty: process.stdout.isTTY };
const worker = new Worker(new URL("./command-worker.js", import.meta.url), {
  workerData,
  resourceLimits: { maxYoungGenerationSizeMb: CHECK_YOUNG_GENERATION_MB },
});
worker.on("message", (message: CommandMessage) => {
  if (message.kind === "exit") process.exitCode = message.code;
  else process[message.stream].write(`${message.text}\n`);
});
