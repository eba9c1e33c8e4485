/**
 * Session limits over real HTTP on 127.0.0.1: at most `maxSessions` open
 * sessions (one more initialize is answered 503 with `Retry-After` and a
 * JSON-RPC error body, and nothing else is disturbed), and a session left
 * idle for `sessionIdleTimeoutMs` is closed, after which its id is answered
 * 404 and the client starts a new session. A session with a request or a
 * stream open is not idle. The timers never keep the process alive.
 */
import { build } from "esbuild";
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { createHttpHandler, DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT_MS } from "../src/mcp/index.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { openEventStream, servers } from "./support/served.js";
import { exchange, INITIALIZE, messagesOf, openSession, rpc } from "./support/http-exchange.js";

const serve = servers();

const call = (id: number) => rpc(id, "tools/call", { name: "tasks", arguments: { action: "list" } });

/** Polls `condition` every 20 ms; rejects after `ms` so a missing expiry fails instead of hanging. */
async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("maxSessions", () => {
  test("one initialize over the cap is 503 with Retry-After and a JSON-RPC error; the open sessions go on; a closed one frees its slot", async () => {
    const running = await serve({ maxSessions: 2 });
    const first = await openSession(running.url);
    const second = await openSession(running.url);
    const refused = await exchange(running.url, { body: INITIALIZE });
    expect(refused.status).toBe(503);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(
      Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= DEFAULT_SESSION_IDLE_TIMEOUT_MS / 1000,
      String(refused.headers["retry-after"]),
    ).toBe(true);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: "2.0",
      error: { code: -32000, message: "Service Unavailable: the server holds its maximum of 2 sessions; retry later" },
      id: null,
    });
    expect(running.sessionCount()).toBe(2);
    for (const [index, session] of [first, second].entries()) {
      const answer = await exchange(running.url, { headers: session, body: call(index) });
      expect(messagesOf(answer)).toEqual([
        expect.objectContaining({ id: index, result: { content: [expect.objectContaining({ type: "text" })] } }),
      ]);
    }
    expect((await exchange(running.url, { method: "DELETE", headers: first })).status).toBe(200);
    expect((await exchange(running.url, { body: INITIALIZE })).status).toBe(200);
    expect(running.sessionCount()).toBe(2);
  });

  test("initializes racing for the last slots: exactly the cap is served, the rest 503", async () => {
    const running = await serve({ maxSessions: 3 });
    await openSession(running.url);
    const answers = await Promise.all(Array.from({ length: 12 }, () => exchange(running.url, { body: INITIALIZE })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 503)).toHaveLength(10);
    expect(running.sessionCount()).toBe(3);
  });

  test("a refused initialize (wrong Accept) does not hold a slot", async () => {
    const running = await serve({ maxSessions: 1 });
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await exchange(running.url, { headers: { accept: "application/json" }, body: INITIALIZE })).status).toBe(406);
    expect((await exchange(running.url, { body: INITIALIZE })).status).toBe(200);
  });

  test("by default 1,000 sessions: the next one is 503", async () => {
    const running = await serve();
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => exchange(running.url, { body: INITIALIZE })));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    }
    expect(running.sessionCount()).toBe(1000);
    expect((await exchange(running.url, { body: INITIALIZE })).status).toBe(503);
    expect(DEFAULT_MAX_SESSIONS).toBe(1000);
  });

  test("stateless mode keeps no sessions, so the cap never refuses it", async () => {
    const running = await serve({ stateless: true, maxSessions: 1 });
    for (let request = 0; request < 3; request++) expect((await exchange(running.url, { body: INITIALIZE })).status).toBe(200);
  });
});

