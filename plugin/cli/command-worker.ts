/**
 * The `wymcp` binary's command, run in a worker thread whose young
 * generation is kept small, as the check workers' is
 * (`../check/young-generation.ts` says why; `./main.ts` starts it). What the
 * command writes goes to the main thread as messages, in order, then its
 * exit code.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runCommand } from "./command.js";

/** What the main thread hands the worker. */
export interface CommandData {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly isTty: boolean;
}

/** What the worker sends back: a line for a stream, then the exit code. */
export type CommandMessage =
  | { readonly kind: "write"; readonly stream: "stdout" | "stderr"; readonly text: string }
  | { readonly kind: "exit"; readonly code: number };

if (parentPort === null) throw new Error("plugin/cli/command-worker.js runs in the worker main.js starts; run the wymcp binary");
const port = parentPort;
const data = workerData as CommandData;
const send = (message: CommandMessage) => port.postMessage(message);
const code = await runCommand(data.argv, {
  stdout: (text) => send({ kind: "write", stream: "stdout", text }),
  stderr: (text) => send({ kind: "write", stream: "stderr", text }),
  cwd: data.cwd,
  isTty: data.isTty,
  env: process.env,
});
send({ kind: "exit", code });
