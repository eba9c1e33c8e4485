/**
 * `wymcp/mcp` — the binding of a wymcp router to the official MCP
 * TypeScript SDK (`@modelcontextprotocol/sdk`, a peer dependency used only
 * here): the low-level `Server`, stdio, and Streamable HTTP in stateful and
 * stateless modes behind the HTTP guards (DNS-rebinding protection, a body
 * limit, bearer-token or custom authentication).
 *
 * @example
 * ```ts
 * import { createRouter } from "wymcp";
 * import { serveStdio } from "wymcp/mcp";
 *
 * await serveStdio(createRouter({ tools: [tasks] }), { serverInfo: { name: "tasks", version: "1.0.0" } });
 * ```
 *
 * @module
 */
export { bindRouter, createMcpServer, type McpServerOptions } from "./server.js";
export { serveStdio, type RunningServer, type StdioOptions } from "./stdio.js";
export { createHttpHandler, type HttpHandler, type HttpHandlerOptions } from "./http.js";
export { DEFAULT_MAX_BODY_BYTES, isLoopbackConnection, type HttpGuardOptions } from "./http-guards.js";
export { serveHttp, type RunningHttpServer, type ServeHttpOptions } from "./serve-http.js";
