/**
 * A session belongs to whoever opened it: with `bearerToken` or
 * `authenticate`, another user's valid credentials cannot call into it,
 * stream from it or delete it — every such request is answered 404, exactly
 * as for a session that does not exist, so nothing tells the other user the
 * session is there. Every server listens on 127.0.0.1 on an ephemeral port.
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { newClient } from "./fixtures/runtime/session-scenario.js";
import { servers } from "./support/served.js";
import { exchange, messagesOf, openSession, rpc } from "./support/http-exchange.js";

const serve = servers();

const call = (id: number) => rpc(id, "tools/call", { name: "tasks", arguments: { action: "list" } });

/** `session` with its credentials swapped for `credentials`: the same session id, presented by someone else. */
function as(session: Record<string, string>, credentials: Record<string, string>): Record<string, string> {
  const { authorization: _a, "x-api-key": _k, ...rest } = session;
  return { ...rest, ...credentials };
}

/** Every way another user could act on the session: a call, the SSE stream, DELETE — each must be 404. */
async function expectForeign(url: URL, headers: Record<string, string>): Promise<void> {
  const posted = await exchange(url, { headers, body: call(9) });
  expect(posted.status, "POST").toBe(404);
  expect(JSON.parse(posted.body)).toEqual({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null });
  expect((await exchange(url, { method: "GET", headers: { ...headers, accept: "text/event-stream" } })).status, "GET").toBe(404);
  expect((await exchange(url, { method: "DELETE", headers })).status, "DELETE").toBe(404);
}

async function expectServed(url: URL, headers: Record<string, string>, id: number): Promise<void> {
  const answer = await exchange(url, { headers, body: call(id) });
  expect(answer.status).toBe(200);
  expect(messagesOf(answer)).toEqual([expect.objectContaining({ id, result: { content: [expect.objectContaining({ type: "text" })] } })]);
}

describe("a session answers only to the identity that opened it", () => {
  test("bearerToken as a function: another user's valid token gets 404 on POST, GET and DELETE; the owner keeps the session", async () => {
    const running = await serve({ bearerToken: (token) => token === "alice-token" || token === "bob-token" });
    const alice = await openSession(running.url, { authorization: "Bearer alice-token" });
    await expectForeign(running.url, as(alice, { authorization: "Bearer bob-token" }));
    expect(running.sessionCount()).toBe(1);
    await expectServed(running.url, alice, 10);
    expect((await exchange(running.url, { method: "DELETE", headers: alice })).status).toBe(200);
    expect(running.sessionCount()).toBe(0);
  });

  test("a function returning a user name binds to the user, not the token: a refreshed token keeps the session", async () => {
    const users: Record<string, string> = { "alice-1": "alice", "alice-2": "alice", "bob-1": "bob" };
    const running = await serve({ bearerToken: (token) => users[token] ?? false });
    const alice = await openSession(running.url, { authorization: "Bearer alice-1" });
    await expectServed(running.url, as(alice, { authorization: "Bearer alice-2" }), 11);
    await expectForeign(running.url, as(alice, { authorization: "Bearer bob-1" }));
    expect(running.sessionCount()).toBe(1);
  });

  test("authenticate returning a user name (any scheme): another user's key gets 404", async () => {
    const keys: Record<string, string> = { k1: "alice", k2: "bob" };
    const running = await serve({ authenticate: (request) => keys[String(request.headers["x-api-key"])] ?? false });
    const alice = await openSession(running.url, { "x-api-key": "k1" });
    await expectForeign(running.url, as(alice, { "x-api-key": "k2" }));
    await expectServed(running.url, alice, 12);
  });

  test("authenticate returning true binds the session to the Authorization header it was opened with", async () => {
    const running = await serve({ authenticate: (request) => /^Basic (YWxpY2U6cHc=|Ym9iOnB3)$/.test(request.headers.authorization ?? "") });
    const alice = await openSession(running.url, { authorization: "Basic YWxpY2U6cHc=" });
    await expectForeign(running.url, as(alice, { authorization: "Basic Ym9iOnB3" }));
    await expectServed(running.url, alice, 13);
  });

  test("with both, the pair must match: the same token with another authenticate user is a stranger", async () => {
    const running = await serve({ bearerToken: "shared-token", authenticate: (request) => String(request.headers["x-user"]) });
    const alice = await openSession(running.url, { authorization: "Bearer shared-token", "x-user": "alice" });
    await expectForeign(running.url, { ...alice, "x-user": "bob" });
    await expectServed(running.url, alice, 14);
  });

  test("an empty user name is a refusal, not an identity", async () => {
    const running = await serve({ bearerToken: () => "" });
    expect((await exchange(running.url, { headers: { authorization: "Bearer any" }, body: rpc(1, "ping") })).status).toBe(401);
  });

  test("the SDK client of another user cannot take over a session id it learnt", async () => {
    const running = await serve({ bearerToken: (token) => token === "alice-token" || token === "bob-token" });
    const { client } = newClient();
    const owner = new StreamableHTTPClientTransport(running.url, { requestInit: { headers: { authorization: "Bearer alice-token" } } });
    await client.connect(owner);
    const stolen = new StreamableHTTPClientTransport(running.url, {
      sessionId: owner.sessionId!,
      requestInit: { headers: { authorization: "Bearer bob-token" } },
    });
    await expect(stolen.terminateSession()).rejects.toMatchObject({ status: 404 });
    expect(running.sessionCount()).toBe(1);
    expect(readAnswer(await client.callTool({ name: "tasks", arguments: { action: "list" } }))).toMatchObject({ isError: false });
    await client.close();
  });
});
