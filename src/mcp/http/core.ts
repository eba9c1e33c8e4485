/**
 * Serving a router over Streamable HTTP on Web-standard `Request` and
 * `Response` — the one implementation behind both hosts: `createFetchHandler`
 * hands it the fetch `Request` as is, `createHttpHandler` hands it one made
 * from Node's request and writes the `Response` back (the SDK's own Node
 * transport is the same wrapper around the same Web-standard transport).
 *
 * Two modes:
 * - **stateful** (default): `initialize` opens a session with its own SDK
 *   server and transport, named by the `mcp-session-id` header; a session
 *   hears `list_changed` on its standalone SSE stream, answers only to the
 *   identity that opened it, and with a `sessionStore` survives a restart
 *   (`stateful.ts`).
 * - **stateless**: every POST gets a fresh server and transport and no
 *   session id, so any instance behind a load balancer can answer any
 *   request. Nothing outlives a request, so there are no notifications.
 *
 * No `node:` import here or below: the fetch entry runs on Workers.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import type { Router } from "../../serving/router.js";
import { checkMessage, httpGuards } from "./guards.js";
import type { HttpOptions } from "./options.js";
import { refusalResponse, rpcErrorResponse, whenBodyEnds } from "./response.js";
import { modernLeg } from "./modern.js";
import { statefulMode } from "./stateful.js";
import { createMcpServer } from "../server.js";
import { sealOptions } from "../request-state.js";

/** One request as a host hands it to the core. */
export interface HttpCall<R> {
  /** The request the SDK transport reads: method, URL, headers (its body is read through `body`). */
  readonly request: Request;
  /** What the authentication hooks are handed. */
  readonly hookRequest: R;
  /** The `Host` the request was sent to (DNS-rebinding protection judges it). */
  readonly host: string | undefined;
  /** Whether the connection arrived at a loopback address (DNS-rebinding protection's default). */
  readonly loopback: boolean;
  /** The body's bytes, read only after the request passed the guards. */
  readonly body: () => AsyncIterable<Uint8Array> | null;
  /** A body a framework's parser already read. */
  readonly parsedBody?: unknown;
}

/** The core of an HTTP handler. */
export interface HttpCore<R> {
  handle(call: HttpCall<R>): Promise<Response>;
  /** The open sessions (always 0 when stateless). */
  sessionCount(): number;
  /** Closes every session and clears their idle timers (records in a `sessionStore` stay); an `initialize` after it is answered 503. */
  close(): Promise<void>;
}

/**
 * The guards, sessions and transports of one handler; throws `RangeError`
 * for an invalid option.
 *
 * @example
 * ```ts
 * const core = createHttpCore<Request>(router, { stateless: true });
 * const host = request.headers.get("host") ?? undefined;
 * const response = await core.handle({ request, hookRequest: request, host, loopback: false, body: () => streamChunks(request) });
 * ```
 */
export function createHttpCore<R>(router: Router, options: HttpOptions<R> = {}): HttpCore<R> {
  const guards = httpGuards(options);
  const transportOptions = {
    enableJsonResponse: options.enableJsonResponse ?? false,
    maxRequestBodySize: guards.maxBodyBytes,
    ...retryOf(options),
  };
  // The SDK picks its JSON Schema validator by runtime (its `workerd` export condition gives the cfworker one, which
  // generates no code): nothing to hand it here.
  const serverOptions = options;
  // Checked at start-up, not at the first call that asks the client something.
  sealOptions(options.requestStateKey, options.requestStateTtlSeconds);
  // Made (and its options checked) in either mode: a stateless handler refuses a sessionStore at start-up too.
  const sessions = statefulMode(router, options, { serverOptions, transportOptions });
  const modern = modernLeg(router, serverOptions, guards.maxBodyBytes);

  async function stateless(request: Request, parsedBody: unknown): Promise<Response> {
    // No session to stream to or delete: GET and DELETE have nothing to act on.
    if (request.method !== "POST")
      return rpcErrorResponse(405, -32000, "Method not allowed: this server is stateless; send POST", { allow: "POST" });
    // A reply to a server request would reach another server: sampling and elicitation fail at once instead of hanging.
    const server = createMcpServer(router, serverOptions, { clientRequests: false });
    const transport = new WebStandardStreamableHTTPServerTransport({ ...transportOptions, sessionIdGenerator: undefined });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody });
    return whenBodyEnds(response, () => void server.close().catch(() => {}));
  }

  return {
    async handle(call) {
      try {
        const { request } = call;
        const headers = request.headers;
        const admission = await guards.admit(
          {
            host: call.host,
            origin: headers.get("origin") ?? undefined,
            loopback: call.loopback,
            authorization: headers.get("authorization") ?? undefined,
          },
          call.hookRequest,
        );
        if ("refusal" in admission) return refusalResponse(admission.refusal);
        let body = call.parsedBody;
        if (request.method === "POST") {
          // Read here, once, so the body limit and the JSON-RPC checks hold in every mode.
          const read =
            body === undefined
              ? await guards.readBody(
                  {
                    accept: headers.get("accept") ?? undefined,
                    contentType: headers.get("content-type") ?? undefined,
                    contentLength: headers.get("content-length") ?? undefined,
                  },
                  call.body(),
                )
              : checkMessage(body);
          if ("refusal" in read) return refusalResponse(read.refusal);
          body = read.body;
        }
        // A request with the 2026-07-28 envelope is answered per request, whatever the mode; the rest is 2025-era.
        if (request.method === "POST" && !(await modern.isLegacy(request, body)))
          return await modern.handle(request, body, admission.identity);
        return await (options.stateless ? stateless(request, body) : sessions.handle(request, body, admission.identity));
      } catch (error) {
        return rpcErrorResponse(500, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    sessionCount: () => sessions.size(),
    async close() {
      await Promise.all([sessions.close(), modern.close()]);
    },
  };
}

/** The resumability options, checked; the `retry` the transport sends with its priming event. */
function retryOf<R>(options: HttpOptions<R>): { retryInterval?: number } {
  const { eventStore, retryInterval } = options;
  if (eventStore !== undefined && options.stateless === true)
    throw new RangeError("eventStore needs sessions: a stateless server has no stream to resume; drop stateless or the eventStore");
  if (eventStore !== undefined && (typeof eventStore.storeEvent !== "function" || typeof eventStore.replayEventsAfter !== "function")) {
    throw new RangeError("eventStore must implement the SDK's EventStore (storeEvent, replayEventsAfter), e.g. createInMemoryEventStore()");
  }
  if (retryInterval !== undefined && (!Number.isInteger(retryInterval) || retryInterval < 0))
    throw new RangeError(`retryInterval must be a whole number of milliseconds ≥ 0, not ${String(retryInterval)}`);
  if (retryInterval !== undefined && eventStore === undefined)
    throw new RangeError("retryInterval is sent with the priming event, which needs an eventStore: add one, or drop retryInterval");
  return retryInterval === undefined ? {} : { retryInterval };
}
