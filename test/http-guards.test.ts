/**
 * The HTTP transport's defaults and guards: DNS-rebinding protection (Host
 * and Origin allowlists, on by default for loopback connections), the
 * request body limit (413 with a JSON-RPC error body), and authentication
 * (401 with `WWW-Authenticate: Bearer`, RFC 6750). Every server listens on
 * 127.0.0.1 on an ephemeral port.
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createServer, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createHttpHandler, serveHttp, type RunningHttpServer, type ServeHttpOptions } from "../src/mcp/index.js";
import { httpGuards, type HttpGuards } from "../src/mcp/http/guards.js";
import { isLoopbackConnection } from "../src/mcp/http/node-request.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { newClient } from "./fixtures/runtime/session-scenario.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { exchange, INITIALIZE, messagesOf, openSession, rpc } from "./support/http-exchange.js";
import { capturedLog } from "./support/captured-log.js";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function serve(options: ServeHttpOptions = {}, router = fixtureRouter()): Promise<RunningHttpServer> {
  const running = await serveHttp(router, options);
  open.push(running);
  return running;
}

/** The JSON-RPC error of a refused request. */
function rpcErrorOf(body: string): { code: number; message: string } {
  const parsed = JSON.parse(body) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  expect(parsed).toMatchObject({ jsonrpc: "2.0", id: null });
  return parsed.error;
}

describe("DNS-rebinding protection: the Host allowlist", () => {
  test("on loopback, localhost, 127.0.0.1 and [::1] (any port) are served; a foreign or missing Host is 403", async () => {
    const running = await serve();
    const port = running.url.port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, "LOCALHOST", `localhost:1`]) {
      expect((await exchange(running.url, { headers: { host }, body: INITIALIZE })).status, host).toBe(200);
    }
    for (const host of [`evil.example:${port}`, "localhost.evil.example", "127.0.0.1.nip.io", `[::2]:${port}`]) {
      const refused = await exchange(running.url, { headers: { host }, body: INITIALIZE });
      expect(refused.status, host).toBe(403);
      expect(rpcErrorOf(refused.body)).toEqual({ code: -32000, message: "Forbidden: host not allowed" });
    }
    expect(running.sessionCount()).toBe(5);
  });

  test("an HTTP/1.0 request without a Host header is refused on loopback", async () => {
    const running = await serve();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(running.url.port), "127.0.0.1", () => {
        socket.end(
          `POST /mcp HTTP/1.0\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${INITIALIZE.length}\r\n\r\n${INITIALIZE}`,
        );
      });
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
  });

  test("an explicit list replaces the default: names match any port, name:port pairs that port alone", async () => {
    const running = await serve({ allowedHosts: ["mcp.internal", "proxy.internal:8443"] });
    const status = async (host: string) => (await exchange(running.url, { headers: { host }, body: INITIALIZE })).status;
    expect(await status("mcp.internal:1234")).toBe(200);
    expect(await status("MCP.Internal")).toBe(200);
    expect(await status("proxy.internal:8443")).toBe(200);
    expect(await status("proxy.internal:8444")).toBe(403);
    expect(await status(`localhost:${running.url.port}`)).toBe(403);
  });

  test('"any" turns the Host check off', async () => {
    const running = await serve({ allowedHosts: "any" });
    expect((await exchange(running.url, { headers: { host: "evil.example" }, body: INITIALIZE })).status).toBe(200);
  });
});

