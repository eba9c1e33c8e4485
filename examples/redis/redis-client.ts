/**
 * A node-redis client for a server that must outlive Redis: when Redis
 * drops, the client reconnects with backoff (100 ms, doubling, at most 5 s,
 * for ever) and the server keeps running. While Redis is away, commands
 * fail at once instead of queueing until it returns, so wymcp answers what
 * needs the session store with a clear 503 (and an error id in its log)
 * right away; sessions this process already serves go on, their events sent
 * live but not kept. Without an `error` listener, node-redis's first
 * "Socket closed unexpectedly" is thrown and the process exits.
 *
 * ```ts
 * const redis = await connectRedis(process.env.REDIS_URL, (line) => console.error(line));
 * ```
 */
import { createClient } from "redis";

/** How long to wait before the `retries`-th reconnection: 100 ms, doubling, at most 5 s. */
export function reconnectDelay(retries: number): number {
  return Math.min(100 * 2 ** retries, 5000);
}

/** A connected client; `report` hears when Redis goes away and when it is back (once each, not at every retry). */
export async function connectRedis(url: string, report: (line: string) => void) {
  const redis = createClient({ url, socket: { reconnectStrategy: reconnectDelay }, disableOfflineQueue: true });
  let down = false;
  redis.on("error", (error: unknown) => {
    if (down) return;
    down = true;
    report(`Redis is unreachable (${error instanceof Error ? error.message : String(error)}); reconnecting`);
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    report("Redis is back");
  });
  await redis.connect();
  return redis;
}
