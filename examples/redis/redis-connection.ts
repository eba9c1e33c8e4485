/**
 * What the Redis stores of this folder need of a Redis client: one raw
 * command, its reply as Redis sent it. Any client fits — node-redis
 * (`createClient()`) as it is, ioredis through
 * `{ sendCommand: (args) => redis.call(args[0], ...args.slice(1)) }` — and
 * the stores depend on none.
 *
 * ```ts
 * const redis: RedisConnection = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export interface RedisConnection {
  sendCommand(args: string[]): Promise<unknown>;
}
