/**
 * The in-memory stores are bounded in bytes, not only in entries:
 * `createInMemoryEventStore` kept 10,000 events whatever their size, so
 * 1 MiB calls answered with 2 MB each filled the heap until the server died
 * (39 s in the red team's run). Each store charges an entry its JSON's UTF-8
 * length and drops the oldest past `maxBytes` (16 MiB by default); an event
 * over the whole bound takes every older event with it, so no replay has a
 * hole in it.
 */
import { StreamableHTTPClientTransport, Client } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import {
  createInMemoryEventStore,
  createInMemorySessionStore,
  DEFAULT_MAX_STORED_EVENT_BYTES,
  DEFAULT_MAX_STORED_SESSION_BYTES,
  type SessionRecord,
} from "../src/mcp/index.js";
import { collectGarbage } from "./support/load-fixture.js";
import { servers } from "./support/served.js";

const serve = servers();
const MiB = 1024 * 1024;
const message = (text: string) => ({ jsonrpc: "2.0" as const, method: "notifications/message", params: { level: "info", data: text } });

describe("createInMemoryEventStore bounds its events in bytes", () => {
  test("past maxBytes the oldest events go: their ids are unknown, the newest replay in order", async () => {
    const store = createInMemoryEventStore({ maxBytes: 10_000 });
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) ids.push(await store.storeEvent("s", message(`${n}`.padEnd(1000, "."))));
    // Each event is a little over 1,000 bytes: the last nine fit in 10,000.
    expect(await store.getStreamIdForEventId!(ids[0]!)).toBeUndefined();
    expect(await store.getStreamIdForEventId!(ids[10]!)).toBeUndefined();
    expect(await store.getStreamIdForEventId!(ids[11]!)).toBe("s");
    const sent: unknown[] = [];
    expect(await store.replayEventsAfter(ids[11]!, { send: async (_id, sentMessage) => void sent.push(sentMessage) })).toBe("s");
    expect(sent).toEqual(Array.from({ length: 8 }, (_, index) => message(`${index + 12}`.padEnd(1000, "."))));
    expect(await store.replayEventsAfter(ids[0]!, { send: async () => {} })).toBe("");
  });

  test("an event larger than the whole bound is not kept, nor is anything before it", async () => {
    const store = createInMemoryEventStore({ maxBytes: 5_000 });
    const before = await store.storeEvent("s", message("small"));
    const huge = await store.storeEvent("s", message("x".repeat(10_000)));
    const after = await store.storeEvent("s", message("after"));
    expect(await store.getStreamIdForEventId!(before)).toBeUndefined();
    expect(await store.getStreamIdForEventId!(huge)).toBeUndefined();
    expect(await store.getStreamIdForEventId!(after)).toBe("s");
  });

  test("bytes are UTF-8: multi-byte text is charged what it weighs", async () => {
    const store = createInMemoryEventStore({ maxBytes: 7_000 });
    // 1,000 euro signs are 3,000 bytes: two such events fit, a third pushes the first out.
    const ids = [];
    for (let n = 0; n < 3; n++) ids.push(await store.storeEvent("s", message("€".repeat(1000))));
    expect(await store.getStreamIdForEventId!(ids[0]!)).toBeUndefined();
    expect(await store.getStreamIdForEventId!(ids[1]!)).toBe("s");
  });

  test("the default is 16 MiB; a bound that is no whole number ≥ 1 is refused", () => {
    expect(DEFAULT_MAX_STORED_EVENT_BYTES).toBe(16 * MiB);
    for (const maxBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => createInMemoryEventStore({ maxBytes }), String(maxBytes)).toThrow(
        new RangeError(`maxBytes must be a whole number of bytes ≥ 1, not ${String(maxBytes)}`),
      );
  });

  test("over HTTP: 48 answers of ~900 KB each leave the heap within the bound, not 48 answers larger", async () => {
    const gc = collectGarbage();
    const echo = defineTool({
      name: "echo",
      description: "Echoes its text",
      actions: { say: { description: "Say it back", properties: { text: { type: "string" } }, required: ["text"] } },
      handlers: { say: (data) => data.text },
    });
    const running = await serve({ eventStore: createInMemoryEventStore() }, createRouter({ tools: [echo] }));
    const client = new Client({ name: "bytes-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(running.url));
    try {
      await client.callTool({ name: "echo", arguments: { action: "say", data: { text: "warm" } } });
      await gc();
      const before = process.memoryUsage().heapUsed;
      for (let n = 0; n < 48; n++) {
        const answer = await client.callTool({ name: "echo", arguments: { action: "say", data: { text: `${n}`.padEnd(900_000, "y") } } });
        expect(answer.isError).toBeFalsy();
      }
      await gc();
      const grown = process.memoryUsage().heapUsed - before;
      // Kept: at most 16 MiB of JSON text. Before the bound, 48 answers of ~1.8 MB each as objects: ~85 MiB.
      expect(grown, `heap grew by ${(grown / MiB).toFixed(1)} MiB`).toBeLessThan(16 * MiB + 12 * MiB);
    } finally {
      await client.close();
    }
  });
});

describe("createInMemorySessionStore bounds its records in bytes", () => {
  const record = (name: string): SessionRecord => ({
    owner: null,
    client: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name, version: "1" } },
  });

  test("past maxBytes the record written longest ago goes; a rewrite makes a record the newest", async () => {
    const store = createInMemorySessionStore({ maxBytes: 1_400 });
    for (let n = 0; n < 5; n++) await store.set(`s${n}`, record(`client ${n}`.padEnd(150, ".")));
    expect(await store.get("s0")).toBeDefined();
    await store.set("s0", record("client 0 again".padEnd(150, ".")));
    await store.set("s5", record("client 5".padEnd(150, ".")));
    expect(await store.get("s1")).toBeUndefined();
    expect(await store.get("s0")).toMatchObject({ client: { clientInfo: { name: expect.stringMatching(/^client 0 again/) } } });
    expect(await store.get("s5")).toBeDefined();
  });

  test("the default is 16 MiB; a bound that is no whole number ≥ 1 is refused", () => {
    expect(DEFAULT_MAX_STORED_SESSION_BYTES).toBe(16 * MiB);
    expect(() => createInMemorySessionStore({ maxBytes: 0 })).toThrow(
      new RangeError("maxBytes must be a whole number of bytes ≥ 1, not 0"),
    );
  });
});
