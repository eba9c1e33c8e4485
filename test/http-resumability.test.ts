/**
 * Resumability of Streamable HTTP: the `eventStore` and `retryInterval`
 * options, the shipped in-memory store, the priming event with `retry`, and
 * an SDK client resuming a stream the server closed mid-call.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, test } from "vitest";
import { createRouter, defineTool, text } from "../src/index.js";
import { createHttpHandler, createInMemoryEventStore, serveHttp, type RunningHttpServer } from "../src/mcp/index.js";
import { exchange, rpc } from "./support/http-exchange.js";

const message = (id: number): JSONRPCMessage => ({ jsonrpc: "2.0", id, result: {} });

async function replayed(store: ReturnType<typeof createInMemoryEventStore>, after: string) {
  const sent: [string, JSONRPCMessage][] = [];
  const stream = await store.replayEventsAfter(after, { send: async (id, sentMessage) => void sent.push([id, sentMessage]) });
  return { stream, sent };
}

describe("createInMemoryEventStore", () => {
  test("replays the events of the same stream after the given one, in order, without priming events", async () => {
    const store = createInMemoryEventStore();
    const priming = await store.storeEvent("a", {} as JSONRPCMessage);
    const a1 = await store.storeEvent("a", message(1));
    await store.storeEvent("b", message(2));
    const a3 = await store.storeEvent("a", message(3));
    const a4 = await store.storeEvent("a", message(4));
    expect(await replayed(store, priming)).toEqual({
      stream: "a",
      sent: [
        [a1, message(1)],
        [a3, message(3)],
        [a4, message(4)],
      ],
    });
    expect(await replayed(store, a3)).toEqual({ stream: "a", sent: [[a4, message(4)]] });
    expect(await store.getStreamIdForEventId!(a3)).toBe("a");
  });

  test("an id it does not hold replays nothing", async () => {
    const store = createInMemoryEventStore();
    await store.storeEvent("a", message(1));
    expect(await replayed(store, "no-such-id")).toEqual({ stream: "", sent: [] });
    expect(await store.getStreamIdForEventId!("no-such-id")).toBeUndefined();
  });

  test("keeps at most maxEvents, dropping the oldest", async () => {
    const store = createInMemoryEventStore({ maxEvents: 2 });
    const first = await store.storeEvent("a", message(1));
    const second = await store.storeEvent("a", message(2));
    const third = await store.storeEvent("a", message(3));
    expect(await store.getStreamIdForEventId!(first)).toBeUndefined();
    expect(await replayed(store, second)).toEqual({ stream: "a", sent: [[third, message(3)]] });
  });

  test.each([0, -1, 1.5, Number.NaN])("maxEvents %s is refused", (maxEvents) => {
    expect(() => createInMemoryEventStore({ maxEvents })).toThrow(/maxEvents must be a whole number ≥ 1/);
  });
});

describe("the resumability options", () => {
  const router = createRouter();
  test.each([
    ["an eventStore when stateless", { stateless: true, eventStore: createInMemoryEventStore() }, /eventStore needs sessions/],
    ["retryInterval without an eventStore", { retryInterval: 1000 }, /needs an eventStore/],
    ["a negative retryInterval", { eventStore: createInMemoryEventStore(), retryInterval: -5 }, /retryInterval must be a whole number/],
    ["an eventStore without its methods", { eventStore: {} as never }, /must implement the SDK's EventStore/],
  ])("%s is a RangeError", (_label, options, message) => {
    expect(() => createHttpHandler(router, options)).toThrow(RangeError);
    expect(() => createHttpHandler(router, options)).toThrow(message);
  });
});

describe("resuming a stream over Streamable HTTP", () => {
  let running: RunningHttpServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  const closer = defineTool({
    name: "slow",
    description: "Closes its stream, then answers",
    flat: true,
    actions: { slow: { description: "Close the stream mid-call", properties: {} } },
    handlers: {
      async slow(_data, { request }) {
        (request as { http?: { closeSSE?: () => void } }).http?.closeSSE?.();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return text("answered after the stream closed");
      },
    },
  });

  test("a POST stream opens with a priming event carrying an id and the retry interval (2025-11-25 clients)", async () => {
    running = await serveHttp(createRouter(), { eventStore: createInMemoryEventStore(), retryInterval: 750 });
    const init = await exchange(running.url, {
      body: rpc(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } }),
    });
    const session = String(init.headers["mcp-session-id"]);
    const listed = await exchange(running.url, {
      headers: { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" },
      body: rpc(2, "tools/list"),
    });
    expect(listed.body).toMatch(/^id: \S+\nretry: 750\ndata: \n\n/);
    expect(listed.body).toMatch(/\nid: \S+\ndata: \{"result":\{"tools":/);
  });

  test("the SDK client resumes with Last-Event-ID and receives the answer sent after the stream closed", async () => {
    const store = createInMemoryEventStore();
    const resumedAfter: string[] = [];
    const eventStore = {
      ...store,
      replayEventsAfter: (id: string, options: Parameters<typeof store.replayEventsAfter>[1]) => (
        resumedAfter.push(id),
        store.replayEventsAfter(id, options)
      ),
    };
    running = await serveHttp(createRouter({ tools: [closer] }), { eventStore, retryInterval: 50 });
    const client = new Client({ name: "resumer", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(running.url, {
        reconnectionOptions: { initialReconnectionDelay: 50, maxReconnectionDelay: 200, reconnectionDelayGrowFactor: 1, maxRetries: 5 },
      }),
    );
    expect(await client.callTool({ name: "slow" })).toEqual({ content: [{ type: "text", text: "answered after the stream closed" }] });
    // The answer came through a resumed stream: the client named the last event it had seen.
    expect(resumedAfter).toHaveLength(1);
    await client.close();
  });

  test("without an event store the SDK offers no stream closing, and the answer comes on the open stream", async () => {
    running = await serveHttp(createRouter({ tools: [closer] }));
    const client = new Client({ name: "plain", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(running.url));
    expect(await client.callTool({ name: "slow" })).toEqual({ content: [{ type: "text", text: "answered after the stream closed" }] });
    await client.close();
  });
});
