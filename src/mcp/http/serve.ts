/**
 * A ready-made Node HTTP server for a router: the MCP endpoint at one path,
 * behind the handler's guards — DNS-rebinding protection, a body limit,
 * optional authentication, session limits — and with request timeouts that
 * suit MCP, so a stalled client cannot hold its upload for Node's 300 s.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Router } from "../../serving/router.js";
import { createHttpHandler, rpcError, type HttpHandlerOptions } from "./node-handler.js";

/** How long a client may take to send its request headers by default: 20 s. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
/** How long a client may take to send its whole request by default: 30 s (a 1 MiB body at about 280 kbit/s). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** What `serveHttp` takes. */
export interface ServeHttpOptions extends HttpHandlerOptions {
  /** `0` (the default) picks a free port. */
  readonly port?: number;
  /** `127.0.0.1` by default. */
  readonly host?: string;
  /** The endpoint path; `/mcp` by default. */
  readonly path?: string;
  /**
   * Milliseconds a client may take to send its request headers (Node's
   * `server.headersTimeout`); 20 s by default, `0` for no limit. At most
   * `requestTimeoutMs`. A client that runs over is answered 408 and
   * disconnected.
   *
   * @example
   * ```ts
   * headersTimeoutMs: 10_000
   * ```
   */
  readonly headersTimeoutMs?: number;
  /**
   * Milliseconds a client may take to send its whole request, headers and
   * body (Node's `server.requestTimeout`); 30 s by default, `0` for no limit.
   * A client that runs over is answered 408 and disconnected, and the body it
   * sent is released. It bounds receiving only: Node stops the clock once the
   * request has arrived, so a long answer — the standalone SSE stream of a
   * session, a slow tool call — is never cut.
   *
   * @example
   * ```ts
   * requestTimeoutMs: 120_000 // clients on slow links sending large bodies
   * ```
   */
  readonly requestTimeoutMs?: number;
}

/** A listening HTTP server. */
export interface RunningHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:53211/mcp`. */
  readonly url: URL;
  readonly httpServer: HttpServer;
  /** The open sessions (always 0 when stateless). */
  sessionCount(): number;
  /** Closes every session and the HTTP server. */
  close(): Promise<void>;
}

/**
 * Listens for MCP over Streamable HTTP, on `127.0.0.1` unless told
 * otherwise. Defaults: only `localhost`/`127.0.0.1`/`[::1]` as `Host` on
 * loopback connections and only the server's own host (or, on loopback, a
 * loopback host) as a browser `Origin` (403 otherwise), bodies up to 1 MiB
 * (413), no authentication unless `bearerToken` or `authenticate` is given
 * (401), at most 1,000 sessions (503) each closed after 30 idle minutes, and
 * 20 s for a request's headers, 30 s for the whole request (408). Throws
 * `RangeError` for an invalid option.
 *
 * @example
 * ```ts
 * const running = await serveHttp(router, { port: 3000, bearerToken: process.env.MCP_TOKEN });
 * console.log(`MCP endpoint: ${running.url}`);
 * ```
 */
export async function serveHttp(router: Router, options: ServeHttpOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  const handler = createHttpHandler(router, options);
  const httpServer = createServer(timeouts(options), (req, res) => {
    if (pathOf(req.url) !== path) return rpcError(res, 404, -32000, `Not found: the MCP endpoint is ${path}`);
    void handler.handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = new URL(`http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`);
  return {
    url,
    httpServer,
    sessionCount: () => handler.sessionCount(),
    async close() {
      await handler.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/**
 * Node's timeout options for `options`; `RangeError` for a value that is not
 * a whole number of milliseconds, or headers allowed longer than the request.
 */
function timeouts(options: ServeHttpOptions): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval?: number } {
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  for (const [name, value] of [
    ["headersTimeoutMs", headersTimeout],
    ["requestTimeoutMs", requestTimeout],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`${name} must be a whole number of milliseconds (0 for no limit), got ${String(value)}`);
  }
  if (requestTimeout > 0 && headersTimeout > requestTimeout) {
    throw new RangeError(
      `headersTimeoutMs (${headersTimeout}) must not exceed requestTimeoutMs (${requestTimeout}): the headers are part of the request`,
    );
  }
  // Node checks both timeouts only every connectionsCheckingInterval (30 s by
  // default), which would let a 30 s limit run to 60 s: check ten times per
  // shortest limit, between every 0.1 s and every 2 s (the list it walks holds
  // only connections still receiving a request, so checking is cheap).
  const shortest = Math.min(...[headersTimeout, requestTimeout].filter((value) => value > 0));
  if (!Number.isFinite(shortest)) return { headersTimeout, requestTimeout };
  return { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(2_000, Math.max(100, Math.floor(shortest / 10))) };
}

/** The path of a request target; `undefined` for one that is no URL (it must not throw out of the listener). */
function pathOf(target: string | undefined): string | undefined {
  try {
    return new URL(target ?? "/", "http://localhost").pathname;
  } catch {
    return undefined;
  }
}
