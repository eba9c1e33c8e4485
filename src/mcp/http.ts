/**
 * Serving a router over Streamable HTTP, in two modes:
 *
 * - **stateful** (default): `initialize` opens a session with its own SDK
 *   server and transport, named by the `mcp-session-id` header; a session
 *   hears `list_changed` on its standalone SSE stream. A session answers
 *   only to the identity that opened it, at most `maxSessions` are open, and
 *   one idle for `sessionIdleTimeoutMs` is closed (`http-sessions.ts`).
 * - **stateless**: every POST gets a fresh server and transport and no
 *   session id, so any instance behind a load balancer can answer any
 *   request. Nothing outlives a request, so there are no notifications; a
 *   client sees tool changes on its next `tools/list`.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport, type EventStore } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Router } from "../serving/router.js";
import { checkMessage, httpGuards, type HttpGuardOptions } from "./http-guards.js";
import { refusalBody, type Refusal } from "./http-refusal.js";
import { sessionLimits, sessionTable, type SessionOptions } from "./http-sessions.js";
import { createMcpServer, type McpServerOptions } from "./server.js";

/**
 * What `createHttpHandler` takes: server options, the mode, the guards
 * (DNS-rebinding protection, a 1 MiB body limit, and optional bearer-token or
 * custom authentication) and the session limits.
 */
export interface HttpHandlerOptions extends McpServerOptions, HttpGuardOptions, SessionOptions {
  /** No sessions: a fresh server per request (see the module comment). */
  readonly stateless?: boolean;
  /** Session ids for stateful mode; `crypto.randomUUID` by default. */
  readonly sessionIdGenerator?: () => string;
  /** Answer with plain JSON instead of an SSE stream. */
  readonly enableJsonResponse?: boolean;
  /**
   * Resumability (stateful mode): every SSE event is stored under an id, a
   * stream opens with a priming event, and a client that lost a stream
   * resumes it with `Last-Event-ID`. `createInMemoryEventStore()` keeps
   * events in this process; behind several instances, implement the SDK's
   * `EventStore` on a shared store. Refused with `stateless` (no stream
   * outlives its request there).
   */
  readonly eventStore?: EventStore;
  /** The `retry` field (milliseconds) of the priming event: how long a client waits before reconnecting. Needs `eventStore`. */
  readonly retryInterval?: number;
}

/** Handles MCP requests on a Node `http` server (or any framework passing Node's req/res). */
export interface HttpHandler {
  /** Answers one HTTP request; `parsedBody` when a body parser already read it. */
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
  /** The open sessions (always 0 when stateless). */
  sessionCount(): number;
  /** Closes every session and clears their idle timers; an `initialize` after it is answered 503. */
  close(): Promise<void>;
}

interface Session {
  readonly server: Server;
  readonly transport: StreamableHTTPServerTransport;
}

/**
 * A request handler serving the router over Streamable HTTP. Every request
 * first passes the guards of `HttpGuardOptions`: `Host`/`Origin` checks
 * (403), authentication (401 with `WWW-Authenticate: Bearer`), and for a POST
 * a body of at most `maxBodyBytes` (413) holding JSON (-32700) that is a
 * JSON-RPC message (-32600). A session id that is unknown, expired or opened
 * by another identity is 404; an `initialize` over `maxSessions` is 503 with
 * `Retry-After`. Throws `RangeError` for an invalid option.
 *
 * On your own `http.Server`, also bound slow clients as `serveHttp` does
 * (`headersTimeout`, `requestTimeout`): Node's default lets a stalled upload
 * hold its buffers for 300 s.
 *
 * @example
 * ```ts
 * const mcp = createHttpHandler(router, { bearerToken: process.env.MCP_TOKEN, maxSessions: 200 });
 * http.createServer({ headersTimeout: 20_000, requestTimeout: 30_000 }, (req, res) => void mcp.handle(req, res)).listen(3000, "127.0.0.1");
 * ```
 */
