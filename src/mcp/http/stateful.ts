/**
 * The stateful mode of the HTTP core: `initialize` opens a session with its
 * own SDK server and transport, named by the `mcp-session-id` header, which
 * answers only to the identity that opened it; at most `maxSessions` are
 * open and one idle for `sessionIdleTimeoutMs` is closed (`sessions.ts`).
 *
 * With a `sessionStore`, each session's record (owner and `initialize`) is
 * kept there too, and a session id this instance does not hold — after a
 * restart, or opened on another instance — is looked up in it and the
 * session revived (`session-revival.ts`) before the request is served.
 * `DELETE` removes the record; `close()` and idle timeouts do not.
 */
import { WebStandardStreamableHTTPServerTransport, isInitializeRequest } from "@modelcontextprotocol/server";
import type { WebStandardStreamableHTTPServerTransportOptions, Server } from "@modelcontextprotocol/server";
import type { Router } from "../../serving/router.js";
import { sessionEventStore } from "./session-event-store.js";
import type { HttpOptions } from "./options.js";
import { rpcErrorResponse, whenBodyEnds } from "./response.js";
import { sessionLimits, sessionTable } from "./sessions.js";
import { createMcpServer, type McpServerOptions } from "../server.js";
import { checkSessionRecord, replayInitialize, sessionRecordOf } from "./session-revival.js";
import { sessionRecords, type RecordKeeping } from "./session-records.js";
import { checkSessionStore } from "./session-store-check.js";
import { clientWeightProblem } from "./session-weight.js";
import { boundedSessionStore, storeTimeoutOf } from "./store-calls.js";
import { logFailure } from "./internal-error.js";

/** The options stateful mode reads. */
export type StatefulOptions = Pick<
  HttpOptions<unknown>,
  "stateless" | "sessionStore" | "eventStore" | "sessionIdGenerator" | "maxSessions" | "sessionIdleTimeoutMs" | "storeTimeoutMs"
>;

/** How every session's server and transport are made. */
export interface SessionMaking {
  readonly serverOptions: McpServerOptions;
  readonly transportOptions: Omit<WebStandardStreamableHTTPServerTransportOptions, "sessionIdGenerator">;
}

/** The sessions of one handler. */
export interface StatefulMode {
  /** Serves a request that passed the guards; `body` is the parsed POST body. */
  handle(request: Request, body: unknown, identity: string | undefined): Promise<Response>;
  size(): number;
  /** Closes every session here (their records stay in the store); a new or revived session is then 503. */
  close(): Promise<void>;
}

interface Session extends RecordKeeping {
  readonly server: Server;
  readonly transport: WebStandardStreamableHTTPServerTransport;
}

/**
 * The stateful mode of a handler; throws `RangeError` for an invalid option.
 *
 * @example
 * ```ts
 * const mode = statefulMode(router, options, { serverOptions, transportOptions });
 * return mode.handle(request, body, admission.identity);
 * ```
 */
