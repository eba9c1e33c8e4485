/**
 * Serving a router over stdio, the transport of MCP servers a client starts
 * as a child process, in both protocol eras: the SDK's `serveStdio` reads the
 * opening exchange — `initialize` pins a 2025-era server for the
 * connection, a `server/discover` or any request with the 2026-07-28
 * envelope a modern one — and wymcp makes that server from the router.
 */
import { StdioServerTransport, serveStdio as serveSdkStdio } from "@modelcontextprotocol/server/stdio";
import type { Readable, Writable } from "node:stream";
import type { Router } from "../serving/router.js";
import { createMcpServer, type McpServerOptions } from "./server.js";
import { sealOptions } from "./request-state.js";

/** What `serveStdio` takes: server options, and the streams (process stdio by default). */
export interface StdioOptions extends McpServerOptions {
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

/** A running server. */
export interface RunningServer {
  /** Ends the connection: closes the server serving it and the transport. */
  close(): Promise<void>;
}

/**
 * Serves the router on stdio, to a 2025-era client (`initialize`) or a
 * 2026-07-28 one (`server/discover`, per-request envelope). Runtime
 * registrations on the router are announced to the client with
 * `list_changed` (on 2026-07-28, to its `subscriptions/listen` stream).
 *
 * @example
 * ```ts
 * await serveStdio(createRouter({ tools: [tasks] }), { serverInfo: { name: "tasks", version: "1.0.0" } });
 * ```
 */
export async function serveStdio(router: Router, options: StdioOptions = {}): Promise<RunningServer> {
  // Checked at start-up, not at the first call that asks the client something.
  sealOptions(options.requestStateKey, options.requestStateTtlSeconds);
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  const handle = serveSdkStdio(() => createMcpServer(router, options), { transport });
  await Promise.resolve();
  return { close: () => handle.close() };
}
