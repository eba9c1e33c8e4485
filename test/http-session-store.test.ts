import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, test } from "vitest";
import {
  createFetchHandler,
  createInMemoryEventStore,
  createInMemorySessionStore,
  type FetchHandler,
  type FetchHandlerOptions,
  type SessionRecord,
  type SessionStore,
} from "../src/mcp/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { beyondRouter } from "./fixtures/runtime/beyond.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { INITIALIZE, MCP_HEADERS, rpc } from "./support/http-exchange.js";
import { capturedLog } from "./support/captured-log.js";

const URL_ = "http://localhost/mcp";
const handlers: FetchHandler[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

function handlerFor(options: FetchHandlerOptions, router = fixtureRouter()): FetchHandler {
  const handler = createFetchHandler(router, options);
  handlers.push(handler);
  return handler;
}

function send(handler: FetchHandler, body: string | undefined, headers: Record<string, string> = {}, method = "POST"): Promise<Response> {
  return handler(new Request(URL_, { method, headers: { ...MCP_HEADERS, ...headers }, ...(body === undefined ? {} : { body }) }));
}

/** Opens a session by hand on `handler`; its headers. */
async function open(handler: FetchHandler, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const opened = await send(handler, INITIALIZE, headers);
  expect(opened.status).toBe(200);
  await opened.text();
  const session = { ...headers, "mcp-session-id": opened.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-06-18" };
  expect((await send(handler, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), session)).status).toBe(202);
  return session;
}

const list = (id: number) => rpc(id, "tools/call", { name: "tasks", arguments: { action: "list" } });

describe("a session survives its handler through the session store", () => {
  test("the SDK Client keeps its session id on the next handler: list, call, help, and elicitation (its capabilities came back)", async () => {
    const sessionStore = createInMemorySessionStore();
    let current = handlerFor({ sessionStore }, beyondRouter());
    const client = new Client({ name: "restart-test", version: "2.0.0" }, { capabilities: { elicitation: {} } });
    clients.push(client);
    client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { name: "Ada" } }));
    const transport = new StreamableHTTPClientTransport(new URL(URL_), { fetch: (input, init) => current(new Request(input, init)) });
    await client.connect(transport);
    const id = transport.sessionId!;
    expect(readAnswer(await client.callTool({ name: "add", arguments: { a: 1, b: 2 } })).body).toBe(3);
    expect(await sessionStore.get(id)).toEqual({
      owner: null,
      client: {
        protocolVersion: expect.any(String),
        capabilities: { elicitation: {} },
        clientInfo: { name: "restart-test", version: "2.0.0" },
      },
    });

    await current.close();
    current = handlerFor({ sessionStore }, beyondRouter());
    expect(current.sessionCount()).toBe(0);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["help", "media", "stats", "talk", "add"]);
    expect(transport.sessionId).toBe(id);
    expect(current.sessionCount()).toBe(1);
    expect(readAnswer(await client.callTool({ name: "add", arguments: { a: 2, b: 3 } })).body).toBe(5);
    expect(readAnswer(await client.callTool({ name: "talk", arguments: { action: "elicit" } })).body).toMatchObject({
      action: "accept",
      content: { name: "Ada" },
    });
    const help = await client.callTool({ name: "help", arguments: { tool: "talk" } });
    expect(help.isError).toBeFalsy();
    expect(JSON.stringify(help.content)).toContain("elicit");
  });

  test("another user's valid token is 404 for a stored session and revives nothing; the owner goes on", async () => {
    const sessionStore = createInMemorySessionStore();
    const bearerToken = (token: string) => ({ "alice-token": "alice", "mallory-token": "mallory" })[token] ?? false;
    const before = handlerFor({ sessionStore, bearerToken });
    const alice = await open(before, { authorization: "Bearer alice-token" });
    await before.close();
    const after = handlerFor({ sessionStore, bearerToken });
    const mallory = { ...alice, authorization: "Bearer mallory-token" };
    for (const [method, body] of [
      ["POST", list(2)],
      ["GET", undefined],
      ["DELETE", undefined],
    ] as const) {
      const refused = await send(after, body, mallory, method);
      expect(refused.status, method).toBe(404);
      expect(await refused.json()).toEqual({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null });
    }
    expect(after.sessionCount()).toBe(0);
    expect(await sessionStore.get(alice["mcp-session-id"]!)).toMatchObject({ owner: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const served = await send(after, list(3), alice);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('"id":3');
  });

  test("two live handlers sharing the store serve one session in turns, as instances behind a round-robin balancer", async () => {
    const sessionStore = createInMemorySessionStore();
    const instances = [handlerFor({ sessionStore }), handlerFor({ sessionStore })];
    const session = await open(instances[0]!);
    for (let id = 2; id < 6; id++) {
      const answer = await send(instances[id % 2]!, list(id), session);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(`"id":${id}`);
    }
    expect(instances.map((instance) => instance.sessionCount())).toEqual([1, 1]);
  });

  test("DELETE removes the record: the next handler answers the id 404", async () => {
    const sessionStore = createInMemorySessionStore();
    const first = handlerFor({ sessionStore });
    const session = await open(first);
    expect((await send(first, undefined, session, "DELETE")).status).toBe(200);
    expect(await sessionStore.get(session["mcp-session-id"]!)).toBeUndefined();
    const next = handlerFor({ sessionStore });
    expect((await send(next, list(2), session)).status).toBe(404);
  });

  test.each([
    ["SSE", false],
    ["JSON", true],
  ])(
    "a session closed by its handler's close() stays stored; concurrent requests revive it once (%s answers)",
    async (_answers, enableJsonResponse) => {
      const sessionStore = createInMemorySessionStore();
      const session = await open(handlerFor({ sessionStore, enableJsonResponse }));
      await handlers[0]!.close();
      let servers = 0;
      const next = handlerFor({ sessionStore, enableJsonResponse, setup: () => void servers++ });
      const answers = await Promise.all([send(next, list(2), session), send(next, list(3), session), send(next, list(4), session)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(servers).toBe(1);
      expect(next.sessionCount()).toBe(1);
    },
  );

  test("the record lives as long as the idle timeout; with Infinity it is stored without one", async () => {
    const writes: (number | undefined)[] = [];
    const recording = (): SessionStore => {
      const store = createInMemorySessionStore();
      return { ...store, set: (id, record, ttlMs) => (writes.push(ttlMs), store.set(id, record, ttlMs)) };
    };
    await open(handlerFor({ sessionStore: recording(), sessionIdleTimeoutMs: 90_000 }));
    await open(handlerFor({ sessionStore: recording(), sessionIdleTimeoutMs: Number.POSITIVE_INFINITY }));
    expect(writes).toEqual([90_000, undefined]);
  });

  test("a revival counts against maxSessions: 503 with Retry-After while the handler is full", async () => {
    const sessionStore = createInMemorySessionStore();
    const stored = await open(handlerFor({ sessionStore }));
    const next = handlerFor({ sessionStore, maxSessions: 1 });
    await open(next);
    const refused = await send(next, list(2), stored);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(next.sessionCount()).toBe(1);
  });

  test("replaying the initialize stores no event: the event store holds the client's streams only", async () => {
    const sessionStore = createInMemorySessionStore();
    const events = createInMemoryEventStore();
    let stored = 0;
    const eventStore = { ...events, storeEvent: (...args: Parameters<typeof events.storeEvent>) => (stored++, events.storeEvent(...args)) };
    const session = await open(handlerFor({ sessionStore, eventStore }));
    const before = stored;
    const next = handlerFor({ sessionStore, eventStore });
    // A notification is answered 202 with no stream: any event stored now would be the replay's.
    expect((await send(next, JSON.stringify({ jsonrpc: "2.0", method: "notifications/roots/list_changed" }), session)).status).toBe(202);
    expect(next.sessionCount()).toBe(1);
    expect(stored).toBe(before);
  });

  test("a record that is no session record is 500 with an error id, the log naming what is wrong; nothing opens", async () => {
    const broken: SessionStore = {
      get: async (id) =>
        id === "from-elsewhere" ? ({ owner: null, client: { protocolVersion: 2025 } } as unknown as SessionRecord) : undefined,
      set: async () => {},
      delete: async () => {},
    };
    const log = capturedLog();
    const handler = handlerFor({ sessionStore: broken }, fixtureRouter(log));
    const answer = await send(handler, list(2), { "mcp-session-id": "from-elsewhere", "mcp-protocol-version": "2025-06-18" });
    expect(answer.status).toBe(500);
    const { error } = (await answer.json()) as { error: { code: number; message: string } };
    expect(error.code).toBe(-32603);
    const errorId = /^Internal error \(error id (.+)\)$/.exec(error.message)?.[1];
    expect(errorId, error.message).toBeDefined();
    expect(log.entries).toEqual([
      {
        message: `HTTP: a request failed (error id ${errorId})`,
        details: expect.objectContaining({
          reason: "the session store's record of this session is not a session record: client.protocolVersion is not a string",
        }),
      },
    ]);
    expect(handler.sessionCount()).toBe(0);
  });

  test.each([
    [
      "with stateless",
      { stateless: true, sessionStore: createInMemorySessionStore() },
      "sessionStore needs sessions: a stateless server keeps none; drop stateless or the sessionStore",
    ],
    [
      "missing delete",
      { sessionStore: { get: async () => undefined, set: async () => {} } as unknown as SessionStore },
      "sessionStore must have async get, set and delete (missing: delete), e.g. createInMemorySessionStore()",
    ],
  ])("sessionStore %s is refused at start-up", (_case, options, message) => {
    expect(() => createFetchHandler(fixtureRouter(), options as FetchHandlerOptions)).toThrow(new RangeError(message));
  });
});
