/**
 * Scale-out: three instances of the tasks example (separate processes, the
 * esbuild build of examples/tasks/src/server-http.ts) behind a small
 * round-robin proxy on loopback. Stateless, a whole client session works
 * with every request landing on another instance than the one before;
 * stateful, the same routing loses the session at the second request —
 * why sessions need sticky routing or one instance.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type BuildOptions } from "esbuild";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { exerciseTasksExample } from "./support/runtime-session.js";
import { exchange, INITIALIZE, rpc } from "./support/http-exchange.js";

const outdir = fileURLToPath(new URL("../examples/tasks/dist/scale-out/", import.meta.url));

beforeAll(async () => {
  const options = ((await import(new URL("../examples/tasks/esbuild.config.mjs", import.meta.url).href)) as { default: BuildOptions })
    .default;
  await build({ ...options, outdir, logLevel: "silent" });
}, 60_000);

const running: { close(): void }[] = [];
afterEach(() => {
  for (const item of running.splice(0)) item.close();
});

/** One instance of the example server; resolves with its origin once it prints its endpoint. */
function instance(stateless: boolean): Promise<URL> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [join(outdir, "server-http.js")], {
      env: { ...process.env, PORT: "0", ...(stateless ? { STATELESS: "1" } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    running.push({ close: () => child.kill() });
    let output = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /MCP endpoint (http:\/\/\S+)/.exec(output);
      if (match !== null) resolve(new URL(match[1]!));
    });
    child.on("exit", (code) => reject(new Error(`the instance exited with ${code}:\n${output}`)));
  });
}

/** A round-robin proxy on 127.0.0.1: each request goes to the next instance; `served` lists which instance took each. */
async function roundRobin(targets: URL[]): Promise<{ url: URL; served: number[] }> {
  const served: number[] = [];
  let next = 0;
  const proxy: Server = createServer((incoming, outgoing) => {
    const index = next++ % targets.length;
    served.push(index);
    const target = targets[index]!;
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", () => outgoing.destroy());
    outgoing.on("close", () => forward.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  running.push({ close: () => (proxy.closeAllConnections(), proxy.close()) });
  return { url: new URL(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`), served };
}

describe("three instances behind a round-robin proxy", () => {
  test("stateless: a whole session (initialize, list, 30 calls, a refusal, help) with each request on another instance", async () => {
    const targets = await Promise.all([instance(true), instance(true), instance(true)]);
    const proxy = await roundRobin(targets);
    const ids = await exerciseTasksExample(proxy.url, 30);
    expect(ids).toHaveLength(30);
    // initialize, initialized, tools/list, 30 creates, the refusal, help (and the client's closing requests, if any).
    expect(proxy.served.length).toBeGreaterThanOrEqual(35);
    for (let index = 1; index < proxy.served.length; index++) expect(proxy.served[index]).not.toBe(proxy.served[index - 1]);
    expect(new Set(proxy.served)).toEqual(new Set([0, 1, 2]));
  }, 60_000);

  test("stateful: the session opened on one instance is unknown to the next (404), so sessions need sticky routing or one instance", async () => {
    const targets = await Promise.all([instance(false), instance(false), instance(false)]);
    const proxy = await roundRobin(targets);
    const opened = await exchange(proxy.url, { body: INITIALIZE });
    expect(opened.status).toBe(200);
    const session = String(opened.headers["mcp-session-id"]);
    const next = await exchange(proxy.url, {
      headers: { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" },
      body: rpc(2, "tools/list"),
    });
    expect(next.status).toBe(404);
    expect(JSON.parse(next.body)).toMatchObject({ error: { code: -32001, message: "Session not found" } });
    expect(proxy.served.slice(0, 2)).toEqual([0, 1]);
  }, 60_000);
});
