/**
 * The one options type of both HTTP hosts — `createHttpHandler` (Node) and
 * `createFetchHandler` (Web-standard) — so an option added here reaches
 * both. Only the request type the hooks are handed differs.
 */
import type { EventStore } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { HttpGuardOptions } from "./http-guards.js";
import type { SessionOptions } from "./http-sessions.js";
import type { McpServerOptions } from "./server.js";

/**
 * What an HTTP handler takes: server options, the mode, the guards
 * (DNS-rebinding protection, a 1 MiB body limit, and optional bearer-token or
 * custom authentication) and the session limits. `R` is the request the
 * authentication hooks are handed.
 *
 * @example
 * ```ts
 * const options: HttpOptions<Request> = { stateless: true, bearerToken: env.MCP_TOKEN };
 * ```
 */
export interface HttpOptions<R> extends McpServerOptions, HttpGuardOptions<R>, SessionOptions {
  /**
   * No sessions: every POST gets a fresh server and transport and no session
   * id, so any instance behind a load balancer can answer any request.
   * Nothing outlives a request: no standalone SSE stream, so no
   * `list_changed` notifications (a client sees tool changes on its next
   * `tools/list`), and GET and DELETE are answered 405.
   */
  readonly stateless?: boolean;
  /** Session ids for stateful mode; `crypto.randomUUID` by default. */
  readonly sessionIdGenerator?: () => string;
  /** Answer with plain JSON instead of an SSE stream. */
  readonly enableJsonResponse?: boolean;
  /**
   * Where the events of SSE streams are kept so a client that lost its
   * stream resumes it with `Last-Event-ID` (the SDK's `EventStore`;
   * stateful mode; refused with `stateless`, where no stream outlives its
   * request). Every stream then opens with a priming event. Keep it outside
   * the process (Redis, a database) for streams to outlive it — see
   * examples/redis/redis-event-store.ts; `createInMemoryEventStore()`
   * keeps them in this process.
   *
   * @example
   * ```ts
   * eventStore: new RedisEventStore(redis, { ttlSeconds: 3600 })
   * ```
   */
  readonly eventStore?: EventStore;
  /** The `retry` field (milliseconds) of the priming event: how long a client waits before reconnecting. Needs `eventStore`. */
  readonly retryInterval?: number;
}
