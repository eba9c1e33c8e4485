/**
 * Serving a router over Streamable HTTP, in two modes:
 *
 * - **stateful** (default): `initialize` opens a session with its own SDK
 *   server and transport, named by the `mcp-session-id` header; a session
 *   hears `list_changed` on its standalone SSE stream.
 * - **stateless**: every POST gets a fresh server and transport and no
 *   session id, so any instance behind a load balancer can answer any
 *   request. Nothing outlives a request, so there are no notifications; a
 *   client sees tool changes on its next `tools/list`.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Router } from "../serving/router.js";
import { checkMessage, httpGuards, type HttpGuardOptions, type Refusal } from "./http-guards.js";
import { createMcpServer, type McpServerOptions } from "./server.js";

/**
 * What `createHttpHandler` takes: server options, the mode, and the guards
 * (DNS-rebinding protection on loopback connections, a 1 MiB body limit, and
 * optional bearer-token or custom authentication).
 */
export interface HttpHandlerOptions extends McpServerOptions, HttpGuardOptions {
  /** No sessions: a fresh server per request (see the module comment). */
  readonly stateless?: boolean;
  /** Session ids for stateful mode; `crypto.randomUUID` by default. */
  readonly sessionIdGenerator?: () => string;
  /** Answer with plain JSON instead of an SSE stream. */
  readonly enableJsonResponse?: boolean;
}

/** Handles MCP requests on a Node `http` server (or any framework passing Node's req/res). */
export interface HttpHandler {
  /** Answers one HTTP request; `parsedBody` when a body parser already read it. */
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
  /** The open sessions (always 0 when stateless). */
  sessionCount(): number;
  /** Closes every session. */
  close(): Promise<void>;
}

interface Session {
  readonly server: Server;
  readonly transport: StreamableHTTPServerTransport;
}

/**
 * A request handler serving the router over Streamable HTTP. Every request
 * first passes the guards of `HttpGuardOptions`: `Host`/`Origin` allowlists
 * (403), authentication (401 with `WWW-Authenticate: Bearer`), and for a POST
 * a body of at most `maxBodyBytes` (413) holding JSON (-32700) that is a
 * JSON-RPC message (-32600). Throws `RangeError` for an invalid option.
 *
 * @example
 * ```ts
 * const mcp = createHttpHandler(router, { stateless: true, bearerToken: process.env.MCP_TOKEN });
 * http.createServer((req, res) => void mcp.handle(req, res)).listen(3000, "127.0.0.1");
 * ```
 */
export function createHttpHandler(router: Router, options: HttpHandlerOptions = {}): HttpHandler {
  const sessions = new Map<string, Session>();
  const guards = httpGuards(options);
  const transportOptions = { enableJsonResponse: options.enableJsonResponse ?? false, maxRequestBodySize: guards.maxBodyBytes };

  async function stateless(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    // No session to stream to or delete: GET and DELETE have nothing to act on.
    if (req.method !== "POST") return rpcError(res, 405, -32000, "Method not allowed: this server is stateless; send POST", { allow: "POST" });
    const server = createMcpServer(router, options);
    const transport = new StreamableHTTPServerTransport({ ...transportOptions, sessionIdGenerator: undefined });
    res.on("close", () => void server.close().catch(() => {}));
    await server.connect(transport);
    await transport.handleRequest(req, res, parsedBody);
  }

  async function stateful(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      if (session === undefined) return rpcError(res, 404, -32001, "Session not found");
      return session.transport.handleRequest(req, res, parsedBody);
    }
    if (req.method !== "POST") return rpcError(res, 400, -32000, "Bad Request: no valid session id");
    const messages = Array.isArray(parsedBody) ? parsedBody : [parsedBody];
    if (!messages.some((message) => isInitializeRequest(message))) return rpcError(res, 400, -32000, "Bad Request: no valid session id");
    const server = createMcpServer(router, options);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      ...transportOptions,
      sessionIdGenerator: options.sessionIdGenerator ?? randomUUID,
      onsessioninitialized: (id) => void sessions.set(id, { server, transport }),
    });
    // Set before connect: the SDK chains its own close handling after this one.
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, parsedBody);
    // An initialize the transport refused (bad headers, say) opened no session: release it.
    if (transport.sessionId === undefined || !sessions.has(transport.sessionId)) await server.close();
  }

  return {
    async handle(req, res, parsedBody) {
      try {
        const refusal = await guards.admit(req);
        if (refusal !== undefined) return refuse(res, refusal);
        let body = parsedBody;
        if (req.method === "POST") {
          // Read here, once, so the body limit and the JSON-RPC checks hold in every mode.
          const read = body === undefined ? await guards.readBody(req) : checkMessage(body);
          if ("refusal" in read) return refuse(res, read.refusal);
          body = read.body;
        }
        await (options.stateless ? stateless(req, res, body) : stateful(req, res, body));
      } catch (error) {
        if (!res.headersSent) rpcError(res, 500, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
        else res.end();
      }
    },
    sessionCount: () => sessions.size,
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.server.close()));
    },
  };
}

function refuse(res: ServerResponse, refusal: Refusal): void {
  rpcError(res, refusal.status, refusal.code, refusal.message, refusal.headers);
}

/** A JSON-RPC error response with no id, as the SDK transport writes them. */
export function rpcError(res: ServerResponse, status: number, code: number, message: string, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