export function statefulMode(router: Router, options: StatefulOptions, making: SessionMaking): StatefulMode {
  const limits = sessionLimits(options);
  // Closing the server closes the transport, whose onclose forgets the session.
  const sessions = sessionTable<Session>({ ...limits, onIdle: (session) => void session.server.close().catch(() => {}) });
  const timeoutMs = storeTimeoutOf(options);
  const checked = checkSessionStore(options);
  // Every store call bounded in time, its failure a StoreFailure: what the store said reaches the log, never the client.
  const store = checked === undefined ? undefined : boundedSessionStore(checked, timeoutMs);
  const report = (failure: unknown) => void logFailure(router.log, failure);
  const records = sessionRecords(store, limits.idleTimeoutMs === Number.POSITIVE_INFINITY ? undefined : limits.idleTimeoutMs, report);
  const newSessionId = options.sessionIdGenerator ?? (() => crypto.randomUUID());
  /** Revivals in flight, by identity and id: concurrent requests of one session revive it once. */
  const revivals = new Map<string, Promise<Response | undefined>>();
  let closed = false;
  const shuttingDown = () => rpcErrorResponse(503, -32000, "Service Unavailable: the server is shutting down");
  const full = (retryAfterSeconds: number) =>
    rpcErrorResponse(503, -32000, `Service Unavailable: the server holds its maximum of ${limits.maxSessions} sessions; retry later`, {
      "retry-after": String(retryAfterSeconds),
    });

  function build(id: string, withholding?: () => boolean): Session {
    const transport = new WebStandardStreamableHTTPServerTransport({
      ...making.transportOptions,
      // The session's view of the event store carries its id: the same after a revival, so its streams resume.
      ...(options.eventStore === undefined
        ? {}
        : { eventStore: sessionEventStore(options.eventStore, id, { timeoutMs, report }, withholding) }),
      sessionIdGenerator: () => id,
      // DELETE ends the session everywhere; a shutdown or an idle timeout ends only this instance's copy.
      onsessionclosed: () => records.deleted(id, session),
    });
    const session: Session = {
      server: createMcpServer(router, making.serverOptions),
      transport,
      record: undefined,
      storedAt: 0,
      refreshing: undefined,
    };
    // Set before connect: the SDK chains its own close handling after this one. Only this session is forgotten.
    transport.onclose = () => sessions.remove(id, session);
    return session;
  }

  async function open(
    request: Request,
    messages: readonly unknown[],
    parsedBody: unknown,
    identity: string | undefined,
  ): Promise<Response> {
    // After close() no session may open: it would outlive the handler, timer and all.
    if (closed) return shuttingDown();
    // What the client said of itself is kept as long as the session: bounded before anything is made.
    const record = sessionRecordOf(messages, identity);
    const tooHeavy = clientWeightProblem(record.client);
    if (tooHeavy !== undefined) return rpcErrorResponse(400, -32602, `Invalid params: ${tooHeavy}`);
    const claim = sessions.claim();
    if ("retryAfterSeconds" in claim) return full(claim.retryAfterSeconds);
    try {
      const id = newSessionId();
      const session = build(id);
      await session.server.connect(session.transport);
      let response: Response;
      try {
        response = await session.transport.handleRequest(request, { parsedBody });
      } catch (error) {
        await session.server.close();
        throw error;
      }
      // An initialize the transport refused (bad headers, say) opened no session: release it.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may have run during the awaits above
      if (session.transport.sessionId === undefined || closed) {
        await session.server.close();
        return response;
      }
      // Registered before the client can read the id: its next request finds the session.
      const done = claim.open(id, session, identity);
      try {
        await records.opened(id, session, record);
      } catch (error) {
        done();
        await response.body?.cancel().catch(() => {});
        await session.server.close();
        throw error;
      }
      return whenBodyEnds(response, done);
    } finally {
      claim.release();
    }
  }

  /** Brings the stored session `id` back, if `identity` opened it; a response when it cannot be served now. */
  async function restore(id: string, identity: string | undefined): Promise<Response | undefined> {
    const stored = await records.stored(id);
    // A store written in JavaScript may answer null for a missing record.
    if (stored === undefined || stored === null) return undefined;
    const checked = checkSessionRecord(stored);
    if ("problem" in checked) throw new Error(`the session store's record of this session is not a session record: ${checked.problem}`);
    // Someone else's session is as unknown as a missing one.
    if (checked.record.owner !== (identity ?? null)) return undefined;
    if (closed) return shuttingDown();
    const claim = sessions.claim();
    if ("retryAfterSeconds" in claim) return full(claim.retryAfterSeconds);
    try {
      let replaying = true;
      const session = build(id, () => replaying);
      try {
        await session.server.connect(session.transport);
        await replayInitialize(session.transport, checked.record);
      } catch (error) {
        await session.server.close();
        throw error;
      } finally {
        replaying = false;
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may have run during the awaits above
      if (closed) {
        await session.server.close();
        return shuttingDown();
      }
      records.revived(session, checked.record);
      // Opened, and idle until the request that revived it uses it.
      claim.open(id, session, identity)();
      return undefined;
    } finally {
      claim.release();
    }
  }

  function revive(id: string, identity: string | undefined): Promise<Response | undefined> {
    const key = `${identity ?? ""}\n${id}`;
    let pending = revivals.get(key);
    if (pending === undefined) {
      pending = restore(id, identity).finally(() => revivals.delete(key));
      revivals.set(key, pending);
    }
    return pending;
  }

  return {
    async handle(request, parsedBody, identity) {
      const sessionId = request.headers.get("mcp-session-id");
      if (sessionId !== null) {
        let use = sessions.use(sessionId, identity);
        const held = use !== undefined;
        if (use === undefined && store !== undefined) {
          const refused = await revive(sessionId, identity);
          if (refused !== undefined) return refused;
          use = sessions.use(sessionId, identity);
        }
        // Unknown, expired and someone else's sessions get the same 404: nothing tells a stranger the session exists.
        if (use === undefined) return rpcErrorResponse(404, -32001, "Session not found");
        // A session held here may have been deleted on another instance (a revival has just read its tombstone).
        if (held && (await records.deletedElsewhere(sessionId))) {
          use.done();
          void use.value.server.close().catch(() => {});
          return rpcErrorResponse(404, -32001, "Session not found");
        }
        if (request.method !== "DELETE") records.used(sessionId, use.value);
        let response: Response;
        try {
          response = await use.value.transport.handleRequest(request, { parsedBody });
        } catch (error) {
          use.done();
          throw error;
        }
        return whenBodyEnds(response, () => use.done());
      }
      if (request.method !== "POST") return rpcErrorResponse(400, -32000, "Bad Request: no valid session id");
      const messages = Array.isArray(parsedBody) ? parsedBody : [parsedBody];
      if (!messages.some((message) => isInitializeRequest(message)))
        return rpcErrorResponse(400, -32000, "Bad Request: no valid session id");
      return open(request, messages, parsedBody, identity);
    },
    size: () => sessions.size(),
    async close() {
      closed = true;
      const live = sessions.clear();
      await Promise.allSettled(live.map((session) => session.server.close()));
    },
  };
}
