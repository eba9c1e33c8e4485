/**
 * The SDK server wymcp makes for a router: an `McpServer` — the user's own
 * (`mcpServer`, with their resources, prompts and completion) or a plain one
 * — whose low-level `Server` the router is bound to (`bind-router.ts`), the
 * `setup` hook run after. One is made for every connection, session or
 * stateless request.
 */
import { McpServer, Server, type Implementation, type ServerOptions } from "@modelcontextprotocol/server";
import type { Router } from "../serving/router.js";
import { bindRouter, type Binding } from "./bind-router.js";
import { sealOptions } from "./request-state.js";

/** What `createMcpServer` takes besides the router. */
export interface McpServerOptions {
  /** The server's name and version sent at initialize; defaults to `{ name: "wymcp", version: "0.0.0" }`. */
  readonly serverInfo?: Implementation;
  /** Further SDK server options; `capabilities` are merged with `tools.listChanged` and `logging`. */
  readonly serverOptions?: ServerOptions;
  /**
   * Resources, prompts and completion through the SDK's own API: a factory
   * called for every server wymcp creates (stdio, each HTTP session, each
   * stateless request), returning a fresh `McpServer` with them registered
   * and no tools — the router's tools are bound to it. `serverInfo`,
   * `serverOptions` and the router's `instructions` are then the
   * `McpServer`'s own.
   *
   * @example
   * ```ts
   * mcpServer: () => {
   *   const mcp = new McpServer({ name: "tasks", version: "1.0.0" });
   *   mcp.registerResource("readme", "tasks://readme", { mimeType: "text/markdown" }, async (uri) => ({
   *     contents: [{ uri: uri.href, text: "# Tasks" }],
   *   }));
   *   return mcp;
   * }
   * ```
   */
  readonly mcpServer?: () => McpServer;
  /**
   * Called with every low-level SDK `Server` wymcp creates, after the
   * router is bound and before it connects: register request handlers and
   * capabilities here (`server.setRequestHandler(ListResourcesRequestSchema, …)`).
   *
   * @example
   * ```ts
   * setup: (server) => {
   *   server.registerCapabilities({ resources: {} });
   *   server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
   * }
   * ```
   */
  readonly setup?: (server: Server) => void;
  /**
   * The secret that seals the `requestState` of multi-round-trip calls
   * (2026-07-28: a handler's `elicit`, `sample` or `listRoots`): a string or
   * bytes, at least 32 bytes. Every instance that may receive a call's next
   * round must share it — several HTTP instances behind a load balancer,
   * Workers isolates, serverless functions. Without it, a random key is made
   * once per process: right for stdio and a single HTTP process, and a
   * restart only asks an open question again.
   *
   * @example
   * ```ts
   * requestStateKey: process.env.MCP_STATE_KEY // e.g. 64 hex characters from `openssl rand -hex 32`
   * ```
   */
  readonly requestStateKey?: string | Uint8Array;
  /** How long a `requestState` stays valid, in seconds (600 by default): a client answering later starts the call over. */
  readonly requestStateTtlSeconds?: number;
}

/**
 * A low-level SDK `Server` serving the router's tools — with the resources,
 * prompts and completion of `mcpServer` and `setup` — ready to `connect` to
 * any SDK transport. One server serves one connection; create one per
 * session (the HTTP helpers do).
 *
 * @example
 * ```ts
 * const server = createMcpServer(router, { serverInfo: { name: "tasks", version: "1.0.0" } });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(router: Router, options: McpServerOptions = {}, binding: Binding = {}): Server {
  return createMcpProduct(router, options, binding).server;
}

/**
 * The `McpServer` whose `server` `createMcpServer` answers: what the SDK's
 * HTTP entry wants handed back (it checks `Mcp-Param-*` headers against an
 * `McpServer`'s tools only).
 */
export function createMcpProduct(router: Router, options: McpServerOptions = {}, binding: Binding = {}): McpServer {
  const { serverOptions = {} } = options;
  const mcp = options.mcpServer === undefined ? plainServer(router, options, serverOptions) : userServer(options.mcpServer);
  bindRouter(mcp.server, router, { seal: sealOptions(options.requestStateKey, options.requestStateTtlSeconds), ...binding });
  options.setup?.(mcp.server);
  return mcp;
}

function plainServer(router: Router, options: McpServerOptions, serverOptions: ServerOptions): McpServer {
  // Declared by bindRouter instead: an McpServer given `tools` would install tool handlers of its own.
  const { tools, ...capabilities } = serverOptions.capabilities ?? {};
  const mcp = new McpServer(options.serverInfo ?? { name: "wymcp", version: "0.0.0" }, {
    ...serverOptions,
    ...(serverOptions.capabilities === undefined ? {} : { capabilities }),
    ...(router.instructions === undefined || serverOptions.instructions !== undefined ? {} : { instructions: router.instructions }),
  });
  if (tools !== undefined) mcp.server.registerCapabilities({ tools });
  return mcp;
}

function userServer(factory: () => McpServer): McpServer {
  const made: unknown = factory();
  const server = typeof made === "object" && made !== null ? (made as { server?: unknown }).server : undefined;
  if (!(made instanceof McpServer) || !(server instanceof Server))
    throw new TypeError("mcpServer must return a new McpServer (from @modelcontextprotocol/server) each time it is called");
  return made;
}
