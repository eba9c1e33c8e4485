/**
 * The `Host` header is read strictly, as RFC 9110 §7.2 and RFC 3986 define
 * it: `host[:port]` and nothing else. Read loosely — the name before the
 * first colon — `localhost:80@evil.com` passed the loopback check as
 * `localhost`. A value that is no host[:port] is answered 400 whatever the
 * allowlist says (RFC 9110: a server MUST answer 400 to an invalid Host);
 * every well-formed form of an allowed host is still served. Real HTTP on
 * 127.0.0.1.
 */
import { describe, expect, test } from "vitest";
import { parseHost } from "../src/mcp/http/host.js";
import { createFetchHandler } from "../src/mcp/index.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { exchange, INITIALIZE, MCP_HEADERS } from "./support/http-exchange.js";
import { servers } from "./support/served.js";

const serve = servers();

/** Userinfo, paths, queries, fragments, a second host, stray characters, a broken literal, a port that is no number. */
const MALFORMED = [
  "localhost:80@evil.com",
  "localhost@evil.com",
  "user:pass@localhost",
  "localhost/evil",
  "localhost:80/x",
  "localhost?x",
  "evil.com#localhost",
  "localhost\\evil.com",
  "localhost evil.com",
  "localhost:abc",
  "localhost:80:80",
  "[::1",
  "[::1]x",
  "[evil.com]",
  "",
];

describe("parseHost", () => {
  test.each([
    ["localhost", { name: "localhost", port: undefined }],
    ["LocalHost:3000", { name: "localhost", port: "3000" }],
    ["127.0.0.1:1", { name: "127.0.0.1", port: "1" }],
    ["[::1]:8080", { name: "[::1]", port: "8080" }],
    ["[::FFFF:127.0.0.1]", { name: "[::ffff:127.0.0.1]", port: undefined }],
    ["localhost:", { name: "localhost", port: undefined }],
    ["xn--bcher-kva.example", { name: "xn--bcher-kva.example", port: undefined }],
  ])("%s is a host", (header, host) => {
    expect(parseHost(header)).toEqual(host);
  });

  test.each(MALFORMED)("%j is no host", (header) => {
    expect(parseHost(header)).toBeUndefined();
  });
});

describe("a Host that is no host[:port] is 400, whatever the allowlist", () => {
  test.each([
    ["the loopback default", {}],
    ["an allowlist", { allowedHosts: ["localhost", "mcp.example.com:8443"] }],
    ['"any"', { allowedHosts: "any" as const }],
  ])("%s", async (_case, options) => {
    const running = await serve(options);
    for (const host of MALFORMED.filter((header) => header !== "")) {
      const refused = await exchange(running.url, { headers: { host }, body: INITIALIZE });
      expect(refused.status, host).toBe(400);
      expect(JSON.parse(refused.body), host).toEqual({
        jsonrpc: "2.0",
        error: { code: -32000, message: "Bad Request: the Host header is not host[:port] (RFC 9110 §7.2)" },
        id: null,
      });
    }
    expect(running.sessionCount()).toBe(0);
  });

  test("every well-formed form of an allowed host is served; a foreign one is 403", async () => {
    const running = await serve();
    const port = running.url.port;
    for (const host of [`localhost:${port}`, "LOCALHOST", `127.0.0.1:${port}`, `[::1]:${port}`, "localhost:"])
      expect((await exchange(running.url, { headers: { host }, body: INITIALIZE })).status, host).toBe(200);
    // RFC 3986 lets a name hold sub-delims: "localhost,evil.com" is one (foreign) name, not localhost.
    for (const host of ["evil.com:80", "localhost,evil.com", "localhost.evil.com"])
      expect((await exchange(running.url, { headers: { host }, body: INITIALIZE })).status, host).toBe(403);
    const listed = await serve({ allowedHosts: ["mcp.example.com:8443"] });
    expect((await exchange(listed.url, { headers: { host: "MCP.example.com:8443" }, body: INITIALIZE })).status).toBe(200);
    expect((await exchange(listed.url, { headers: { host: "mcp.example.com:9999" }, body: INITIALIZE })).status).toBe(403);
  });
});

describe("the fetch handler reads its Request's Host alike", () => {
  test("on a loopback connection, `localhost:80@evil.com` is 400 (it was served as localhost)", async () => {
    const handler = createFetchHandler(fixtureRouter());
    try {
      const ask = (host: string) =>
        handler.handle(new Request("http://localhost/mcp", { method: "POST", headers: { ...MCP_HEADERS, host }, body: INITIALIZE }), {
          loopback: true,
        });
      expect((await ask("localhost:80@evil.com")).status).toBe(400);
      expect((await ask("localhost:80")).status).toBe(200);
    } finally {
      await handler.close();
    }
  });
});
