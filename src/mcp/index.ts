/**
 * `wymcp/mcp` — the binding of a wymcp router to the official MCP
 * TypeScript SDK v2 (`@modelcontextprotocol/server`, a peer dependency used only
 * here): the low-level `Server`, stdio, and Streamable HTTP in stateful and
 * stateless modes behind the HTTP guards (DNS-rebinding protection, a body
 * limit, bearer-token or custom authentication), with sessions bound to
 * their user, capped and expired when idle, and request timeouts. Every call
 * gets a client channel (log, progress, sampling, elicitation, roots — the
 * questions as multi-round-trip requests on 2026-07-28); resources,
 * prompts and completion come from the SDK's own `McpServer` (`mcpServer`)
 * or a `setup` hook, run for every server created; Streamable HTTP resumes
 * streams through an `EventStore` (`createInMemoryEventStore`) and revives
 * sessions after a restart through a `SessionStore`.
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
// What runs anywhere is the fetch entry's; the rest needs Node (stdio, node:http) or a session's event store.
export * from "./fetch-entry.js";
export {
  createInMemoryEventStore,
  DEFAULT_MAX_STORED_EVENT_BYTES,
  DEFAULT_MAX_STORED_EVENTS,
  type InMemoryEventStoreOptions,
} from "./http/event-store.js";
export type { EventStore } from "@modelcontextprotocol/server";
export { serveStdio, type RunningServer, type StdioOptions } from "./stdio.js";
export { createHttpHandler, type HttpHandler, type HttpHandlerOptions } from "./http/node-handler.js";
export { isLoopbackConnection } from "./http/node-request.js";
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  serveHttp,
  type RunningHttpServer,
  type ServeHttpOptions,
} from "./http/serve.js";
