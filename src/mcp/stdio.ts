/**
 * Serving a router over stdio, the transport of MCP servers a client starts
 * as a child process.
 */
import type { Server } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import type { Readable, Writable } from "node:stream";
import type { Router } from "../serving/router.js";
import { createMcpServer, type McpServerOptions } from "./server.js";

/** What `serveStdio` takes: server options, and the streams (process stdio by default). */
export interface StdioOptions extends McpServerOptions {
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

/** A running server. */
export interface RunningServer {
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * Connects a new server for the router to stdio. Runtime registrations on
 * the router are announced to the client with `list_changed`.
 *
 * @example
 * ```ts
 * await serveStdio(createRouter({ tools: [tasks] }), { serverInfo: { name: "tasks", version: "1.0.0" } });
 * ```
 */
export async function serveStdio(router: Router, options: StdioOptions = {}): Promise<RunningServer> {
  const server = createMcpServer(router, options);
  await server.connect(new StdioServerTransport(options.stdin, options.stdout));
  return { server, close: () => server.close() };
}