describe("DNS-rebinding protection: the Origin allowlist", () => {
  test("on loopback, no Origin or a loopback origin is served; any other origin, and null, is 403", async () => {
    const running = await serve();
    for (const origin of [
      undefined,
      "http://localhost:5173",
      "https://127.0.0.1",
      `http://[::1]:${running.url.port}`,
      "HTTP://LOCALHOST:3000",
    ]) {
      const headers: Record<string, string> = origin === undefined ? {} : { origin };
      expect((await exchange(running.url, { headers, body: INITIALIZE })).status, origin).toBe(200);
    }
    for (const origin of [
      "https://evil.example",
      `http://evil.example:${running.url.port}`,
      "null",
      "file://",
      "http://localhost.evil.example",
      "not a url",
      "ftp://localhost",
    ]) {
      const refused = await exchange(running.url, { headers: { origin }, body: INITIALIZE });
      expect(refused.status, origin).toBe(403);
      expect(rpcErrorOf(refused.body)).toEqual({ code: -32000, message: "Forbidden: origin not allowed" });
    }
  });

  test("the rebinding request itself — a foreign Host and its own Origin — is refused before anything else runs", async () => {
    const running = await serve({ bearerToken: "s3cret" });
    const rebound = `evil.example:${running.url.port}`;
    const answer = await exchange(running.url, {
      headers: { host: rebound, origin: `http://${rebound}`, authorization: "Bearer s3cret" },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(403);
    expect(running.sessionCount()).toBe(0);
  });

  test("an explicit list is compared as URL origins and replaces the loopback default", async () => {
    const running = await serve({ allowedOrigins: ["https://app.example.com", "http://localhost:5173/"] });
    const status = async (origin: string) => (await exchange(running.url, { headers: { origin }, body: INITIALIZE })).status;
    expect(await status("https://app.example.com")).toBe(200);
    expect(await status("https://APP.example.com:443")).toBe(200);
    expect(await status("http://localhost:5173")).toBe(200);
    expect(await status("http://app.example.com")).toBe(403);
    expect(await status("http://localhost:5174")).toBe(403);
    expect((await exchange(running.url, { body: INITIALIZE })).status).toBe(200);
  });

  test('"any" turns the Origin check off', async () => {
    const running = await serve({ allowedOrigins: "any" });
    expect((await exchange(running.url, { headers: { origin: "https://evil.example" }, body: INITIALIZE })).status).toBe(200);
  });
});

describe("the defaults follow the connection, for createHttpHandler too", () => {
  const request = (localAddress: string | undefined, headers: Record<string, string>) =>
    ({ headers, socket: { localAddress } }) as unknown as IncomingMessage;

  test("a loopback connection is 127.0.0.0/8, ::1 or an IPv4-mapped 127 address; nothing else", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackConnection(request(address, {})), address).toBe(true);
    for (const address of ["10.0.0.5", "192.168.1.2", "::ffff:10.0.0.1", "::2", "1270.0.0.1", undefined])
      expect(isLoopbackConnection(request(address, {})), address).toBe(false);
  });

  test("a connection that arrived on another interface accepts any Host and a same-host Origin by default; an explicit list still applies", async () => {
    const sameHost = { host: "mcp.example.com", origin: "https://mcp.example.com" };
    const foreign = { host: "mcp.example.com", origin: "https://app.example.com" };
    expect(await admitNode(httpGuards(), request("10.0.0.5", sameHost))).toEqual({ identity: undefined });
    expect(await admitNode(httpGuards(), request("10.0.0.5", { host: "anything.example" }))).toEqual({ identity: undefined });
    expect(await admitNode(httpGuards(), request("10.0.0.5", foreign))).toMatchObject({
      refusal: { status: 403, message: "Forbidden: origin not allowed" },
    });
    expect(await admitNode(httpGuards(), request("127.0.0.1", sameHost))).toMatchObject({
      refusal: { status: 403, message: "Forbidden: host not allowed" },
    });
    expect(await admitNode(httpGuards({ allowedHosts: ["other.example.com"] }), request("10.0.0.5", sameHost))).toMatchObject({
      refusal: { status: 403, message: "Forbidden: host not allowed" },
    });
    expect(await admitNode(httpGuards({ allowedOrigins: ["https://app.example.com"] }), request("10.0.0.5", foreign))).toEqual({
      identity: undefined,
    });
    expect(await admitNode(httpGuards({ allowedOrigins: ["https://other.example.com"] }), request("10.0.0.5", foreign))).toMatchObject({
      refusal: { status: 403, message: "Forbidden: origin not allowed" },
    });
  });

  test("createHttpHandler on the user's own loopback server refuses a foreign Host by default", async () => {
    const handler = createHttpHandler(fixtureRouter());
    const server = createServer((req, res) => void handler.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    open.push({
      close: async () => (
        await handler.close(),
        server.closeAllConnections(),
        await new Promise<void>((resolve) => server.close(() => resolve()))
      ),
    });
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect((await exchange(url, { headers: { host: "evil.example" }, body: INITIALIZE })).status).toBe(403);
    expect((await exchange(url, { body: INITIALIZE })).status).toBe(200);
  });
});

describe("the request body limit", () => {
  /** An initialize request padded to `bytes` bytes. */
  // Padded in _meta, which passes with the request: what a session keeps of its initialize is bounded far lower.
  const initializeOf = (bytes: number) => {
    const base = JSON.parse(INITIALIZE) as { params: { _meta?: { pad: string } } };
    base.params._meta = { pad: "" };
    const empty = JSON.stringify(base).length;
    base.params._meta.pad = "x".repeat(bytes - empty);
    const body = JSON.stringify(base);
    expect(body.length).toBe(bytes);
    return body;
  };

  test("by default 1 MiB: a body of exactly 1 MiB is served, one byte more is 413 with a JSON-RPC error body", async () => {
    const running = await serve();
    expect((await exchange(running.url, { body: initializeOf(1024 * 1024) })).status).toBe(200);
    const refused = await exchange(running.url, { body: initializeOf(1024 * 1024 + 1) });
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe("close");
    expect(rpcErrorOf(refused.body)).toEqual({
      code: -32000,
      message: "Payload Too Large: the request body must not exceed 1048576 bytes",
    });
    expect(running.sessionCount()).toBe(1);
  });

  test("configurable; enforced without a Content-Length too (chunked), and inside a session", async () => {
    const running = await serve({ maxBodyBytes: 2048 });
    expect((await exchange(running.url, { body: initializeOf(2048) })).status).toBe(200);
    expect((await exchange(running.url, { body: initializeOf(4096) })).status).toBe(413);
    const chunked = await exchange(running.url, { body: initializeOf(64 * 1024), chunked: true });
    expect(chunked.status).toBe(413);
    expect(rpcErrorOf(chunked.body).message).toContain("2048 bytes");
    const session = await openSession(running.url);
    const call = rpc(7, "tools/call", { name: "tasks", arguments: { action: "create", data: { name: "x".repeat(4096) } } });
    expect((await exchange(running.url, { headers: session, body: call })).status).toBe(413);
    const small = await exchange(running.url, {
      headers: session,
      body: rpc(8, "tools/call", { name: "tasks", arguments: { action: "list" } }),
    });
    expect(small.status).toBe(200);
    expect(messagesOf(small)).toEqual([
      expect.objectContaining({ id: 8, result: expect.objectContaining({ content: expect.any(Array) }) }),
    ]);
  });

  test("applies in stateless mode as well", async () => {
    const running = await serve({ stateless: true, maxBodyBytes: 1024 });
    expect((await exchange(running.url, { body: initializeOf(2000) })).status).toBe(413);
    expect((await exchange(running.url, { body: initializeOf(1000) })).status).toBe(200);
  });

  test("an invalid limit or an empty token is refused when the handler is made, not at the first request", () => {
    for (const maxBodyBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createHttpHandler(fixtureRouter(), { maxBodyBytes }), String(maxBodyBytes)).toThrow(RangeError);
    }
    expect(() => createHttpHandler(fixtureRouter(), { bearerToken: "" })).toThrow(RangeError);
  });
});

