/**
 * Malformed JSON-RPC over HTTP is answered as JSON-RPC 2.0 and the MCP
 * Streamable HTTP transport say: -32700 for a body that is not JSON, -32600
 * for JSON that is not a request (id null), -32601 for an unknown method,
 * -32602 for invalid params (with the request's id), 415 for a body that is
 * not declared JSON, 406 for an Accept header without both MCP media types;
 * batches as the SDK handles them (at most 100 entries, all valid). After
 * every case the server still answers, and no malformed request opens a
 * session. Both modes, on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveHttp, type RunningHttpServer } from "../src/mcp/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { exchange, messagesOf, openSession, rpc, type Exchange } from "./support/http-exchange.js";

const request = (id: unknown, method: string, params: unknown = {}) => ({ jsonrpc: "2.0", id, method, params });
const listCall = (id: number) => request(id, "tools/call", { name: "tasks", arguments: { action: "list" } });

function rpcError(response: Exchange): { code: number; message: string } {
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  expect(body).toMatchObject({ jsonrpc: "2.0", id: null });
  return body.error;
}

describe.each([
  ["stateful", false],
  ["stateless", true],
] as const)("malformed JSON-RPC over HTTP, %s", (_mode, stateless) => {
  let running: RunningHttpServer;
  let session: Record<string, string>;
  beforeAll(async () => {
    running = await serveHttp(fixtureRouter(), { stateless });
    session = stateless ? {} : await openSession(running.url);
  });
  afterAll(async () => {
    // Still serving after everything below, and nothing malformed opened a session.
    const ping = await exchange(running.url, { headers: session, body: rpc("last", "ping") });
    expect(messagesOf(ping)).toEqual([{ jsonrpc: "2.0", id: "last", result: {} }]);
    expect(running.sessionCount()).toBe(stateless ? 0 : 1);
    await running.close();
  });
  const post = (body: string, headers: Record<string, string | null> = {}) =>
    exchange(running.url, { headers: { ...session, ...headers }, body });

  test.each(["{not json", "", '{"jsonrpc":"2.0",', "\u0000", "[1,]", "{'jsonrpc':'2.0'}"])(
    "%j is not JSON: 400 -32700 Parse error",
    async (body) => {
      for (const headers of [session, {}]) {
        const answer = await exchange(running.url, { headers, body });
        expect(answer.status).toBe(400);
        expect(rpcError(answer)).toEqual({ code: -32700, message: "Parse error: Invalid JSON" });
      }
    },
  );

  test.each([
    "42",
    '"ping"',
    "null",
    "true",
    "{}",
    '{"jsonrpc":"1.0","id":1,"method":"ping"}',
    '{"id":1,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1}',
    '{"jsonrpc":"2.0","id":1,"method":5}',
    '{"jsonrpc":"2.0","id":{},"method":"ping"}',
    '{"jsonrpc":"2.0","id":null,"method":"ping"}',
  ])("%s is JSON but no JSON-RPC message: 400 -32600 Invalid Request", async (body) => {
    for (const headers of [session, {}]) {
      const answer = await exchange(running.url, { headers, body });
      expect(answer.status).toBe(400);
      expect(rpcError(answer)).toEqual({ code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" });
    }
  });

  test("batches: empty, an invalid entry, more than 100 entries, or a shared id are -32600; valid ones are answered entry by entry", async () => {
    expect(rpcError(await post("[]"))).toEqual({ code: -32600, message: "Invalid Request: an empty batch" });
    expect(rpcError(await post("[1,2]"))).toEqual({
      code: -32600,
      message: "Invalid Request: batch entry 0 is not a JSON-RPC 2.0 message",
    });
    expect(rpcError(await post(JSON.stringify([listCall(1), { jsonrpc: "2.0" }])))).toEqual({
      code: -32600,
      message: "Invalid Request: batch entry 1 is not a JSON-RPC 2.0 message",
    });
    const tooMany = await post(JSON.stringify(Array.from({ length: 101 }, (_, id) => request(id, "ping"))));
    expect(tooMany.status).toBe(400);
    expect(rpcError(tooMany)).toEqual({ code: -32600, message: "Invalid Request: Batch must not exceed 100 messages" });
    expect(rpcError(await post(JSON.stringify([listCall(1), listCall(1)])))).toEqual({
      code: -32600,
      message: "Invalid Request: the batch uses the request id 1 twice",
    });

    const batch = await post(JSON.stringify([listCall(11), request(12, "ping"), request("thirteen", "nope/nope")]));
    expect(batch.status).toBe(200);
    const answers = messagesOf(batch) as { id: unknown; result?: unknown; error?: { code: number } }[];
    expect(answers.map((answer) => answer.id).sort()).toEqual([11, 12, "thirteen"]);
    expect(readAnswer(answers.find((answer) => answer.id === 11)!.result)).toMatchObject({ isError: false, body: { status: "open" } });
    expect(answers.find((answer) => answer.id === "thirteen")!.error).toMatchObject({ code: -32601 });

    const notifications = await post(JSON.stringify([{ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 99 } }]));
    expect(notifications.status).toBe(202);
    expect(notifications.body).toBe("");
  });

  test("an unknown method is -32601 and invalid tools/call params are -32602, each with the request's id", async () => {
    expect(messagesOf(await post(rpc(3, "nope/nope")))).toEqual([
      { jsonrpc: "2.0", id: 3, error: expect.objectContaining({ code: -32601 }) },
    ]);
    for (const params of [{ name: 5 }, {}, { name: "tasks", arguments: [] }, { name: "tasks", arguments: "x" }]) {
      const [answer] = messagesOf(await post(rpc(4, "tools/call", params))) as { id: number; error: { code: number; message: string } }[];
      expect(answer, JSON.stringify(params)).toMatchObject({ id: 4, error: { code: -32602 } });
      expect(answer!.error.message).toMatch(/^Invalid tools\/call params \(params\.(name|arguments): /);
    }
    // Well-formed JSON-RPC with wrong arguments is the tool dialect's business: an isError result, not a protocol error.
    const [wrong] = messagesOf(await post(rpc(5, "tools/call", { name: "tasks", arguments: { action: "crate" } }))) as {
      result: unknown;
    }[];
    expect(readAnswer(wrong!.result)).toMatchObject({ isError: true, body: { error: "unknown_action" } });
  });

  test.each([
    ["text/plain", 415],
    [null, 415],
    ["application/jsonx", 415],
    ["text/plain; a=application/json", 415],
    ["application/json; charset=utf-8", 200],
    ["Application/JSON", 200],
  ] as const)("Content-Type %s: %d", async (contentType, status) => {
    const answer = await post(rpc(6, "ping"), { "content-type": contentType });
    expect(answer.status).toBe(status);
    if (status === 415)
      expect(rpcError(answer)).toEqual({ code: -32000, message: "Unsupported Media Type: Content-Type must be application/json" });
  });

  test.each([["application/json"], ["text/event-stream"], [null], ["*/*"]])(
    "Accept %s: 406 (a POST must accept both MCP media types)",
    async (accept) => {
      const answer = await post(rpc(7, "ping"), { accept });
      expect(answer.status).toBe(406);
      expect(rpcError(answer)).toEqual({
        code: -32000,
        message: "Not Acceptable: Client must accept both application/json and text/event-stream",
      });
    },
  );

  test("nesting half a million levels deep is answered, never a crash", async () => {
    const deep = "[".repeat(500_000) + "]".repeat(500_000);
    expect(rpcError(await post(deep))).toMatchObject({ code: -32600 });
    const body = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"tasks","arguments":{"action":"create","data":{"name":"x","opts":{"due":${"[".repeat(400_000)}${"]".repeat(400_000)}}}}}}`;
    const [answer] = messagesOf(await post(body)) as { id: number; result: unknown }[];
    // The gate refuses the value (a string is declared there) before any handler sees it.
    expect(answer!.id).toBe(9);
    expect(readAnswer(answer!.result)).toMatchObject({
      isError: true,
      body: { error: "invalid_data", problems: [{ code: "invalid_value", at: 'data["opts"]["due"]', keyword: "type" }] },
    });
  });
});
