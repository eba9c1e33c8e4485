/**
 * The tasks example's Worker module served by Bun (`Bun.serve`) and by Deno
 * (`Deno.serve`), each from the binary its npm package ships, and the SDK's
 * Client talking to it over real HTTP on 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exerciseTasksExample } from "./support/runtime-session.js";
import { buildTasksWorker } from "./support/worker-build.js";

const require = createRequire(import.meta.url);
const hosts = fileURLToPath(new URL("./fixtures/runtimes/", import.meta.url));

/** A binary an npm package ships: in its platform package, or where the package's install script put it. */
function shipped(...candidates: string[]): string {
  for (const candidate of candidates) {
    try {
      return require.resolve(candidate);
    } catch {
      // not installed in this layout: the next candidate
    }
  }
  return candidates[0]!;
}

const runtimes = [
  {
    name: "Bun",
    binary: shipped("bun/bin/bun.exe", "@oven/bun-linux-x64/bin/bun"),
    args: (worker: string) => ["run", `${hosts}bun-host.mjs`, worker],
  },
  {
    name: "Deno",
    binary: shipped("@deno/linux-x64-glibc/deno", "deno/deno"),
    args: (worker: string) => ["run", "--allow-net=127.0.0.1", `--allow-read=${worker}`, "--no-prompt", `${hosts}deno-host.mjs`, worker],
  },
];

/** Why a binary cannot run here, or undefined when it can. */
function unavailable(binary: string): string | undefined {
  const probe = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return probe.status === 0 ? undefined : `${binary} cannot run on this machine: ${probe.error?.message ?? probe.stderr.trim()}`;
}

/** Starts the host; resolves with its port once it prints `listening N`. */
function start(binary: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    });
    let output = "";
    const timer = setTimeout(() => (child.kill(), reject(new Error(`no port within 30 s:\n${output}`))), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => (clearTimeout(timer), reject(new Error(`exited with ${code}:\n${output}`))));
  });
}

for (const runtime of runtimes) {
  const reason = unavailable(runtime.binary);
  if (reason !== undefined) console.log(`skipped ${runtime.name}: ${reason}`);

  describe.skipIf(reason !== undefined)(`the tasks example's Worker module in ${runtime.name}`, () => {
    let child: ChildProcess | undefined;
    let url: URL;
    beforeAll(async () => {
      const worker = await buildTasksWorker();
      const started = await start(runtime.binary, runtime.args(worker));
      child = started.child;
      url = new URL(`http://127.0.0.1:${started.port}/mcp`);
    }, 60_000);
    afterAll(() => {
      child?.kill();
    });

    test("the SDK Client initializes, lists, calls and gets help", async () => {
      const ids = await exerciseTasksExample(url, 3);
      expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2]);
    });

    test("the guards answer there as everywhere", async () => {
      const foreign = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", origin: "https://evil.example" },
        body: "{}",
      });
      expect(foreign.status).toBe(403);
      const notJson = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: "{oops",
      });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toMatchObject({ error: { code: -32700 } });
    });
  });
}
