import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { request } from "node:http";
import { describe, expect, test } from "vitest";
import { serveHttp, type RunningHttpServer, type ServeHttpOptions } from "../src/mcp/index.js";
import { describeSession, newClient, type Session } from "./fixtures/runtime/session-scenario.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";

const serverInfo = { name: "fixture", version: "1.2.3" };

/** A fresh server on 127.0.0.1 (ephemeral port) and an SDK client connected over real HTTP. */
async function httpSession(
  options: ServeHttpOptions = {},
): Promise<Session & { running: RunningHttpServer; transport: StreamableHTTPClientTransport }> {
  const running = await serveHttp(fixtureRouter(), { serverInfo, ...options });
  const transport = new StreamableHTTPClientTransport(running.url);
  const { client, listChanged } = newClient();
  await client.connect(transport);
  return { client, listChanged, running, transport, close: async () => (await client.close(), await running.close()) };
}

/** A raw HTTP exchange, for what the SDK client never sends. */
function raw(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...init.headers },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
const listTools = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });

describeSession("Streamable HTTP, stateful", { open: () => httpSession(), notifications: true, serverName: "fixture" });
describeSession("Streamable HTTP, stateless", {
  open: () => httpSession({ stateless: true }),
  notifications: false,
  serverName: "fixture",
});

describe("Streamable HTTP, stateful sessions", () => {
  test("initialize opens a session named by mcp-session-id; terminating it closes it", async () => {
    const session = await httpSession();
    const sessionId = session.transport.sessionId!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.running.sessionCount()).toBe(1);
    await session.transport.terminateSession();
    expect(session.running.sessionCount()).toBe(0);
    const stale = await raw(session.running.url, {
      headers: { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
      body: listTools,
    });
    expect(stale.status).toBe(404);
    await session.close();
  });

  test("each client gets its own session; closing the server closes them all", async () => {
    const running = await serveHttp(fixtureRouter());
    const clients = [newClient().client, newClient().client];
    for (const client of clients) await client.connect(new StreamableHTTPClientTransport(running.url));
    expect(running.sessionCount()).toBe(2);
    await running.close();
    expect(running.sessionCount()).toBe(0);
    await Promise.all(clients.map((client) => client.close()));
  });

  test("a non-initialize request without a session id is refused with 400", async () => {
    const running = await serveHttp(fixtureRouter());
    const answer = await raw(running.url, { body: listTools });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32000 } });
    await running.close();
  });

  test("invalid JSON is a parse error, never a crash", async () => {
    const running = await serveHttp(fixtureRouter());
    const answer = await raw(running.url, { body: "{not json" });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32700 } });
    expect((await raw(running.url, { body: initialize })).status).toBe(200);
    await running.close();
  });
});

describe("Streamable HTTP, stateless", () => {
  test("no session id; any instance behind a load balancer answers any request", async () => {
    const instances = [await serveHttp(fixtureRouter(), { stateless: true }), await serveHttp(fixtureRouter(), { stateless: true })];
    const served: string[] = [];
    let turn = 0;
    // Round-robin every request over two independent servers, as a load balancer would.
    const roundRobin = (input: string | URL | Request, init?: RequestInit) => {
      const target = instances[turn++ % 2]!.url;
      served.push(target.port);
      return fetch(target, init);
    };
    const transport = new StreamableHTTPClientTransport(instances[0]!.url, { fetch: roundRobin });
    const { client } = newClient();
    await client.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    for (let call = 0; call < 3; call++) {
      const result = await client.callTool({ name: "tasks", arguments: { action: "create", data: { name: `t${call}` } } });
      expect(result.isError).toBeFalsy();
    }
    expect(new Set(served).size).toBe(2);
    await client.close();
    await Promise.all(instances.map((instance) => instance.close()));
  });

  test("GET and DELETE have nothing to act on: 405", async () => {
    const running = await serveHttp(fixtureRouter(), { stateless: true });
    expect((await raw(running.url, { method: "GET" })).status).toBe(405);
    expect((await raw(running.url, { method: "DELETE" })).status).toBe(405);
    await running.close();
  });
});

describe("serveHttp", () => {
  test("serves only its path", async () => {
    const running = await serveHttp(fixtureRouter(), { path: "/rpc" });
    expect(running.url.pathname).toBe("/rpc");
    expect((await raw(new URL("/mcp", running.url), { body: initialize })).status).toBe(404);
    expect((await raw(running.url, { body: initialize })).status).toBe(200);
    await running.close();
  });

  test("on a loopback address a foreign Host header is refused (DNS rebinding)", async () => {
    const running = await serveHttp(fixtureRouter());
    expect((await raw(running.url, { headers: { host: `evil.example:${running.url.port}` }, body: initialize })).status).toBe(403);
    expect((await raw(running.url, { headers: { host: `localhost:${running.url.port}` }, body: initialize })).status).toBe(200);
    await running.close();
  });
});
