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
import { utf8Length } from "../../util/utf8-length.js";

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

/** What `createInMemorySessionStore` takes. */
export interface InMemorySessionStoreOptions {
  /**
   * Bytes of records kept — each record's JSON as UTF-8, with its id; the
   * records written longest ago go first (a session whose record went can no
   * longer be revived, though a live one goes on where it is served). 16 MiB
   * by default: some 40,000 sessions of a typical client.
   *
   * @example
   * ```ts
   * createInMemorySessionStore({ maxBytes: 64 * 1024 * 1024 })
   * ```
   */
  readonly maxBytes?: number;
}

/** The default byte bound of `createInMemorySessionStore`: 16 MiB. */
export const DEFAULT_MAX_STORED_SESSION_BYTES = 16 * 1024 * 1024;

/**
 * A `SessionStore` in this process's memory, each record expiring `ttlMs`
 * after it was set, and at most `maxBytes` of records kept. Handlers
 * sharing it revive each other's sessions: a handler re-created in the same
 * process (a hot reload), or several in one process. To survive the
 * process, use a store outside it — see examples/redis/redis-session-store.ts.
 * `RangeError` for a bound that is not a whole number ≥ 1.
 *
 * @example
 * ```ts
 * const sessionStore = createInMemorySessionStore();
 * createHttpHandler(router, { sessionStore });
 * ```
 */
export function createInMemorySessionStore(options: InMemorySessionStoreOptions = {}): SessionStore {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_STORED_SESSION_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
    throw new RangeError(`maxBytes must be a whole number of bytes ≥ 1, not ${String(maxBytes)}`);
  // Insertion order is the order of writes (a write moves its record last): the first entry is the one written longest ago.
  const records = new Map<string, { readonly text: string; readonly expiresAt: number; readonly bytes: number }>();
  let bytes = 0;
  const forget = (id: string) => {
    const entry = records.get(id);
    if (entry === undefined) return;
    records.delete(id);
    bytes -= entry.bytes;
  };
  const live = (id: string) => {
    const entry = records.get(id);
    if (entry !== undefined && entry.expiresAt <= Date.now()) forget(id);
    return records.get(id);
  };
  return {
    async get(id) {
      const entry = live(id);
      // Parsed anew each time, as from any store outside the process: no caller shares a record object.
      return entry === undefined ? undefined : (JSON.parse(entry.text) as SessionRecord);
    },
    async set(id, record, ttlMs) {
      // Forget the expired ones here, so the map holds no more than the sessions alive: written longest ago, they come
      // first (a record set with a longer time to live than the ones after it is forgotten when it is next read).
      for (const [key, entry] of records) {
        if (entry.expiresAt > Date.now()) break;
        forget(key);
      }
      forget(id);
      const text = JSON.stringify(record);
      const entry = {
        text,
        expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + ttlMs,
        bytes: utf8Length(text) + utf8Length(id),
      };
      records.set(id, entry);
      bytes += entry.bytes;
      for (const oldest of records.keys()) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
    },
    async delete(id) {
      forget(id);
    },
  };
}
