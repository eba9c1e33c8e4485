/**
 * Where a stateful HTTP handler keeps what it needs to revive a session —
 * in another process after a restart, or on another instance behind a load
 * balancer. The live session (its SDK server and transport) stays in the
 * memory of the instance serving it; the store holds only a small record:
 * who opened the session and the `initialize` the client sent. A request
 * naming a session the instance does not hold is looked up there, and the
 * session is rebuilt from the record before the request is served.
 */
import type { ClientCapabilities, Implementation } from "@modelcontextprotocol/server";

/** What a session store keeps of one session: plain JSON, so any store can hold it. */
export interface SessionRecord {
  /**
   * Who opened the session: the SHA-256 digest (hex) of the authenticated
   * identity — never a token — or `null` when the handler authenticates no
   * one. A revived session answers only to this identity, as before.
   */
  readonly owner: string | null;
  /** The `initialize` parameters the client sent: replayed to the new SDK server, which negotiates the same protocol version. */
  readonly client: {
    readonly protocolVersion: string;
    readonly capabilities: ClientCapabilities;
    readonly clientInfo: Implementation;
  };
}

/**
 * A store of session records (`sessionStore` of `HttpOptions`). Three async
 * methods on any key-value store; ids are the `Mcp-Session-Id` values.
 * `set` is called when a session opens, when it is revived, and as it is
 * used (at most about every tenth of `ttlMs`), so `ttlMs` — the handler's
 * `sessionIdleTimeoutMs`, absent when that is `Infinity` — is how long
 * after its last use the record may be forgotten. `delete` is called on
 * `DELETE`; sessions closed by `close()` or an idle timeout stay stored
 * (a restart closes them all, and the next process revives them).
 *
 * @example
 * ```ts
 * const sessionStore: SessionStore = {
 *   get: async (id) => JSON.parse((await redis.get(`mcp:session:${id}`)) ?? "null") ?? undefined,
 *   set: async (id, record, ttlMs) =>
 *     void (await redis.set(`mcp:session:${id}`, JSON.stringify(record), ttlMs === undefined ? {} : { PX: ttlMs })),
 *   delete: async (id) => void (await redis.del(`mcp:session:${id}`)),
 * };
 * ```
 */
export interface SessionStore {
  get(id: string): Promise<SessionRecord | undefined>;
  set(id: string, record: SessionRecord, ttlMs?: number): Promise<void>;
  delete(id: string): Promise<void>;
}

/**
 * A `SessionStore` in this process's memory, each record expiring `ttlMs`
 * after it was set. Handlers sharing it revive each other's sessions: a
 * handler re-created in the same process (a hot reload), or several in one
 * process. To survive the process, use a store outside it — see
 * examples/redis/redis-session-store.ts.
 *
 * @example
 * ```ts
 * const sessionStore = createInMemorySessionStore();
 * createHttpHandler(router, { sessionStore });
 * ```
 */
export function createInMemorySessionStore(): SessionStore {
  const records = new Map<string, { readonly text: string; readonly expiresAt: number }>();
  const live = (id: string) => {
    const entry = records.get(id);
    if (entry !== undefined && entry.expiresAt <= Date.now()) records.delete(id);
    return records.get(id);
  };
  return {
    async get(id) {
      const entry = live(id);
      // Parsed anew each time, as from any store outside the process: no caller shares a record object.
      return entry === undefined ? undefined : (JSON.parse(entry.text) as SessionRecord);
    },
    async set(id, record, ttlMs) {
      // Forget the expired ones here, so the map holds no more than the sessions alive.
      for (const key of [...records.keys()]) live(key);
      records.set(id, { text: JSON.stringify(record), expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + ttlMs });
    },
    async delete(id) {
      records.delete(id);
    },
  };
}
