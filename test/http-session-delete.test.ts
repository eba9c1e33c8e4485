/**
 * A session deleted on one instance stays deleted on every instance sharing
 * its session store. Before, another instance's live copy went on serving
 * it, and rewrote its record as it was used — which undid the DELETE
 * everywhere. Now DELETE leaves a tombstone in the store, which every
 * instance reads before serving a session it holds and before reviving one.
 * Two real servers on 127.0.0.1, one store.
 */
import { describe, expect, test } from "vitest";
import { createInMemorySessionStore, type SessionStore } from "../src/mcp/index.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { capturedLog } from "./support/captured-log.js";
import { exchange, openSession, rpc } from "./support/http-exchange.js";
import { servers } from "./support/served.js";

const serve = servers();
const list = (id: number) => rpc(id, "tools/call", { name: "tasks", arguments: { action: "list" } });
/** A tenth of it is how often a used session's record is rewritten: short, so a rewrite would happen within the test. */
const IDLE_MS = 1000;

describe("DELETE across instances sharing a session store", () => {
  test("the other instance's live copy answers 404 from then on and never writes the record back; no instance revives it", async () => {
    const sessionStore = createInMemorySessionStore();
    const a = await serve({ sessionStore, sessionIdleTimeoutMs: IDLE_MS });
    const b = await serve({ sessionStore, sessionIdleTimeoutMs: IDLE_MS });
    const session = await openSession(a.url);
    const id = session["mcp-session-id"]!;
    expect((await exchange(b.url, { headers: session, body: list(2) })).status).toBe(200);
    expect(b.sessionCount()).toBe(1);

    expect((await exchange(a.url, { method: "DELETE", headers: session })).status).toBe(200);
    // Past a tenth of the idle timeout: a use on B would rewrite the record now.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 5));
    const onB = await exchange(b.url, { headers: session, body: list(3) });
    expect(onB.status).toBe(404);
    expect(JSON.parse(onB.body)).toMatchObject({ error: { code: -32001, message: "Session not found" } });
    expect(await sessionStore.get(id)).toBeUndefined();
    expect((await exchange(a.url, { headers: session, body: list(4) })).status).toBe(404);
    const c = await serve({ sessionStore, sessionIdleTimeoutMs: IDLE_MS });
    expect((await exchange(c.url, { headers: session, body: list(5) })).status).toBe(404);
    expect(c.sessionCount()).toBe(0);
    await until(() => b.sessionCount() === 0, "B closing its copy");
  });

  test("a DELETE sent to the other instance ends it there too", async () => {
    const sessionStore = createInMemorySessionStore();
    const a = await serve({ sessionStore });
    const b = await serve({ sessionStore });
    const session = await openSession(a.url);
    expect((await exchange(b.url, { method: "DELETE", headers: session })).status).toBe(200);
    expect((await exchange(a.url, { headers: session, body: list(2) })).status).toBe(404);
  });

  test("the tombstone cannot be revived as a session, whoever asks", async () => {
    const sessionStore = createInMemorySessionStore();
    const a = await serve({ sessionStore });
    const session = await openSession(a.url);
    expect((await exchange(a.url, { method: "DELETE", headers: session })).status).toBe(200);
    const b = await serve({ sessionStore });
    for (const key of [`deleted:${session["mcp-session-id"]!}`, session["mcp-session-id"]!]) {
      const answer = await exchange(b.url, { headers: { ...session, "mcp-session-id": key }, body: list(2) });
      expect(answer.status, key).toBe(404);
    }
    expect(b.sessionCount()).toBe(0);
  });

  test("a store that fails the check does not end a live session: it is served, and the failure logged", async () => {
    const store = createInMemorySessionStore();
    let failing = false;
    const flaky: SessionStore = { ...store, get: (key) => (failing ? Promise.reject(new Error("connection reset")) : store.get(key)) };
    const log = capturedLog();
    const a = await serve({ sessionStore: flaky }, fixtureRouter(log));
    const session = await openSession(a.url);
    failing = true;
    expect((await exchange(a.url, { headers: session, body: list(2) })).status).toBe(200);
    expect(log.entries).toEqual([expect.objectContaining({ message: expect.stringContaining("sessionStore.get failed") })]);
  });
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
