/**
 * The one options type of both HTTP hosts — `createHttpHandler` (Node) and
 * `createFetchHandler` (Web-standard) — so an option added here reaches
 * both. Only the request type the hooks are handed differs.
 */
import type { EventStore } from "@modelcontextprotocol/server";
import type { HttpGuardOptions } from "./guards.js";
import type { SessionOptions } from "./sessions.js";
import type { McpServerOptions } from "../server.js";
import type { SessionStore } from "./session-store.js";

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
  /**
   * Where session records are kept so a session outlives the process that
   * opened it (stateful mode; refused with `stateless`). A request naming a
   * session this instance does not hold — after a restart, or opened on
   * another instance — is looked up here, and the session is revived with a
   * fresh SDK server that has seen the client's own `initialize`; it still
   * answers only to the identity that opened it, counts against
   * `maxSessions`, and its record expires `sessionIdleTimeoutMs` after its
   * last use. `DELETE` removes the record. Without a store (the default) a
   * session lives in this process's memory only and a restart ends it.
   * Keep it outside the process — see examples/redis/redis-session-store.ts
   * — and pair it with an `eventStore` there for streams to resume too.
   *
   * @example
   * ```ts
   * sessionStore: new RedisSessionStore(redis), eventStore: new RedisEventStore(redis)
   * ```
   */
  readonly sessionStore?: SessionStore;
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
   * eventStore: new RedisEventStore(redis)
   * ```
   */
  readonly eventStore?: EventStore;
  /** The `retry` field (milliseconds) of the priming event: how long a client waits before reconnecting. Needs `eventStore`. */
  readonly retryInterval?: number;
  /**
   * Milliseconds a call into `sessionStore` or `eventStore` may take; 5,000
   * by default, `Infinity` for no bound. A store call that fails or runs
   * over is logged (the router's `log`, with an error id) and never waits
   * the request out: a request that needs the session store is answered 503
   * with the error id, a message whose event cannot be stored is sent
   * without being kept (it cannot be resumed), and a resumption the store
   * cannot answer is 500.
   *
   * @example
   * ```ts
   * storeTimeoutMs: 2_000
   * ```
   */
  readonly storeTimeoutMs?: number;
}
