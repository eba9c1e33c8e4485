/**
 * The tasks example as a Cloudflare Worker, in workerd — Cloudflare's own
 * runtime, where code generation from strings throws — through Miniflare:
 * built from source with esbuild and the wymcp plugin
 * (examples/tasks/worker.config.mjs), then the SDK's Client talks to it over
 * real HTTP.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exerciseTasksExample } from "./support/runtime-session.js";
import { buildTasksWorker } from "./support/worker-build.js";

const workerd = createRequire(import.meta.url).resolve("workerd/bin/workerd");
const probe = spawnSync(workerd, ["--version"], { encoding: "utf8" });
const unavailable = probe.status === 0 ? undefined : `workerd cannot run on this machine: ${probe.error?.message ?? probe.stderr.trim()}`;
if (unavailable !== undefined) console.log(`skipped: ${unavailable}`);

describe.skipIf(unavailable !== undefined)("the tasks example in workerd", () => {
  let mf: Miniflare;
  let url: URL;
  beforeAll(async () => {
    const scriptPath = await buildTasksWorker();
    const { Miniflare } = await import("miniflare");
    mf = new Miniflare({
      modules: true,
      scriptPath,
      modulesRoot: dirname(scriptPath),
      compatibilityDate: "2025-09-01",
      host: "127.0.0.1",
      port: 0,
    });
    url = new URL("/mcp", await mf.ready);
  }, 60_000);
  afterAll(async () => {
    await mf?.dispose();
  });

  test("the SDK Client initializes, lists, calls and gets help", async () => {
    const ids = await exerciseTasksExample(url, 3);
    expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2]);
  });

  test("the Worker runs where code generation throws, and the guards hold there too", async () => {
    const probeWorker = await mf.dispatchFetch("http://localhost/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", origin: "https://evil.example" },
      body: "{}",
    });
    expect(probeWorker.status).toBe(403);
    const big = await mf.dispatchFetch("http://localhost/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: " ".repeat(2 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    const get = await mf.dispatchFetch("http://localhost/mcp", { method: "GET", headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
  });

  test("workerd refuses code generation from strings, so the Worker above serves without any", async () => {
    const script =
      'export default { fetch() { try { new Function("return 1"); return new Response("allowed"); } catch (error) { return new Response(error.name); } } };';
    const { Miniflare } = await import("miniflare");
    const probeRuntime = new Miniflare({ modules: true, script, compatibilityDate: "2025-09-01" });
    try {
      expect(await (await probeRuntime.dispatchFetch("http://localhost/")).text()).toBe("EvalError");
    } finally {
      await probeRuntime.dispose();
    }
  });
});
