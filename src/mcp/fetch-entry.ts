/**
 * `wymcp/fetch` — a router served as a Web-standard fetch handler, for
 * Cloudflare Workers, Deno, Bun, Vercel and Netlify functions, and
 * `Request`/`Response` frameworks such as Hono. Nothing on this entry's
 * import graph imports a `node:` module or generates code. The same handler
 * is on `wymcp/mcp` beside the Node one.
 *
 * @example
 * ```ts
 * import { createRouter } from "wymcp";
 * import { createFetchHandler } from "wymcp/fetch";
 *
 * const mcp = createFetchHandler(createRouter({ tools: [tasks] }), { stateless: true });
 * export default { fetch: (request: Request) => mcp(request) };
 * ```
 *
 * @module
 */
export { createFetchHandler, type FetchHandler, type FetchHandlerOptions, type FetchRequestInfo } from "./http/fetch.js";
export type { HttpOptions } from "./http/options.js";
export { DEFAULT_MAX_BODY_BYTES, type HttpGuardOptions } from "./http/guards.js";
export type { AuthVerdict } from "./http/auth.js";
export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT_MS, type SessionOptions } from "./http/sessions.js";
export {
  createInMemorySessionStore,
  DEFAULT_MAX_STORED_SESSION_BYTES,
  type InMemorySessionStoreOptions,
  type SessionRecord,
  type SessionStore,
} from "./http/session-store.js";
export { createMcpServer, type McpServerOptions } from "./server.js";
export { bindRouter } from "./bind-router.js";
