/**
 * The `wymcp/mcp` entry on Node: the adapter (`index.ts`), loaded once its
 * peer resolves, so a project without `@modelcontextprotocol/server` gets
 * one line naming what to install (`load-with-peer.ts`). Types come from
 * `index.ts`; `test/package-mcp-missing-peer.slow.test.ts` pins that both export
 * the same names. It is the package's `node-addons` export condition, which
 * Node sets and bundlers do not: a bundle that inlines wymcp takes the
 * adapter itself (a `require` of a file next to this one would not be in it).
 */
import { createRequire } from "node:module";
import { loadWithPeer } from "./load-with-peer.js";

const mcp = loadWithPeer(
  createRequire(import.meta.url),
  "./index.js",
  "@modelcontextprotocol/server",
  "wymcp/mcp",
) as typeof import("./index.js");

export const {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_STORED_EVENTS,
  DEFAULT_MAX_STORED_EVENT_BYTES,
  DEFAULT_MAX_STORED_SESSION_BYTES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  bindRouter,
  createFetchHandler,
  createHttpHandler,
  createInMemoryEventStore,
  createInMemorySessionStore,
  createMcpServer,
  isLoopbackConnection,
  serveHttp,
  serveStdio,
} = mcp;
