/**
 * A ready-made Node HTTP server for a router: the MCP endpoint at one path,
 * and protection against DNS rebinding when bound to a loopback address.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Router } from "../router.js";
import { createHttpHandler, rpcError, type HttpHandlerOptions } from "./http.js";

/** What `serveHttp` takes. */
export interface ServeHttpOptions extends HttpHandlerOptions {
  /** `0` (the default) picks a free port. */
  readonly port?: number;
  /** `127.0.0.1` by default. */
  readonly host?: string;
  /** The endpoint path; `/mcp` by default. */
  readonly path?: string;
  /**
   * Host header names accepted. On a loopback address the default is
   * `localhost`, `127.0.0.1` and `[::1]`, so a web page cannot reach the
   * server through a rebound DNS name; elsewhere every host is accepted.
   */
  readonly allowedHosts?: readonly string[];
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

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

/**
 * Listens for MCP over Streamable HTTP.
 *
 * @example
 * ```ts
 * const running = await serveHttp(router, { port: 3000 });
 * console.log(`MCP endpoint: ${running.url}`);
 * ```
 */
export async function serveHttp(router: Router, options: ServeHttpOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  const allowed = options.allowedHosts ?? (LOOPBACK.has(host) ? ["localhost", "127.0.0.1", "[::1]"] : undefined);
  const handler = createHttpHandler(router, options);
  const httpServer = createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== path) return rpcError(res, 404, -32000, `Not found: the MCP endpoint is ${path}`);
    if (allowed !== undefined && !allowed.includes(hostName(req.headers.host))) return rpcError(res, 403, -32000, "Forbidden: host not allowed");
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

/** The host name of a Host header, without its port. */
function hostName(header: string | undefined): string {
  if (header === undefined) return "";
  return header.startsWith("[") ? header.slice(0, header.indexOf("]") + 1) : header.split(":")[0]!;
}
