/**
 * The Redis-backed event store of examples/redis/ against a real
 * redis-server the test starts (installed from Debian's packages where it
 * is missing): the SDK's EventStore contract on its own, then a stateful
 * session of the fetch handler whose standalone SSE stream is lost and
 * resumed with Last-Event-ID, the missed notification replayed from Redis —
 * and a Last-Event-ID of another session refused.
 */
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RedisEventStore, type RedisConnection } from "../examples/redis/redis-event-store.js";
import { createFetchHandler } from "../src/mcp/index.js";
import { extra, fixtureRouter } from "./fixtures/runtime/tools.js";
import { MCP_HEADERS, rpc } from "./support/http-exchange.js";
import { ensureRedisServer, startRedis } from "./support/redis-server.js";

const unavailable = ensureRedisServer();
if (unavailable !== undefined) console.log(`skipped: ${unavailable}`);

describe.skipIf(unavailable !== undefined)("RedisEventStore against a real redis-server", () => {
  let redis: { url: string; stop(): void };
  const clients: { quit(): Promise<unknown> }[] = [];
  const connect = async (): Promise<RedisConnection> => {
    const client = createClient({ url: redis.url });
    clients.push(client);
    await client.connect();
    return { sendCommand: (args) => client.sendCommand(args) };
  };
  beforeAll(async () => {
    redis = await startRedis();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit().catch(() => {})));
    redis?.stop();
  });

  const message = (n: number) => ({ jsonrpc: "2.0" as const, method: "notifications/message", params: { n } });

  test("replays the events after an id, of that stream only, in order — from a new connection too, as after a restart", async () => {
    const store = new RedisEventStore(await connect(), { prefix: "t1:", requestStreamTtlSeconds: 60 });
    await store.storeEvent("s1", {} as never);
    const first = await store.storeEvent("s1", message(1));
    await store.storeEvent("s2", message(99));
    await store.storeEvent("s1", message(2));
    await store.storeEvent("s1", message(3));
    expect(await store.getStreamIdForEventId(first)).toBe("s1");
    const replay = async (from: RedisEventStore) => {
      const sent: unknown[] = [];
      const streamId = await from.replayEventsAfter(first, { send: async (_id, sentMessage) => void sent.push(sentMessage) });
      return { streamId, sent };
    };
    expect(await replay(store)).toEqual({ streamId: "s1", sent: [message(2), message(3)] });
    expect(await replay(new RedisEventStore(await connect(), { prefix: "t1:" }))).toEqual({
      streamId: "s1",
      sent: [message(2), message(3)],
    });
    const ttl = Number(await (await connect()).sendCommand(["TTL", "t1:s1"]));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(await store.getStreamIdForEventId("no event id")).toBeUndefined();
    await expect(store.replayEventsAfter("nonsense", { send: async () => {} })).rejects.toThrow(/not an event id/);
  });

  test("a POST's stream expires 5 minutes after its last event, a session's standalone GET stream 30 minutes after (an hour each before)", async () => {
    const redisConnection = await connect();
    const store = new RedisEventStore(redisConnection, { prefix: "t3:" });
    await store.storeEvent("session-1/3f9c-request-stream", message(1));
    await store.storeEvent("session-1/_GET_stream", message(2));
    const ttl = async (key: string) => Number(await redisConnection.sendCommand(["TTL", key]));
    expect(await ttl("t3:session-1/3f9c-request-stream")).toBeGreaterThan(290);
    expect(await ttl("t3:session-1/3f9c-request-stream")).toBeLessThanOrEqual(300);
    expect(await ttl("t3:session-1/_GET_stream")).toBeGreaterThan(1790);
    expect(await ttl("t3:session-1/_GET_stream")).toBeLessThanOrEqual(1800);
    const tuned = new RedisEventStore(redisConnection, { prefix: "t4:", ttlSeconds: 90, requestStreamTtlSeconds: 20 });
    await tuned.storeEvent("s/req", message(3));
    await tuned.storeEvent("s/_GET_stream", message(4));
    expect(await ttl("t4:s/req")).toBeLessThanOrEqual(20);
    expect(await ttl("t4:s/_GET_stream")).toBeLessThanOrEqual(90);
    expect(await ttl("t4:s/_GET_stream")).toBeGreaterThan(20);
  });

  test("through the fetch handler: a lost SSE stream resumed with Last-Event-ID gets the notification it missed; another session's id is refused", async () => {
    const router = fixtureRouter();
    const handler = createFetchHandler(router, { eventStore: new RedisEventStore(await connect(), { prefix: "t2:" }) });
    try {
      const open = async () => {
        const initialize = rpc(1, "initialize", {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        });
        const opened = await handler(new Request("http://localhost/mcp", { method: "POST", headers: MCP_HEADERS, body: initialize }));
        await opened.text();
        const session = { "mcp-session-id": opened.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
        const initialized = await handler(
          new Request("http://localhost/mcp", {
            method: "POST",
            headers: { ...MCP_HEADERS, ...session },
            body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
          }),
        );
        expect(initialized.status).toBe(202);
        return session;
      };
      const stream = (session: Record<string, string>, lastEventId?: string) =>
        handler(
          new Request("http://localhost/mcp", {
            method: "GET",
            headers: { accept: "text/event-stream", ...session, ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }) },
          }),
        );
      const a = await open();
      const live = await stream(a);
      expect(live.status).toBe(200);
      const events = sseEvents(live.body!);
      router.register(extra);
      const heard = await events.next((event) => event.data.includes("list_changed"));
      await events.cancel();
      // Give the transport a turn to forget the stream before the next notification.
      await new Promise((resolve) => setTimeout(resolve, 50));
      router.unregister("extra");
      await new Promise((resolve) => setTimeout(resolve, 50));
      const resumed = await stream(a, heard.id);
      expect(resumed.status).toBe(200);
      const replay = sseEvents(resumed.body!);
      const replayed = await replay.next((event) => event.data.includes("list_changed"));
      expect(replayed.id).not.toBe(heard.id);
      expect(JSON.parse(replayed.data)).toMatchObject({ method: "notifications/tools/list_changed" });
      await replay.cancel();

      const b = await open();
      const stolen = await stream(b, heard.id);
      expect(stolen.status).toBe(400);
      expect(await stolen.text()).not.toContain("list_changed");
    } finally {
      await handler.close();
    }
  });
});

/** The events of an SSE body: `next(match)` waits for the first event matching. */
function sseEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(match: (event: { id: string; data: string }) => boolean): Promise<{ id: string; data: string }> {
      for (;;) {
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split("\n")
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2) ?? "";
          const event = { id: field("id"), data: field("data") };
          if (match(event)) return event;
        }
        const { done, value } = await reader.read();
        if (done) throw new Error(`the stream ended before the event; read: ${buffer}`);
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}
