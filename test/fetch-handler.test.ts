/**
 * The Web-standard fetch handler: the whole session scenario with the SDK's
 * own Client (its `fetch` handed straight to the handler), and every guard
 * in both modes — the same answers as the Node handler gives for the same
 * request, since both hosts share one core.
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, test } from "vitest";
import { createFetchHandler, serveHttp, type FetchHandler, type FetchHandlerOptions } from "../src/mcp/index.js";
import { describeSession, newClient, type Session } from "./fixtures/runtime/session-scenario.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { exchange, INITIALIZE, MCP_HEADERS, rpc } from "./support/http-exchange.js";

const serverInfo = { name: "fixture", version: "1.2.3" };
const URL_ = "https://mcp.example.com/mcp";

const handlers: FetchHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

function handlerFor(options: FetchHandlerOptions = {}): FetchHandler {
  const handler = createFetchHandler(fixtureRouter(), { serverInfo, ...options });
  handlers.push(handler);
  return handler;
}

/** The SDK Client over the fetch handler: every request a real `Request`, every answer a real `Response`. */
async function fetchSession(
  options: FetchHandlerOptions = {},
  headers: Record<string, string> = {},
): Promise<Session & { handler: FetchHandler; transport: StreamableHTTPClientTransport }> {
  const handler = handlerFor(options);
  const transport = new StreamableHTTPClientTransport(new URL(URL_), {
    fetch: (input, init) => handler(new Request(input, init)),
    requestInit: { headers },
  });
  const { client, listChanged } = newClient();
  await client.connect(transport);
  return { client, listChanged, handler, transport, close: async () => await client.close() };
}

/** A raw POST (or other method) to a handler. */
function post(handler: FetchHandler, body: string | undefined, headers: Record<string, string> = {}, method = "POST"): Promise<Response> {
  return handler(new Request(URL_, { method, headers: { ...MCP_HEADERS, ...headers }, ...(body === undefined ? {} : { body }) }));
}

async function errorOf(response: Response): Promise<{ code: number; message: string }> {
  const parsed = (await response.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  expect(parsed).toMatchObject({ jsonrpc: "2.0", id: null });
  return parsed.error;
}

describeSession("the fetch handler, stateful", { open: () => fetchSession(), notifications: true, serverName: "fixture" });
describeSession("the fetch handler, stateless", {
  open: () => fetchSession({ stateless: true }),
  notifications: false,
  serverName: "fixture",
});

describe.each([
  ["stateful", false],
  ["stateless", true],
])("the fetch handler's guards, %s", (_mode, stateless) => {
  test.each([
    [
      "a Host not in allowedHosts",
      { allowedHosts: ["mcp.example.com"] },
      { host: "evil.example" },
      INITIALIZE,
      403,
      -32000,
      "Forbidden: host not allowed",
    ],
    ["a foreign Origin", {}, { origin: "https://evil.example" }, INITIALIZE, 403, -32000, "Forbidden: origin not allowed"],
    ["no bearer token", { bearerToken: "s3cret" }, {}, INITIALIZE, 401, -32000, "Unauthorized: a valid bearer token is required"],
    [
      "a wrong bearer token",
      { bearerToken: "s3cret" },
      { authorization: "Bearer nope" },
      INITIALIZE,
      401,
      -32000,
      "Unauthorized: a valid bearer token is required",
    ],
    [
      "a body over maxBodyBytes",
      { maxBodyBytes: 64 },
      {},
      INITIALIZE,
      413,
      -32000,
      "Payload Too Large: the request body must not exceed 64 bytes",
    ],
    ["a body that is no JSON", {}, {}, "{nope", 400, -32700, "Parse error: Invalid JSON"],
    ["JSON that is no JSON-RPC", {}, {}, '{"hello":1}', 400, -32600, "Invalid Request: not a JSON-RPC 2.0 message"],
    ["an empty batch", {}, {}, "[]", 400, -32600, "Invalid Request: an empty batch"],
    [
      "a wrong content type",
      {},
      { "content-type": "text/plain" },
      INITIALIZE,
      415,
      -32000,
      "Unsupported Media Type: Content-Type must be application/json",
    ],
  ] as const)("%s is refused", async (_name, options, headers, body, status, code, message) => {
    const response = await post(handlerFor({ stateless, ...options }), body, headers);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toEqual({ code, message });
    if (status === 401) expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm="mcp"/);
  });

  test("a streamed body over the limit without Content-Length is refused 413 and not read to its end", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) return controller.close();
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    const response = await handlerFor({ stateless, maxBodyBytes: 4096 })(
      new Request(URL_, { method: "POST", headers: MCP_HEADERS, body, duplex: "half" }),
    );
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(20);
  });

  test("authenticate is handed the Request itself", async () => {
    const seen: string[] = [];
    const handler = handlerFor({
      stateless,
      authenticate: (request) => (seen.push(request.headers.get("x-api-key") ?? ""), request.headers.get("x-api-key") === "k1"),
    });
    expect((await post(handler, INITIALIZE, { "x-api-key": "k2" })).status).toBe(401);
    expect((await post(handler, INITIALIZE, { "x-api-key": "k1" })).status).toBe(200);
    expect(seen).toEqual(["k2", "k1"]);
  });

  test("a request a host reports as loopback serves only loopback Host names by default", async () => {
    const handler = handlerFor({ stateless });
    const request = () => new Request("http://rebound.example:3000/mcp", { method: "POST", headers: MCP_HEADERS, body: INITIALIZE });
    expect((await handler.handle(request(), { loopback: true })).status).toBe(403);
    expect((await handler.handle(request())).status).toBe(200);
    expect(
      (
        await handler.handle(new Request("http://127.0.0.1:3000/mcp", { method: "POST", headers: MCP_HEADERS, body: INITIALIZE }), {
          loopback: true,
        })
      ).status,
    ).toBe(200);
  });
});

