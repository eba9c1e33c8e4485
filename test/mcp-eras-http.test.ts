/**
 * One HTTP server, both protocol eras: the SDK v2 `Client` with its default
 * 2025 handshake, probing `server/discover` (`auto`) and pinned to
 * 2026-07-28, against stateful and stateless Streamable HTTP, each running
 * the whole session scenario (the legacy default runs in
 * test/mcp-http.test.ts too).
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { serveHttp, type ServeHttpOptions } from "../src/mcp/index.js";
import { describeSession, NEGOTIATIONS, newClient, type Negotiation, type Session } from "./fixtures/runtime/session-scenario.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";

const serverInfo = { name: "fixture", version: "1.2.3" };

async function httpSession(negotiation: Negotiation, options: ServeHttpOptions = {}): Promise<Session> {
  const running = await serveHttp(fixtureRouter(), { serverInfo, ...options });
  const { client, listChanged } = newClient(negotiation);
  await client.connect(new StreamableHTTPClientTransport(running.url));
  return { client, listChanged, close: async () => (await client.close(), await running.close()) };
}

const ERAS = { legacy: "legacy", auto: "modern", "2026-07-28": "modern" } as const;

for (const negotiation of NEGOTIATIONS.filter((negotiation) => negotiation !== "legacy")) {
  for (const stateless of [false, true]) {
    describeSession(`Streamable HTTP (${stateless ? "stateless" : "stateful"}), client negotiating ${negotiation}`, {
      open: () => httpSession(negotiation, { stateless }),
      // A 2026-07-28 client hears list changes on its subscriptions/listen stream, stateless or not.
      notifications: true,
      serverName: "fixture",
    });
  }
}

describe.each(NEGOTIATIONS)("the era a %s client gets", (negotiation) => {
  test.each([false, true])("stateless: %s", async (stateless) => {
    const session = await httpSession(negotiation, { stateless });
    try {
      expect(session.client.getProtocolEra()).toBe(ERAS[negotiation]);
    } finally {
      await session.close();
    }
  });
});