describe("authentication", () => {
  test("bearerToken: a missing token is 401 with a bare Bearer challenge; a wrong one 401 invalid_token; the right one 200", async () => {
    const running = await serve({ bearerToken: "s3cret-token" });
    const missing = await exchange(running.url, { body: INITIALIZE });
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe('Bearer realm="mcp"');
    expect(rpcErrorOf(missing.body)).toEqual({ code: -32000, message: "Unauthorized: a valid bearer token is required" });
    for (const authorization of ["Bearer wrong-token", "Bearer s3cret-token2", "Bearer s3cret-toke"]) {
      const wrong = await exchange(running.url, { headers: { authorization }, body: INITIALIZE });
      expect(wrong.status, authorization).toBe(401);
      expect(wrong.headers["www-authenticate"]).toBe(
        'Bearer realm="mcp", error="invalid_token", error_description="the access token is not valid"',
      );
    }
    for (const authorization of ["Basic czNjcmV0LXRva2Vu", "s3cret-token", "Bearer", "Bearer s3cret token"]) {
      const other = await exchange(running.url, { headers: { authorization }, body: INITIALIZE });
      expect(other.status, authorization).toBe(401);
      expect(other.headers["www-authenticate"]).toBe('Bearer realm="mcp"');
    }
    expect(running.sessionCount()).toBe(0);
    expect((await exchange(running.url, { headers: { authorization: "Bearer s3cret-token" }, body: INITIALIZE })).status).toBe(200);
    expect((await exchange(running.url, { headers: { authorization: "bearer   s3cret-token" }, body: INITIALIZE })).status).toBe(200);
  });

  test("every request of a session is checked: GET, DELETE and calls without the token are 401", async () => {
    const running = await serve({ bearerToken: "s3cret-token" });
    const session = await openSession(running.url, { authorization: "Bearer s3cret-token" });
    const { authorization: _, ...withoutToken } = session;
    const call = rpc(5, "tools/call", { name: "tasks", arguments: { action: "list" } });
    expect((await exchange(running.url, { headers: withoutToken, body: call })).status).toBe(401);
    expect((await exchange(running.url, { method: "GET", headers: withoutToken })).status).toBe(401);
    expect((await exchange(running.url, { method: "DELETE", headers: withoutToken })).status).toBe(401);
    expect(running.sessionCount()).toBe(1);
    const served = await exchange(running.url, { headers: session, body: call });
    expect(served.status).toBe(200);
    expect((await exchange(running.url, { method: "DELETE", headers: session })).status).toBe(200);
    expect(running.sessionCount()).toBe(0);
  });

  test("the SDK client with the token in requestInit runs a session; without it, connecting fails", async () => {
    const running = await serve({ bearerToken: "s3cret-token" });
    const { client } = newClient();
    await client.connect(
      new StreamableHTTPClientTransport(running.url, { requestInit: { headers: { authorization: "Bearer s3cret-token" } } }),
    );
    expect(readAnswer(await client.callTool({ name: "tasks", arguments: { action: "list" } }))).toMatchObject({
      isError: false,
      body: { status: "open" },
    });
    await client.close();
    const { client: stranger } = newClient();
    await expect(stranger.connect(new StreamableHTTPClientTransport(running.url))).rejects.toThrow(/401|Unauthorized/);
    await stranger.close();
  });

  test("bearerToken as a function decides on the token (async allowed) and sees the request", async () => {
    const seen: string[] = [];
    const running = await serve({
      bearerToken: async (token, request) => {
        seen.push(`${token} ${request.method}`);
        return token.startsWith("team-");
      },
    });
    expect((await exchange(running.url, { headers: { authorization: "Bearer team-a" }, body: INITIALIZE })).status).toBe(200);
    expect((await exchange(running.url, { headers: { authorization: "Bearer guest" }, body: INITIALIZE })).status).toBe(401);
    expect(seen).toEqual(["team-a POST", "guest POST"]);
  });

  test("authenticate: any scheme; false is 401 with the Bearer challenge; a throwing hook is 500 with an error id, its reason only in the log", async () => {
    const log = capturedLog();
    const running = await serve(
      {
        authenticate: (request) => {
          if (request.headers["x-api-key"] === "boom") throw new Error("database password is hunter2");
          return request.headers["x-api-key"] === "k1";
        },
      },
      fixtureRouter(log),
    );
    expect((await exchange(running.url, { headers: { "x-api-key": "k1" }, body: INITIALIZE })).status).toBe(200);
    const refused = await exchange(running.url, { headers: { "x-api-key": "k2" }, body: INITIALIZE });
    expect(refused.status).toBe(401);
    expect(refused.headers["www-authenticate"]).toBe('Bearer realm="mcp"');
    const failed = await exchange(running.url, { headers: { "x-api-key": "boom" }, body: INITIALIZE });
    expect(failed.status).toBe(500);
    expect(failed.body).not.toContain("hunter2");
    const { message } = rpcErrorOf(failed.body);
    const errorId = /^Internal error: authentication failed \(error id ([0-9a-f-]{36})\)$/.exec(message)?.[1];
    expect(errorId, message).toBeDefined();
    expect(log.entries).toEqual([
      {
        message: `HTTP: an authentication hook threw (error id ${errorId})`,
        details: expect.objectContaining({ errorId, reason: "database password is hunter2" }),
      },
    ]);
  });

  test("with both, both must pass; the body of a refused request is never read", async () => {
    let hookCalls = 0;
    const running = await serve({ bearerToken: "t", authenticate: () => (hookCalls++, true), maxBodyBytes: 16 });
    // An oversize body is not read before authentication: the answer is 401, not 413.
    expect((await exchange(running.url, { body: INITIALIZE })).status).toBe(401);
    expect(hookCalls).toBe(0);
    expect((await exchange(running.url, { headers: { authorization: "Bearer t" }, body: INITIALIZE })).status).toBe(413);
    expect(hookCalls).toBe(1);
  });
});

describe("serveHttp under malformed requests", () => {
  test("a request target that is no URL is answered 404 and the server keeps serving", async () => {
    const running = await serve();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(running.url.port), "127.0.0.1", () => {
        socket.write(`POST http://[/mcp HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      });
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect((await exchange(running.url, { body: INITIALIZE })).status).toBe(200);
  });
});

/** The guards' decision on a Node request, read as the Node handler reads it. */
function admitNode(guards: HttpGuards<IncomingMessage>, req: IncomingMessage) {
  const { host, origin, authorization } = req.headers;
  return guards.admit({ host, origin, authorization, loopback: isLoopbackConnection(req) }, req);
}
