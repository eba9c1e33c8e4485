/**
 * A session survives a crash of the server process: the Redis example
 * (examples/redis/server.ts, the tasks example with `RedisSessionStore` and
 * `RedisEventStore`) runs as a real process against a real redis-server the
 * test starts. The SDK's own Client opens a session, the process is killed
 * (SIGKILL: nothing is saved on the way out) and started again on the same
 * port, and the same Client goes on under the same session id — and picks
 * up, with Last-Event-ID, the answer of a call whose stream it lost before
 * the crash. A revived session still refuses another user's token.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { build, type Plugin } from "esbuild";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RedisSessionStore } from "../examples/redis/redis-session-store.js";
import { createFetchHandler, type FetchHandler } from "../src/mcp/index.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { INITIALIZE, MCP_HEADERS, rpc } from "./support/http-exchange.js";
import { ensureRedisServer, freePort, startRedis } from "./support/redis-server.js";

const unavailable = ensureRedisServer();
if (unavailable !== undefined) console.log(`skipped: ${unavailable}`);

const root = fileURLToPath(new URL("../", import.meta.url));
const outfile = `${root}test/.tmp/redis-example-server-${process.pid}.mjs`;
const TOKEN = "restart-secret";

/** The example imports `wymcp/mcp` as a user's code does: bundled from this checkout's sources. */
const wymcpFromSource: Plugin = {
  name: "wymcp-from-source",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^wymcp(\/mcp)?$/ }, (args) => ({
      path: `${root}${args.path === "wymcp" ? "src/index.ts" : "src/mcp/index.ts"}`,
    }));
  },
};

