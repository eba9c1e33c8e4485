/**
 * Serving a router over Streamable HTTP as a Web-standard fetch handler —
 * `(request: Request) => Promise<Response>` — for Cloudflare Workers, Deno,
 * Bun, Vercel and Netlify functions, Hono, and any framework that speaks
 * `Request`/`Response`. The same guards and sessions as the Node handler
 * (`core.ts`).
 */
import type { Router } from "../../serving/router.js";
import { createHttpCore } from "./core.js";
import type { HttpOptions } from "./options.js";

/** What `createFetchHandler` takes: `HttpOptions` whose hooks are handed the fetch `Request`. */
export type FetchHandlerOptions = HttpOptions<Request>;

/** What a host may tell the handler about a request beyond the request itself. */
export interface FetchRequestInfo {
  /**
   * The connection arrived at a loopback address (`127.0.0.0/8`, `::1`):
   * DNS-rebinding protection then serves only loopback `Host` names unless
   * `allowedHosts` says otherwise. `false` by default — a fetch handler
   * cannot see its connection; a local Deno or Bun server on `127.0.0.1`
   * should say `true` (or list `allowedHosts`).
   */
  readonly loopback?: boolean;
  /** The body, when a framework's parser already read it. */
  readonly parsedBody?: unknown;
}

/**
 * A fetch handler: call it with a `Request`, get the `Response`. It takes one
 * argument, so it can stand as a Worker's `fetch` (whose `env` and `ctx` it
 * ignores).
 */
export interface FetchHandler {
  (request: Request): Promise<Response>;
  /** Answers a request, with what the host knows about its connection. */
  handle(request: Request, info?: FetchRequestInfo): Promise<Response>;
  /** The open sessions (always 0 when stateless). */
  sessionCount(): number;
  /** Closes every session and clears their idle timers (records in a `sessionStore` stay); an `initialize` after it is answered 503. */
  close(): Promise<void>;
}

/**
 * A Web-standard request handler serving the router over Streamable HTTP.
 * Every request first passes the guards: `Host`/`Origin` checks (403),
 * authentication (401 with `WWW-Authenticate: Bearer`; the hooks are handed
 * the `Request`), and for a POST a body of at most `maxBodyBytes` (413)
 * holding JSON (-32700) that is a JSON-RPC message (-32600). A session id
 * that is unknown, expired or opened by another identity is 404; an
 * `initialize` over `maxSessions` is 503 with `Retry-After`. Throws
 * `RangeError` for an invalid option.
 *
 * Sessions live in the memory of the instance that opened them: on
 * platforms that spread requests over many instances (Workers, serverless
 * functions) serve `stateless: true`, or give a `sessionStore` outside the
 * instance, from which any instance revives a session it does not hold.
 *
 * @example
 * ```ts
 * import { createFetchHandler } from "wymcp/fetch";
 *
 * const mcp = createFetchHandler(router, { stateless: true, allowedHosts: ["mcp.example.com"] });
 * export default { fetch: (request: Request) => mcp(request) };
 * ```
 */
export function createFetchHandler(router: Router, options: FetchHandlerOptions = {}): FetchHandler {
  const core = createHttpCore(router, options);
  const handle = (request: Request, info: FetchRequestInfo = {}): Promise<Response> =>
    core.handle({
      request,
      hookRequest: request,
      host: hostOf(request),
      loopback: info.loopback ?? false,
      body: () => chunksOf(request.body),
      parsedBody: info.parsedBody,
    });
  const handler = ((request: Request) => handle(request)) as FetchHandler;
  handler.handle = handle;
  handler.sessionCount = () => core.sessionCount();
  handler.close = () => core.close();
  return handler;
}

/** A body stream's chunks; leaving the loop early cancels the stream. */
async function* chunksOf(stream: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (stream === null) return;
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** The `Host` header; for a `Request` made without one (fetch leaves it to the connection), the host of its URL. */
function hostOf(request: Request): string | undefined {
  const header = request.headers.get("host");
  if (header !== null) return header;
  try {
    return new URL(request.url).host;
  } catch {
    return undefined;
  }
}
