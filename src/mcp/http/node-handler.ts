/**
 * Serving a router over Streamable HTTP on Node's `http` (or any framework
 * passing Node's req/res): a thin host around the Web-standard core
 * (`core.ts`) that `createFetchHandler` uses too, so both share one
 * implementation of the guards, the sessions and both modes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Router } from "../../serving/router.js";
import { createHttpCore } from "./core.js";
import type { HttpOptions } from "./options.js";
import { refusalBody, type Refusal } from "./refusal.js";
import { isLoopbackConnection, webRequestOf } from "./node-request.js";
import { writeResponse } from "./node-response.js";
import { internalError } from "./internal-error.js";

/** What `createHttpHandler` takes: `HttpOptions` whose hooks are handed Node's `IncomingMessage`. */
export type HttpHandlerOptions = HttpOptions<IncomingMessage>;

/** Handles MCP requests on a Node `http` server (or any framework passing Node's req/res). */
export interface HttpHandler {
  /** Answers one HTTP request; `parsedBody` when a body parser already read it. */
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
  /** The open sessions (always 0 when stateless). */
  sessionCount(): number;
  /** Closes every session and clears their idle timers (records in a `sessionStore` stay); an `initialize` after it is answered 503. */
  close(): Promise<void>;
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
  const core = createHttpCore(router, options);
  return {
    async handle(req, res, parsedBody) {
      try {
        const response = await core.handle({
          request: webRequestOf(req),
          hookRequest: req,
          host: req.headers.host,
          loopback: isLoopbackConnection(req),
          body: () => req,
          parsedBody,
        });
        await writeResponse(response, res);
      } catch (error) {
        // Logged with an error id either way; the client reads only the id, and only if the answer has not begun.
        const refused = internalError(router.log, error);
        if (!res.headersSent) refuse(res, refused);
        else res.end();
      }
    },
    sessionCount: () => core.sessionCount(),
    close: () => core.close(),
  };
}

function refuse(res: ServerResponse, refused: Refusal): void {
  res.writeHead(refused.status, { "content-type": "application/json", ...refused.headers });
  res.end(refusalBody(refused));
}

/** A JSON-RPC error response with no id, as the SDK transport writes them. */
export function rpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  refuse(res, { status, code, message, headers });
}
