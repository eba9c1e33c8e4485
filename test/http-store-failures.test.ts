/**
 * The stores a deployment plugs in fail without leaking and without hanging
 * requests, over real HTTP on 127.0.0.1:
 * - what a session store throws (a Redis URL with its password, Redis's own
 *   words) reaches the operator's log under an error id; the client reads
 *   503 and the id — it was `500 "Internal error: <message>"`;
 * - a store call that does not settle fails after `storeTimeoutMs` (5 s by
 *   default), the log naming the store, the method and the bound;
 * - an event store that fails to keep an event costs resumability, never the
 *   answer: the message is sent live and the failure logged;
 * - an event store without `getStreamIdForEventId` is refused at start-up:
 *   with one, a Last-Event-ID forged from one's own session id and another
 *   session's event number replays nothing (without one it replayed the
 *   other session's stream).
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import {
  createHttpHandler,
  createInMemoryEventStore,
  createInMemorySessionStore,
  type EventStore,
  type SessionStore,
} from "../src/mcp/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { capturedLog } from "./support/captured-log.js";
import { exchange, INITIALIZE, openSession, rpc } from "./support/http-exchange.js";
import { servers } from "./support/served.js";

const serve = servers();
const SECRET = "redis://admin:hunter2@10.0.0.7:6379";
const list = (id: number) => rpc(id, "tools/call", { name: "tasks", arguments: { action: "list" } });
const elsewhere = { "mcp-session-id": "opened-elsewhere", "mcp-protocol-version": "2025-06-18" };

/** The error id of a refusal worded `… (error id <id>) …`. */
function errorIdOf(body: string): string {
  const message = (JSON.parse(body) as { error: { message: string } }).error.message;
  const id = /\(error id ([0-9a-f-]{36})\)/.exec(message)?.[1];
  if (id === undefined) throw new Error(`no error id in ${message}`);
  return id;
}

describe("a session store that fails", () => {
  const throwing = (method: keyof SessionStore): SessionStore => {
    const store = createInMemorySessionStore();
    return { ...store, [method]: () => Promise.reject(new Error(`ECONNREFUSED ${SECRET}`)) };
  };

  test.each([
    ["get, reviving a session", "get", elsewhere, list(2)],
    ["set, opening a session", "set", {}, INITIALIZE],
  ] as const)("that throws on %s: 503 with an error id; the URL and password only in the log", async (_case, method, headers, body) => {
    const log = capturedLog();
    const running = await serve({ sessionStore: throwing(method) }, fixtureRouter(log));
    const answer = await exchange(running.url, { headers, body });
    expect(answer.status).toBe(503);
    expect(answer.body).not.toContain("hunter2");
    expect(answer.body).not.toContain("ECONNREFUSED");
    const errorId = errorIdOf(answer.body);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: "2.0",
      error: { code: -32603, message: `Service Unavailable: the session store failed (error id ${errorId}); retry later` },
      id: null,
    });
    expect(log.entries).toEqual([
      {
        message: `HTTP: sessionStore.${method} failed (error id ${errorId})`,
        details: expect.objectContaining({ errorId, store: "sessionStore", method, reason: `ECONNREFUSED ${SECRET}` }),
      },
    ]);
    expect(running.sessionCount()).toBe(0);
  });

  test("that never answers: the request is answered 503 once storeTimeoutMs has passed, the log naming the bound", async () => {
    const log = capturedLog();
    const hung: SessionStore = { get: () => new Promise(() => {}), set: async () => {}, delete: async () => {} };
    const running = await serve({ sessionStore: hung, storeTimeoutMs: 200 }, fixtureRouter(log));
    const answer = await exchange(running.url, { headers: elsewhere, body: list(2) });
    expect(answer.status).toBe(503);
    const errorId = errorIdOf(answer.body);
    expect(log.entries).toEqual([
      {
        message: `HTTP: sessionStore.get did not settle within 200 ms (storeTimeoutMs): check the store, or raise storeTimeoutMs (error id ${errorId})`,
        details: { errorId, store: "sessionStore", method: "get", timedOutAfterMs: 200 },
      },
    ]);
  });

  test("storeTimeoutMs is a whole number of milliseconds or Infinity, checked at start-up", () => {
    for (const storeTimeoutMs of [0, -1, 1.5, Number.NaN, 2 ** 31])
      expect(() => createHttpHandler(fixtureRouter(), { storeTimeoutMs }), String(storeTimeoutMs)).toThrow(
        new RangeError(
          `storeTimeoutMs must be a whole number of milliseconds from 1 to 2147483647, or Infinity, got ${String(storeTimeoutMs)}`,
        ),
      );
    expect(() => createHttpHandler(fixtureRouter(), { storeTimeoutMs: Number.POSITIVE_INFINITY })).not.toThrow();
  });
});

