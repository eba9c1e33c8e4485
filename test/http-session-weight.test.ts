/**
 * What a client can make a session hold is bounded. A session keeps what the
 * client's `initialize` said of itself — `capabilities` and `clientInfo` —
 * for its whole life (in the SDK server, the session's record, the session
 * store); a 1 MB `clientInfo.name` made each session cost 1–2 MB. Now that
 * part is at most 16 KiB as JSON and 256 JSON values, a heavier `initialize`
 * is refused (400, -32602, naming the bound and the fix) before anything is
 * made, and a session costs what docs/security.md says: ~27 KiB for a
 * typical client, under 100 KiB whatever its `initialize` carries.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { createFetchHandler, createInMemorySessionStore } from "../src/mcp/index.js";
import { MAX_CLIENT_BYTES, MAX_CLIENT_VALUES } from "../src/mcp/http/session-weight.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { collectGarbage } from "./support/load-fixture.js";
import { exchange, MCP_HEADERS, rpc } from "./support/http-exchange.js";
import { servers } from "./support/served.js";

const serve = servers();
const KiB = 1024;
const initialize = (capabilities: unknown, name = "client") =>
  rpc(1, "initialize", { protocolVersion: "2025-06-18", capabilities, clientInfo: { name, version: "1" } });

describe("an initialize heavier than a session keeps is refused", () => {
  test.each([
    ["a 1 MB clientInfo.name", initialize({}, "x".repeat(1_000_000)), /take 1000\d+ bytes as JSON, more than the 16384 a session keeps/],
    [
      "300 empty capability objects",
      initialize({ experimental: Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`k${index}`, {}])) }),
      /hold more than 256 JSON values, the most a session keeps/,
    ],
    [
      "capabilities nested 100,000 deep",
      // Written by hand: JSON.stringify itself cannot write a value this deep.
      initialize({ nested: "HERE" }).replace('"HERE"', `${'{"a":'.repeat(100_000)}{}${"}".repeat(100_000)}`),
      /hold more than 256 JSON values/,
    ],
  ])("%s: 400 -32602 naming the bound and the fix; no session opens", async (_case, body, reason) => {
    const running = await serve({ sessionStore: createInMemorySessionStore() });
    const refused = await exchange(running.url, { body });
    expect(refused.status).toBe(400);
    const { error } = JSON.parse(refused.body) as { error: { code: number; message: string } };
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(reason);
    expect(error.message).toMatch(
      /send a shorter clientInfo \(an icon by its URL, not a data: URI\) and only the capabilities the client uses$/,
    );
    expect(refused.headers["mcp-session-id"]).toBeUndefined();
    expect(running.sessionCount()).toBe(0);
  });

  test("the bounds are 16 KiB and 256 values; a client at them is served, and the SDK Client with every capability too", async () => {
    expect([MAX_CLIENT_BYTES, MAX_CLIENT_VALUES]).toEqual([16 * KiB, 256]);
    const running = await serve();
    const atBound = await exchange(running.url, { body: initialize({}, "x".repeat(MAX_CLIENT_BYTES - 200)) });
    expect(atBound.status).toBe(200);
    const client = new Client(
      { name: "every-capability", version: "1", title: "A client", websiteUrl: "https://example.com" },
      { capabilities: { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, roots: { listChanged: true } } },
    );
    await client.connect(new StreamableHTTPClientTransport(running.url));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });
});

describe("what a session costs", () => {
  test("40 sessions whose initialize is as heavy as allowed, with an in-memory session store: under 100 KiB each", async () => {
    const gc = collectGarbage();
    const handler = createFetchHandler(fixtureRouter(), { sessionStore: createInMemorySessionStore() });
    const open = async (body: string) => {
      const answer = await handler(new Request("http://localhost/mcp", { method: "POST", headers: MCP_HEADERS, body }));
      expect(answer.status).toBe(200);
      await answer.text();
    };
    // The two heaviest shapes measured: the most bytes in one string, and the most values as empty objects.
    const heavy = [
      initialize({}, "x".repeat(MAX_CLIENT_BYTES - 200)),
      initialize({
        experimental: Object.fromEntries(Array.from({ length: MAX_CLIENT_VALUES - 8 }, (_, index) => [`k${index}`.padEnd(24, "_"), {}])),
      }),
    ];
    try {
      for (const body of heavy) await open(body);
      await gc();
      const before = process.memoryUsage().heapUsed;
      for (let index = 0; index < 40; index++) await open(heavy[index % 2]!);
      await gc();
      const each = (process.memoryUsage().heapUsed - before) / 40;
      // Measured ~52 KiB (objects) and ~74 KiB (the 16 KiB name); a 1 MB name cost ~2 MB before the bound.
      expect(each, `${(each / KiB).toFixed(1)} KiB a session`).toBeLessThan(100 * KiB);
      expect(handler.sessionCount()).toBe(42);
    } finally {
      await handler.close();
    }
  });
});