export function createHttpHandler(router: Router, options: HttpHandlerOptions = {}): HttpHandler {
  const guards = httpGuards(options);
  const limits = sessionLimits(options);
  // Closing the server closes the transport, whose onclose forgets the session.
  const sessions = sessionTable<Session>({ ...limits, onIdle: (session) => void session.server.close().catch(() => {}) });
  let closed = false;
  const transportOptions = { enableJsonResponse: options.enableJsonResponse ?? false, maxRequestBodySize: guards.maxBodyBytes, ...resumability(options) };

  async function stateless(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    // No session to stream to or delete: GET and DELETE have nothing to act on.
    if (req.method !== "POST") return rpcError(res, 405, -32000, "Method not allowed: this server is stateless; send POST", { allow: "POST" });
    // A reply to a server request would reach another server: sampling and elicitation fail at once instead of hanging.
    const server = createMcpServer(router, options, { clientRequests: false });
    const transport = new StreamableHTTPServerTransport({ ...transportOptions, sessionIdGenerator: undefined });
    res.on("close", () => void server.close().catch(() => {}));
    await server.connect(transport);
    await transport.handleRequest(req, res, parsedBody);
  }

  async function stateful(req: IncomingMessage, res: ServerResponse, parsedBody: unknown, identity: string | undefined): Promise<void> {
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      // Unknown, expired and someone else's sessions get the same 404: nothing tells a stranger the session exists.
      const use = sessions.use(sessionId, identity);
      if (use === undefined) return rpcError(res, 404, -32001, "Session not found");
      whenClosed(res, use.done);
      return use.value.transport.handleRequest(req, res, parsedBody);
    }
    if (req.method !== "POST") return rpcError(res, 400, -32000, "Bad Request: no valid session id");
    const messages = Array.isArray(parsedBody) ? parsedBody : [parsedBody];
    if (!messages.some((message) => isInitializeRequest(message))) return rpcError(res, 400, -32000, "Bad Request: no valid session id");
    // After close() no session may open: it would outlive the handler, timer and all.
    if (closed) return rpcError(res, 503, -32000, "Service Unavailable: the server is shutting down");
    const claim = sessions.claim();
    if ("retryAfterSeconds" in claim) {
      return rpcError(res, 503, -32000, `Service Unavailable: the server holds its maximum of ${limits.maxSessions} sessions; retry later`, { "retry-after": String(claim.retryAfterSeconds) });
    }
    let session: Session | undefined;
    try {
      const server = createMcpServer(router, options);
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        ...transportOptions,
        sessionIdGenerator: options.sessionIdGenerator ?? randomUUID,
        onsessioninitialized: (id) => {
          if (closed) return;
          session = { server, transport };
          whenClosed(res, claim.open(id, session, identity));
        },
      });
      // Set before connect: the SDK chains its own close handling after this one. Only this session is
      // forgotten, even if a custom sessionIdGenerator handed its id out twice.
      transport.onclose = () => {
        if (transport.sessionId !== undefined && session !== undefined) sessions.remove(transport.sessionId, session);
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, parsedBody);
      // An initialize the transport refused (bad headers, say) opened no session: release it.
      if (session === undefined) await server.close();
    } finally {
      claim.release();
    }
  }

  return {
    async handle(req, res, parsedBody) {
      try {
        const admission = await guards.admit(req);
        if ("refusal" in admission) return refuse(res, admission.refusal);
        let body = parsedBody;
        if (req.method === "POST") {
          // Read here, once, so the body limit and the JSON-RPC checks hold in every mode.
          const read = body === undefined ? await guards.readBody(req) : checkMessage(body);
          if ("refusal" in read) return refuse(res, read.refusal);
          body = read.body;
        }
        await (options.stateless ? stateless(req, res, body) : stateful(req, res, body, admission.identity));
      } catch (error) {
        if (!res.headersSent) rpcError(res, 500, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
        else res.end();
      }
    },
    sessionCount: sessions.size,
    async close() {
      closed = true;
      const open = sessions.clear();
      await Promise.allSettled(open.map((session) => session.server.close()));
    },
  };
}

/** The transport's resumability options, checked. */
function resumability(options: HttpHandlerOptions): { eventStore?: EventStore; retryInterval?: number } {
  const { eventStore, retryInterval } = options;
  if (eventStore !== undefined && options.stateless === true) throw new RangeError("eventStore needs sessions: a stateless server has no stream to resume; drop stateless or the eventStore");
  if (eventStore !== undefined && (typeof eventStore.storeEvent !== "function" || typeof eventStore.replayEventsAfter !== "function")) {
    throw new RangeError("eventStore must implement the SDK's EventStore (storeEvent, replayEventsAfter), e.g. createInMemoryEventStore()");
  }
  if (retryInterval !== undefined && (!Number.isInteger(retryInterval) || retryInterval < 0)) throw new RangeError(`retryInterval must be a whole number of milliseconds ≥ 0, not ${String(retryInterval)}`);
  if (retryInterval !== undefined && eventStore === undefined) throw new RangeError("retryInterval is sent with the priming event, which needs an eventStore: add one, or drop retryInterval");
  return { ...(eventStore === undefined ? {} : { eventStore }), ...(retryInterval === undefined ? {} : { retryInterval }) };
}

/** Calls `done` once the response has ended or its connection dropped — at once if that already happened. */
function whenClosed(res: ServerResponse, done: () => void): void {
  if (res.closed) done();
  else res.once("close", done);
}

function refuse(res: ServerResponse, refused: Refusal): void {
  res.writeHead(refused.status, { "content-type": "application/json", ...refused.headers });
  res.end(refusalBody(refused));
}

/** A JSON-RPC error response with no id, as the SDK transport writes them. */
export function rpcError(res: ServerResponse, status: number, code: number, message: string, headers: Readonly<Record<string, string>> = {}): void {
  refuse(res, { status, code, message, headers });
}
