/**
 * The `Origin` check off loopback (MCP: servers MUST validate `Origin`): a
 * server bound to `0.0.0.0` and reached through a LAN name serves a browser
 * `Origin` only when it is the server's own host — its host:port equal to
 * the request's `Host` — unless `allowedOrigins` says otherwise; requests
 * without `Origin` (non-browser clients) pass.
 *
 * No test touches a real LAN address: the server listens on 127.0.0.1, the
 * LAN name is only a `Host` header, and the connection is presented to the
 * handler as having arrived on another interface by overriding its socket's
 * `localAddress` with 192.0.2.10 (TEST-NET-1, RFC 5737: no packet goes there).
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createHttpHandler, serveHttp, type HttpHandlerOptions } from "../src/mcp/index.js";
import { httpGuards, type HttpGuards } from "../src/mcp/http/guards.js";
import { isLoopbackConnection } from "../src/mcp/http/node-request.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { exchange, INITIALIZE } from "./support/http-exchange.js";

const SIMULATED_LAN_INTERFACE = "192.0.2.10";
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** `createHttpHandler` on 127.0.0.1, every connection presented as arriving on a LAN interface. */
async function lanServer(options: HttpHandlerOptions = {}): Promise<URL> {
  const handler = createHttpHandler(fixtureRouter(), options);
  const server = createServer((req, res) => {
    Object.defineProperty(req.socket, "localAddress", { value: SIMULATED_LAN_INTERFACE, configurable: true });
    void handler.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open.push({
    close: async () => (
      await handler.close(),
      server.closeAllConnections(),
      await new Promise<void>((resolve) => server.close(() => resolve()))
    ),
  });
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

async function status(url: URL, headers: Record<string, string>): Promise<number> {
  return (await exchange(url, { headers, body: INITIALIZE })).status;
}

describe("Origin off loopback, with no allowlist", () => {
  test("the reported case: reached as a LAN name, Origin http://evil.example is 403", async () => {
    const url = await lanServer();
    const refused = await exchange(url, { headers: { host: "mcp.lan:8080", origin: "http://evil.example" }, body: INITIALIZE });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: "2.0",
      error: { code: -32000, message: "Forbidden: origin not allowed" },
      id: null,
    });
  });

  test("an Origin whose host:port is the request's Host is served; scheme and default ports are normalized", async () => {
    const url = await lanServer();
    const served: [host: string, origin: string][] = [
      ["mcp.lan:8080", "http://mcp.lan:8080"],
      ["mcp.lan:8080", "https://mcp.lan:8080"], // behind a TLS-terminating proxy the server cannot know the scheme
      ["MCP.LAN:8080", "http://mcp.lan:8080"],
      ["mcp.lan", "http://mcp.lan"],
      ["mcp.lan", "http://mcp.lan:80"],
      ["mcp.lan", "https://mcp.lan"], // the usual deployment: a TLS proxy passing the Host on
      ["mcp.lan:443", "https://mcp.lan"],
      ["[::1]:8080", "http://[::1]:8080"],
    ];
    for (const [host, origin] of served) expect(await status(url, { host, origin }), `${host} ← ${origin}`).toBe(200);
  });

  test("any other Origin is 403: another host, another port, a local page, null, non-web schemes, garbage", async () => {
    const url = await lanServer();
    const refused: [host: string, origin: string][] = [
      ["mcp.lan:8080", "http://mcp.lan:9090"],
      ["mcp.lan:8080", "http://mcp.lan"],
      ["mcp.lan:443", "http://mcp.lan"],
      ["mcp.lan:8080", "http://mcp.lan.evil.example:8080"],
      ["mcp.lan:8080", "http://localhost:8080"],
      ["mcp.lan:8080", "null"],
      ["mcp.lan:8080", "ftp://mcp.lan:8080"],
      ["mcp.lan:8080", "not a url"],
    ];
    for (const [host, origin] of refused) expect(await status(url, { host, origin }), `${host} ← ${origin}`).toBe(403);
  });

  test("requests without Origin (every non-browser client) still pass, whatever the Host", async () => {
    const url = await lanServer();
    expect(await status(url, { host: "mcp.lan:8080" })).toBe(200);
    expect(await status(url, { host: "10.1.2.3" })).toBe(200);
  });
});

describe("allowedOrigins for deployments", () => {
  test("a list replaces the same-host default: listed origins only", async () => {
    const url = await lanServer({ allowedOrigins: ["https://app.example.com"] });
    expect(await status(url, { host: "mcp.lan:8080", origin: "https://app.example.com" })).toBe(200);
    expect(await status(url, { host: "mcp.lan:8080", origin: "http://mcp.lan:8080" })).toBe(403);
    expect(await status(url, { host: "mcp.lan:8080", origin: "http://evil.example" })).toBe(403);
  });

  test('"any" turns the check off', async () => {
    const url = await lanServer({ allowedOrigins: "any" });
    expect(await status(url, { host: "mcp.lan:8080", origin: "http://evil.example" })).toBe(200);
  });
});

describe("on loopback the same-host rule adds to the loopback default", () => {
  test("a page on a name listed in allowedHosts (a local reverse proxy) is served; a foreign page is not", async () => {
    const running = await serveHttp(fixtureRouter(), { allowedHosts: ["mcp.local"] });
    open.push(running);
    expect(await status(running.url, { host: "mcp.local:8443", origin: "https://mcp.local:8443" })).toBe(200);
    expect(await status(running.url, { host: "mcp.local:8443", origin: "http://localhost:3000" })).toBe(200);
    expect(await status(running.url, { host: "mcp.local:8443", origin: "https://evil.example" })).toBe(403);
  });

  test("the guards decide from the connection and the headers alone", async () => {
    const request = (localAddress: string, headers: Record<string, string>) =>
      ({ headers, socket: { localAddress } }) as unknown as IncomingMessage;
    const guards = httpGuards();
    expect(await admitNode(guards, request("10.0.0.5", { host: "mcp.example.com", origin: "https://app.example.com" }))).toMatchObject({
      refusal: { status: 403 },
    });
    expect(await admitNode(guards, request("10.0.0.5", { host: "mcp.example.com", origin: "https://mcp.example.com" }))).toEqual({
      identity: undefined,
    });
    expect(await admitNode(guards, request("10.0.0.5", { host: "mcp.example.com" }))).toEqual({ identity: undefined });
  });
});

/** The guards' decision on a Node request, read as the Node handler reads it. */
function admitNode(guards: HttpGuards<IncomingMessage>, req: IncomingMessage) {
  const { host, origin, authorization } = req.headers;
  return guards.admit({ host, origin, authorization, loopback: isLoopbackConnection(req) }, req);
}