describe("sessionIdleTimeoutMs", () => {
  test("an idle session is closed; its id is then 404 and a new initialize opens a new session", async () => {
    const running = await serve({ sessionIdleTimeoutMs: 150 });
    const session = await openSession(running.url);
    expect(running.sessionCount()).toBe(1);
    await until(() => running.sessionCount() === 0, 5000, "the idle session's expiry");
    const stale = await exchange(running.url, { headers: session, body: call(1) });
    expect(stale.status).toBe(404);
    expect(JSON.parse(stale.body)).toMatchObject({ error: { code: -32001, message: "Session not found" } });
    const renewed = await openSession(running.url);
    expect(renewed["mcp-session-id"]).not.toBe(session["mcp-session-id"]);
    expect(DEFAULT_SESSION_IDLE_TIMEOUT_MS).toBe(30 * 60 * 1000);
  });

  test("an open SSE stream keeps its session alive; once the client goes away the session expires", async () => {
    // Long enough that the GET below reliably arrives before the session, idle since initialize, expires.
    const running = await serve({ sessionIdleTimeoutMs: 1000 });
    const session = await openSession(running.url);
    const stream = await openEventStream(running.url, session);
    expect(stream.statusCode).toBe(200);
    stream.resume();
    // Three idle timeouts with no request, only the standalone GET stream open.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(running.sessionCount()).toBe(1);
    expect((await exchange(running.url, { headers: session, body: call(1) })).status).toBe(200);
    stream.destroy();
    await until(() => running.sessionCount() === 0, 10_000, "the abandoned session's expiry");
  });

  test("each request restarts the idle clock", async () => {
    // Requests 250 ms apart for twice the idle timeout: each one restarts it (with room for a loaded machine).
    const running = await serve({ sessionIdleTimeoutMs: 1000 });
    const session = await openSession(running.url);
    for (let id = 0; id < 8; id++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await exchange(running.url, { headers: session, body: call(id) })).status).toBe(200);
    }
    expect(running.sessionCount()).toBe(1);
  });

  test("Retry-After names when the first idle session will expire", async () => {
    const running = await serve({ maxSessions: 1, sessionIdleTimeoutMs: 10_000 });
    await openSession(running.url);
    const refused = await exchange(running.url, { body: INITIALIZE });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(10);
  });
});

describe("options and timers", () => {
  test("an invalid limit is refused when the handler is made", () => {
    for (const maxSessions of [0, -1, 1.5, Number.NaN])
      expect(() => createHttpHandler(fixtureRouter(), { maxSessions }), `maxSessions ${maxSessions}`).toThrow(RangeError);
    for (const sessionIdleTimeoutMs of [0, -1, 1.5, Number.NaN, 2 ** 31]) {
      expect(() => createHttpHandler(fixtureRouter(), { sessionIdleTimeoutMs }), `sessionIdleTimeoutMs ${sessionIdleTimeoutMs}`).toThrow(
        RangeError,
      );
    }
    expect(() =>
      createHttpHandler(fixtureRouter(), { maxSessions: Number.POSITIVE_INFINITY, sessionIdleTimeoutMs: Number.POSITIVE_INFINITY }),
    ).not.toThrow();
  });

  test("close() closes every session, and no session opens after it", async () => {
    const handler = createHttpHandler(fixtureRouter());
    const server = createServer((req, res) => void handler.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const session = await openSession(url);
    await handler.close();
    expect(handler.sessionCount()).toBe(0);
    expect((await exchange(url, { headers: session, body: call(1) })).status).toBe(404);
    const late = await exchange(url, { body: INITIALIZE });
    expect(late.status).toBe(503);
    expect(JSON.parse(late.body)).toMatchObject({ error: { code: -32000, message: "Service Unavailable: the server is shutting down" } });
    expect(handler.sessionCount()).toBe(0);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test("an open session's idle timer does not keep the process alive", async () => {
    const root = fileURLToPath(new URL("../", import.meta.url));
    mkdirSync(`${root}test/.tmp`, { recursive: true });
    const outfile = `${root}test/.tmp/http-idle-child-${process.pid}.mjs`;
    // The child opens a session (idle timeout: the 30 min default), then closes its HTTP server but not the handler.
    const contents = `
      import { createServer, request, type IncomingMessage } from "node:http";
      import { createHttpHandler } from "../src/mcp/index.js";
      import { fixtureRouter } from "./fixtures/runtime/tools.js";
      import { exchange, INITIALIZE } from "./support/http-exchange.js";
      const handler = createHttpHandler(fixtureRouter());
      const server = createServer((req, res) => void handler.handle(req, res));
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      const opened = await exchange(new URL("http://127.0.0.1:" + server.address().port + "/"), { headers: { connection: "close" }, body: INITIALIZE });
      process.stdout.write(opened.status + " " + handler.sessionCount());
      server.close();
    `;
    await build({
      stdin: { contents, resolveDir: `${root}test`, loader: "ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      packages: "external",
      outfile,
      logLevel: "silent",
    });
    const child = spawn(process.execPath, [outfile], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = await new Promise<number | "still running">((resolve) => {
      const timer = setTimeout(() => (child.kill(), resolve("still running")), 20_000);
      child.on("exit", (code) => (clearTimeout(timer), resolve(code ?? -1)));
    }).finally(() => rmSync(outfile, { force: true }));
    expect(output).toBe("200 1");
    expect(exited).toBe(0);
  });
});
