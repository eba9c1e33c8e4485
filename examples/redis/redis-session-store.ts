/**
 * A Redis-backed session store, so a stateful server's sessions survive a
 * restart and may move between instances: wymcp's `SessionStore`, one
 * Redis string per session (`SET … PX`), expiring with the handler's
 * `sessionIdleTimeoutMs` after the session's last use. A record is small
 * JSON — the owner's identity digest (never a token) and the client's
 * `initialize` — so the live session stays in the instance serving it.
 *
 * ```ts
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * serveHttp(router, { sessionStore: new RedisSessionStore(redis), eventStore: new RedisEventStore(redis) });
 * ```
 */
import type { SessionRecord, SessionStore } from "wymcp/mcp";
import type { RedisConnection } from "./redis-connection.js";

export interface RedisSessionStoreOptions {
  /** Prefix of every key; `"mcp:session:"` by default. */
  readonly prefix?: string;
}

export class RedisSessionStore implements SessionStore {
  readonly #redis: RedisConnection;
  readonly #prefix: string;

  constructor(redis: RedisConnection, options: RedisSessionStoreOptions = {}) {
    this.#redis = redis;
    this.#prefix = options.prefix ?? "mcp:session:";
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const text = await this.#redis.sendCommand(["GET", this.#prefix + id]);
    // wymcp checks the record's shape before it revives anything from it.
    return typeof text === "string" ? (JSON.parse(text) as SessionRecord) : undefined;
  }

  async set(id: string, record: SessionRecord, ttlMs?: number): Promise<void> {
    const command = ["SET", this.#prefix + id, JSON.stringify(record)];
    await this.#redis.sendCommand(ttlMs === undefined ? command : [...command, "PX", String(ttlMs)]);
  }

  async delete(id: string): Promise<void> {
    await this.#redis.sendCommand(["DEL", this.#prefix + id]);
  }
}
