/**
 * A Redis-backed event store for resumable Streamable HTTP streams: the
 * SDK's `EventStore`, one Redis stream per SSE stream (XADD / XRANGE),
 * trimmed to its last `maxEventsPerStream` events. Every POST opens a
 * stream of its own, so how long one is kept depends on what it is: a
 * POST's stream carries one request's messages and is worth resuming only
 * for a few minutes after its last event (`requestStreamTtlSeconds`, 5
 * minutes); a session's standalone GET stream carries its notifications
 * for as long as the session lives (`ttlSeconds`, 30 minutes after its
 * last event — the session idle timeout's default). An hour for every POST
 * kept thousands of finished streams per busy session. Events live outside
 * the process, so the server's memory holds none of them and they survive
 * the store's own reconnects and restarts of the server process.
 *
 * It speaks raw commands through `sendCommand`, so any client works:
 * node-redis (`createClient()`) as it is, ioredis through
 * `{ sendCommand: (args) => redis.call(args[0], ...args.slice(1)) }`.
 *
 * ```ts
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * serveHttp(router, { eventStore: new RedisEventStore(redis, { requestStreamTtlSeconds: 120 }) });
 * ```
 */
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";
import type { RedisConnection } from "./redis-connection.js";

export type { RedisConnection } from "./redis-connection.js";

export interface RedisEventStoreOptions {
  /** Prefix of every key; `"mcp:events:"` by default. */
  readonly prefix?: string;
  /** Seconds a session's standalone (GET) stream is kept after its last event; 30 minutes by default. */
  readonly ttlSeconds?: number;
  /** Seconds a POST's stream — one request's messages — is kept after its last event; 5 minutes by default. */
  readonly requestStreamTtlSeconds?: number;
  /** Events kept per stream (approximately: Redis trims in whole nodes); 1,000 by default. */
  readonly maxEventsPerStream?: number;
}

/** An event id is `<stream id>@<Redis entry id>`: entry ids (`ms-seq`) never hold "@". */
const SEPARATOR = "@";
/** The SDK's name for a session's standalone GET stream (wymcp prefixes it with the session id and "/"). */
const STANDALONE_STREAM = "_GET_stream";

export class RedisEventStore implements EventStore {
  readonly #redis: RedisConnection;
  readonly #prefix: string;
  readonly #ttl: string;
  readonly #requestTtl: string;
  readonly #max: string;

  constructor(redis: RedisConnection, options: RedisEventStoreOptions = {}) {
    this.#redis = redis;
    this.#prefix = options.prefix ?? "mcp:events:";
    this.#ttl = String(options.ttlSeconds ?? 1800);
    this.#requestTtl = String(options.requestStreamTtlSeconds ?? 300);
    this.#max = String(options.maxEventsPerStream ?? 1000);
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const key = this.#prefix + streamId;
    const entry = (await this.#redis.sendCommand([
      "XADD",
      key,
      "MAXLEN",
      "~",
      this.#max,
      "*",
      "message",
      JSON.stringify(message),
    ])) as string;
    const standalone = streamId === STANDALONE_STREAM || streamId.endsWith(`/${STANDALONE_STREAM}`);
    await this.#redis.sendCommand(["EXPIRE", key, standalone ? this.#ttl : this.#requestTtl]);
    return `${streamId}${SEPARATOR}${entry}`;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return parse(eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const parsed = parse(lastEventId);
    if (parsed === undefined) throw new Error(`not an event id of this store: ${JSON.stringify(lastEventId)}`);
    const entries = (await this.#redis.sendCommand(["XRANGE", this.#prefix + parsed.streamId, `(${parsed.entry}`, "+"])) as [
      string,
      string[],
    ][];
    for (const [entry, fields] of entries) {
      const message = JSON.parse(fields[fields.indexOf("message") + 1]!) as JSONRPCMessage;
      // The SDK stores an empty priming event at the start of each stream: nothing to replay.
      if (!("jsonrpc" in message)) continue;
      await send(`${parsed.streamId}${SEPARATOR}${entry}`, message);
    }
    return parsed.streamId;
  }
}

function parse(eventId: string): { streamId: string; entry: string } | undefined {
  const at = eventId.lastIndexOf(SEPARATOR);
  const entry = eventId.slice(at + 1);
  if (at <= 0 || !/^\d+-\d+$/.test(entry)) return undefined;
  return { streamId: eventId.slice(0, at), entry };
}