describe("an event store that fails", () => {
  const failing = (storeEvent: EventStore["storeEvent"]): EventStore => ({ ...createInMemoryEventStore(), storeEvent });

  test.each([
    ["throws", () => Promise.reject(new Error(`WRONGPASS ${SECRET}`)), "eventStore.storeEvent failed"],
    ["never answers", () => new Promise<string>(() => {}), "eventStore.storeEvent did not settle within 200 ms"],
  ] as const)("that %s on storeEvent: the SDK Client's calls are still answered, the failure logged", async (_case, storeEvent, logged) => {
    const log = capturedLog();
    const running = await serve({ eventStore: failing(storeEvent), storeTimeoutMs: 200 }, fixtureRouter(log));
    const client = new Client({ name: "store-failure", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(running.url));
    try {
      const answer = readAnswer(await client.callTool({ name: "tasks", arguments: { action: "list" } }));
      expect(answer.isError).toBe(false);
      expect(answer.body).toMatchObject({ status: "open" });
    } finally {
      await client.close();
    }
    expect(log.entries.length).toBeGreaterThan(0);
    for (const entry of log.entries) expect(entry.message).toContain(logged);
  });

  test("that throws on replay: 500 without its words, the failure logged", async () => {
    const log = capturedLog();
    const store = createInMemoryEventStore();
    const eventStore: EventStore = { ...store, replayEventsAfter: () => Promise.reject(new Error(`READONLY ${SECRET}`)) };
    const running = await serve({ eventStore }, fixtureRouter(log));
    const session = await openSession(running.url);
    const call = await exchange(running.url, { headers: session, body: list(5) });
    const eventId = /^id: (.+)$/m.exec(call.body)?.[1];
    expect(eventId).toBeDefined();
    const resumed = await exchange(running.url, {
      method: "GET",
      headers: { ...session, accept: "text/event-stream", "last-event-id": eventId! },
    });
    expect(resumed.status).toBe(500);
    expect(resumed.body).not.toContain("hunter2");
    expect(log.entries).toEqual([expect.objectContaining({ message: expect.stringContaining("eventStore.replayEventsAfter failed") })]);
  });
});

describe("an event store without getStreamIdForEventId", () => {
  test("is refused at start-up, the error naming the method to implement", () => {
    const store = createInMemoryEventStore();
    const withoutLookup: EventStore = {
      storeEvent: (streamId, message) => store.storeEvent(streamId, message),
      replayEventsAfter: (lastEventId, sending) => store.replayEventsAfter(lastEventId, sending),
    };
    expect(() => createHttpHandler(fixtureRouter(), { eventStore: withoutLookup })).toThrow(
      new RangeError(
        "eventStore must implement getStreamIdForEventId(eventId) — the stream id an event was stored under, or undefined: " +
          "without it a session's Last-Event-ID cannot be checked, and one session could replay another's events",
      ),
    );
  });

  test("with it, a Last-Event-ID of one's own session id and another session's event number replays nothing", async () => {
    const running = await serve({ eventStore: createInMemoryEventStore() });
    const alice = await openSession(running.url);
    const call = await exchange(running.url, {
      headers: alice,
      body: rpc(9, "tools/call", { name: "tasks", arguments: { action: "list" } }),
    });
    const aliceEvent = [...call.body.matchAll(/^id: (.+)$/gm)].map((match) => match[1]!).pop()!;
    expect(aliceEvent.startsWith(`${alice["mcp-session-id"]}/`)).toBe(true);
    const bob = await openSession(running.url);
    // The store's own id of Alice's answer, under Bob's session prefix: before, this replayed Alice's stream to Bob.
    const forged = `${bob["mcp-session-id"]}/${aliceEvent.slice(alice["mcp-session-id"]!.length + 1)}`;
    const stolen = await exchange(running.url, {
      method: "GET",
      headers: { ...bob, accept: "text/event-stream", "last-event-id": forged },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body).not.toContain('"id":9');
  });
});