describe.skipIf(unavailable !== undefined)("a session of the Redis example survives a restart of the server process", () => {
  let redis: { url: string; stop(): void };
  let inspect: ReturnType<typeof createClient>;
  const children = new Set<ChildProcess>();
  beforeAll(async () => {
    redis = await startRedis();
    inspect = createClient({ url: redis.url });
    await inspect.connect();
    await build({
      entryPoints: [`${root}examples/redis/server.ts`],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      packages: "external",
      plugins: [wymcpFromSource],
      outfile,
      logLevel: "silent",
    });
  }, 120_000);
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await inspect?.quit().catch(() => {});
    redis?.stop();
    rmSync(outfile, { force: true });
  });

  /** The example server on `port`, against `redisUrl`; resolves once it prints its endpoint. */
  function startServer(port: number, redisUrl = redis.url): Promise<ChildProcess> {
    const child = spawn(process.execPath, [outfile], {
      env: { ...process.env, PORT: String(port), REDIS_URL: redisUrl, MCP_TOKEN: TOKEN },
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.add(child);
    return new Promise((resolve, reject) => {
      let output = "";
      child.stderr.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("MCP endpoint")) resolve(child);
      });
      child.on(
        "exit",
        (code, signal) => (children.delete(child), reject(new Error(`the example server exited (${code ?? signal}):\n${output}`))),
      );
    });
  }

  async function crash(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  test("SIGKILL and start again: the same Client goes on under its session id, and resumes a lost stream from Redis", async () => {
    const port = await freePort();
    const url = new URL(`http://127.0.0.1:${port}/mcp`);
    const auth = { authorization: `Bearer ${TOKEN}` };
    let server = await startServer(port);
    const client = new Client({ name: "restart-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: auth } });
    await client.connect(transport);
    try {
      const sessionId = transport.sessionId!;
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["help", "tasks", "projects", "notes"]);
      const create = (name: string) => ({ name: "tasks", arguments: { action: "create", data: { project: 1, name } } });
      const before = ((await client.callTool(create("Before"))).structuredContent as { task: { id: number; name: string } }).task;
      expect(before.name).toBe("Before");
      expect(JSON.parse((await inspect.get(`mcp:session:${sessionId}`))!)).toMatchObject({
        owner: expect.stringMatching(/^[0-9a-f]{64}$/),
        client: { clientInfo: { name: "restart-test" } },
      });

      // A call whose stream is lost after its first event: the answer is stored in Redis, never read.
      const session = { ...MCP_HEADERS, ...auth, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" };
      const lost = await fetch(url, { method: "POST", headers: session, body: rpc(70, "tools/call", create("Missed")) });
      expect(lost.status).toBe(200);
      const lastEventId = await firstEventId(lost.body!);
      // The session's view of the store prefixes the store's own id (`<session>/<stream>@<entry>`) with the session id.
      const key = `mcp:events:${lastEventId.slice(sessionId.length + 1, lastEventId.lastIndexOf("@"))}`;
      await until(async () =>
        ((await inspect.xRange(key, "-", "+")) ?? []).some((entry) => String(entry.message["message"]).includes('"result"')),
      );

      await crash(server);
      server = await startServer(port);

      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["help", "tasks", "projects", "notes"]);
      expect(transport.sessionId).toBe(sessionId);
      // Resumed, not sent again: the task the first process created, the id after Before's.
      const resumed = await client.callTool(create("Missed"), { resumptionToken: lastEventId });
      expect(resumed).toMatchObject({ structuredContent: { task: { id: before.id + 1, name: "Missed" } } });
      // The tasks lived in the first process: the new one hands out Before's id again.
      expect(await client.callTool(create("After"))).toMatchObject({ structuredContent: { task: { id: before.id, name: "After" } } });
      const help = await client.callTool({ name: "help", arguments: { tool: "tasks", action: "create" } });
      expect(help.isError).toBeFalsy();
      expect(JSON.stringify(help.content)).toContain("create");
      // Not any id is served: one no process opened is unknown.
      const stranger = await fetch(url, {
        method: "POST",
        headers: { ...session, "mcp-session-id": "never-opened" },
        body: rpc(71, "tools/list"),
      });
      expect(stranger.status).toBe(404);

      await transport.terminateSession();
      expect(await inspect.get(`mcp:session:${sessionId}`)).toBeNull();
      await crash(server);
      server = await startServer(port);
      const ended = await fetch(url, { method: "POST", headers: session, body: rpc(72, "tools/list") });
      expect(ended.status).toBe(404);
    } finally {
      await client.close();
      await crash(server);
    }
  }, 120_000);

  test("Redis drops: the server keeps running and serving its sessions, a new session is 503 with an error id; once Redis is back it reconnects", async () => {
    let own = await startRedis();
    const port = await freePort();
    const url = new URL(`http://127.0.0.1:${port}/mcp`);
    const auth = { authorization: `Bearer ${TOKEN}` };
    const server = await startServer(port, own.url);
    let stderr = "";
    server.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const clients: Client[] = [];
    const connect = async () => {
      const client = new Client({ name: "outage-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: auth } }));
      clients.push(client);
      return client;
    };
    const list = { name: "help", arguments: {} };
    try {
      const before = await connect();
      expect((await before.callTool(list)).isError).toBeFalsy();

      await own.stop();
      // The client notices the drop at its next command, or at once: either way the process must stay up.
      await until(async () => stderr.includes("Redis is unreachable"));
      expect(server.exitCode).toBeNull();
      expect((await before.callTool(list)).isError).toBeFalsy();
      const refused = await fetch(url, { method: "POST", headers: { ...MCP_HEADERS, ...auth }, body: INITIALIZE });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /^Service Unavailable: the session store failed \(error id [0-9a-f-]{36}\); retry later$/,
      );
      expect(stderr).toMatch(/sessionStore\.set failed \(error id [0-9a-f-]{36}\)/);

      own = await startRedis(own.port);
      await until(async () => stderr.includes("Redis is back"));
      const after = await connect();
      expect((await after.callTool(list)).isError).toBeFalsy();
      expect((await before.callTool(list)).isError).toBeFalsy();
      expect(server.exitCode).toBeNull();
    } finally {
      await Promise.all(clients.map((client) => client.close().catch(() => {})));
      await crash(server);
      await own.stop();
    }
  }, 120_000);

  test("a revived session refuses another user's valid token (404, nothing revived); its owner goes on", async () => {
    const store = createClient({ url: redis.url });
    await store.connect();
    const handlers: FetchHandler[] = [];
    try {
      const bearerToken = (token: string) => ({ "alice-token": "alice", "mallory-token": "mallory" })[token] ?? false;
      const handler = () => {
        const made = createFetchHandler(fixtureRouter(), {
          bearerToken,
          sessionStore: new RedisSessionStore(store, { prefix: "hijack:" }),
        });
        handlers.push(made);
        return made;
      };
      const send = (to: FetchHandler, headers: Record<string, string>, body: string) =>
        to(new Request("http://localhost/mcp", { method: "POST", headers: { ...MCP_HEADERS, ...headers }, body }));
      const before = handler();
      const opened = await send(before, { authorization: "Bearer alice-token" }, INITIALIZE);
      await opened.text();
      const alice = {
        authorization: "Bearer alice-token",
        "mcp-session-id": opened.headers.get("mcp-session-id")!,
        "mcp-protocol-version": "2025-06-18",
      };
      expect((await send(before, alice, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))).status).toBe(202);
      await before.close();

      const after = handler();
      const hijack = await send(after, { ...alice, authorization: "Bearer mallory-token" }, rpc(2, "tools/list"));
      expect(hijack.status).toBe(404);
      expect(await hijack.json()).toEqual({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null });
      expect(after.sessionCount()).toBe(0);
      const served = await send(after, alice, rpc(3, "tools/list"));
      expect(served.status).toBe(200);
      expect(await served.text()).toContain('"id":3');
      expect(after.sessionCount()).toBe(1);
    } finally {
      await Promise.all(handlers.map((handler) => handler.close()));
      await store.quit();
    }
  });
});

/** The id of the first SSE event of `body` (the priming event); the stream is then dropped. */
async function firstEventId(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const id = /^id: (.+)$/m.exec(text)?.[1];
      if (id !== undefined) return id;
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream ended before an event id: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel();
  }
}

/** Waits for `condition`, checking every 20 ms, failing after 10 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the condition did not hold within 10 s");
}