describe("the fetch handler's sessions", () => {
  test("stateless: no session id, GET and DELETE are 405, nothing is kept", async () => {
    const handler = handlerFor({ stateless: true });
    const opened = await post(handler, INITIALIZE);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("mcp-session-id")).toBeNull();
    await opened.text();
    for (const method of ["GET", "DELETE"]) expect((await post(handler, undefined, {}, method)).status).toBe(405);
    expect(handler.sessionCount()).toBe(0);
  });

  test("a session answers only to the identity that opened it; DELETE closes it", async () => {
    const handler = handlerFor({ bearerToken: (token) => ({ alice: "alice", bob: "bob" })[token] ?? false });
    const opened = await post(handler, INITIALIZE, { authorization: "Bearer alice" });
    await opened.text();
    const id = opened.headers.get("mcp-session-id")!;
    expect(handler.sessionCount()).toBe(1);
    const list = rpc(2, "tools/list");
    const asBob = await post(handler, list, { authorization: "Bearer bob", "mcp-session-id": id });
    expect(asBob.status).toBe(404);
    expect(await errorOf(asBob)).toEqual({ code: -32001, message: "Session not found" });
    const asAlice = await post(handler, list, { authorization: "Bearer alice", "mcp-session-id": id });
    expect(asAlice.status).toBe(200);
    expect(await asAlice.text()).toContain('"tasks"');
    expect((await post(handler, undefined, { authorization: "Bearer alice", "mcp-session-id": id }, "DELETE")).status).toBe(200);
    expect(handler.sessionCount()).toBe(0);
  });

  test("the session cap answers 503 with Retry-After; an idle session expires and its id is then 404", async () => {
    const handler = handlerFor({ maxSessions: 1, sessionIdleTimeoutMs: 200 });
    const first = await post(handler, INITIALIZE);
    await first.text();
    const full = await post(handler, INITIALIZE);
    expect(full.status).toBe(503);
    expect(Number(full.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(handler.sessionCount()).toBe(0);
    expect((await post(handler, rpc(2, "tools/list"), { "mcp-session-id": first.headers.get("mcp-session-id")! })).status).toBe(404);
    expect((await post(handler, INITIALIZE)).status).toBe(200);
  });

  test("a session with its response still being read is not idle; it is once the body is cancelled", async () => {
    const handler = handlerFor({ sessionIdleTimeoutMs: 150 });
    const opened = await post(handler, INITIALIZE);
    await opened.text();
    const id = opened.headers.get("mcp-session-id")!;
    const stream = await handler(new Request(URL_, { method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": id } }));
    expect(stream.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(handler.sessionCount()).toBe(1);
    await stream.body!.cancel();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(handler.sessionCount()).toBe(0);
  });

  test("after close() an initialize is 503", async () => {
    const handler = handlerFor();
    await handler.close();
    expect((await post(handler, INITIALIZE)).status).toBe(503);
  });
});

describe("one implementation behind both hosts", () => {
  test("the Node handler and the fetch handler give the same status and body for the same refused requests", async () => {
    const options = { bearerToken: "s3cret", maxBodyBytes: 256, allowedHosts: ["127.0.0.1"] } as const;
    const running = await serveHttp(fixtureRouter(), options);
    const handler = handlerFor(options);
    try {
      const cases: { headers: Record<string, string>; body: string }[] = [
        { headers: {}, body: INITIALIZE },
        { headers: { authorization: "Bearer s3cret" }, body: "x".repeat(300) },
        { headers: { authorization: "Bearer s3cret" }, body: "{oops" },
        { headers: { authorization: "Bearer s3cret" }, body: "[1,2]" },
        { headers: { authorization: "Bearer s3cret", "mcp-session-id": "nope" }, body: rpc(1, "tools/list") },
        { headers: { authorization: "Bearer s3cret" }, body: rpc(1, "tools/list") },
      ];
      for (const { headers, body } of cases) {
        const viaNode = await exchange(running.url, { headers, body });
        const viaFetch = await handler.handle(
          new Request(running.url, { method: "POST", headers: { ...MCP_HEADERS, host: running.url.host, ...headers }, body }),
          { loopback: true },
        );
        expect({ status: viaFetch.status, body: await viaFetch.text() }).toEqual({ status: viaNode.status, body: viaNode.body });
      }
    } finally {
      await running.close();
    }
  });
});
