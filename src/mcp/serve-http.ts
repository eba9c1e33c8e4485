/**
 * A ready-made Node HTTP server for a router: the MCP endpoint at one path,
 * behind the handler's guards — DNS-rebinding protection for loopback
 * connections, a body limit, and optional authentication.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Router } from "../serving/router.js";
import { createHttpHandler, rpcError, type HttpHandlerOptions } from "./http.js";

/** What `serveHttp` takes. */
export interface ServeHttpOptions extends HttpHandlerOptions {
  /** `0` (the default) picks a free port. */
  readonly port?: number;
  /** `127.0.0.1` by default. */
  readonly host?: string;
  /** The endpoint path; `/mcp` by default. */
  readonly path?: string;
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
 * otherwise. Defaults: only `localhost`/`127.0.0.1`/`[::1]` as `Host` and
 * `Origin` on loopback connections (403 otherwise), bodies up to 1 MiB (413),
 * no authentication unless `bearerToken` or `authenticate` is given (401).
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
  const httpServer = createServer((req, res) => {
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
    sessionCount: handler.sessionCount,
    async close() {
      await handler.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** The path of a request target; `undefined` for one that is no URL (it must not throw out of the listener). */
function pathOf(target: string | undefined): string | undefined {
  try {
    return new URL(target ?? "/", "http://localhost").pathname;
  } catch {
    return undefined;
  }
}
