/**
 * The session table on its own (no HTTP, fake timers): who may use a
 * session, the cap with slots claimed by initializes still in flight, the
 * idle clock (stopped while a request or stream is open), `Retry-After`, and
 * that closing clears every timer.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { sessionTable } from "../src/mcp/http/sessions.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function table(maxSessions = 3, idleTimeoutMs = 1000) {
  const expired: string[] = [];
  const sessions = sessionTable<string>({ maxSessions, idleTimeoutMs, onIdle: (value) => expired.push(value) });
  /** Opens a session and ends its opening request at once. */
  const open = (id: string, owner?: string) => {
    const claim = sessions.claim();
    if ("retryAfterSeconds" in claim) throw new Error("full");
    claim.open(id, `value ${id}`, owner)();
  };
  return { sessions, expired, open };
}

describe("sessionTable", () => {
  test("a session answers to its owner only; a stranger's attempt is not activity", () => {
    const { sessions, expired, open } = table();
    open("s1", "alice");
    open("s2", undefined);
    const owner = sessions.use("s1", "alice")!;
    expect(owner.value).toBe("value s1");
    owner.done();
    expect(sessions.use("s1", "bob")).toBeUndefined();
    expect(sessions.use("s1", undefined)).toBeUndefined();
    expect(sessions.use("s2", "alice")).toBeUndefined();
    expect(sessions.use("nope", "alice")).toBeUndefined();
    sessions.use("s1", "alice")!.done();
    vi.advanceTimersByTime(900);
    expect(sessions.use("s1", "bob")).toBeUndefined();
    vi.advanceTimersByTime(100);
    expect(expired).toContain("value s1");
  });

  test("idle for exactly idleTimeoutMs expires; an open request stops the clock; done restarts it and is idempotent", () => {
    const { sessions, expired, open } = table();
    open("s1");
    vi.advanceTimersByTime(999);
    const use = sessions.use("s1", undefined)!;
    vi.advanceTimersByTime(60_000);
    expect(expired).toEqual([]);
    use.done();
    use.done();
    const other = sessions.use("s1", undefined)!;
    other.done();
    vi.advanceTimersByTime(999);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(["value s1"]);
    expect(sessions.size()).toBe(0);
    expect(sessions.use("s1", undefined)).toBeUndefined();
  });

  test("two requests open at once: the session is idle only after both end", () => {
    const { sessions, expired, open } = table();
    open("s1");
    const a = sessions.use("s1", undefined)!;
    const b = sessions.use("s1", undefined)!;
    a.done();
    vi.advanceTimersByTime(5000);
    expect(expired).toEqual([]);
    b.done();
    vi.advanceTimersByTime(1000);
    expect(expired).toEqual(["value s1"]);
  });

  test("claims in flight count against the cap; a released claim frees its slot", () => {
    const { sessions, open } = table(2);
    open("s1");
    const pending = sessions.claim();
    expect("open" in pending).toBe(true);
    expect(sessions.claim()).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    if ("release" in pending) pending.release();
    expect("open" in sessions.claim()).toBe(true);
  });

  test("Retry-After is when the first idle session expires, or the idle timeout when none is idle", () => {
    const { sessions, open } = table(2, 30_000);
    open("s1");
    vi.advanceTimersByTime(12_500);
    open("s2");
    expect(sessions.claim()).toEqual({ retryAfterSeconds: 18 });
    const busy = [sessions.use("s1", undefined)!, sessions.use("s2", undefined)!];
    expect(sessions.claim()).toEqual({ retryAfterSeconds: 30 });
    for (const use of busy) use.done();
  });

  test("removing a session clears its timer; clear() hands back every value and leaves no timer", () => {
    const { sessions, expired, open } = table();
    open("s1");
    open("s2");
    open("s3");
    expect(vi.getTimerCount()).toBe(3);
    sessions.remove("s1");
    expect(vi.getTimerCount()).toBe(2);
    expect(sessions.clear().sort()).toEqual(["value s2", "value s3"]);
    expect(vi.getTimerCount()).toBe(0);
    expect(sessions.size()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(expired).toEqual([]);
  });

  test("with an infinite idle timeout no timer is ever armed", () => {
    const { sessions, open } = table(3, Number.POSITIVE_INFINITY);
    open("s1");
    expect(vi.getTimerCount()).toBe(0);
    expect(sessions.size()).toBe(1);
  });
});
