/**
 * Binding a router to the MCP SDK's low-level `Server`: `tools/list` answers
 * the listings built at registration, `tools/call` goes through the router's
 * gate, and every change of the router's tool list is announced to the
 * connected client with `notifications/tools/list_changed`.
 */
import { Server, type ServerOptions } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolRequest, type CallToolResult, type Implementation, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { Router } from "../serving/router.js";

/** What `createMcpServer` takes besides the router. */
export interface McpServerOptions {
  /** The server's name and version sent at initialize; defaults to `{ name: "wymcp", version: "0.0.0" }`. */
  readonly serverInfo?: Implementation;
  /** Further SDK server options; `capabilities` are merged with `tools.listChanged`. */
  readonly serverOptions?: ServerOptions;
}

/**
 * A low-level SDK `Server` serving the router's tools, ready to `connect` to
 * any SDK transport. One server serves one connection; create one per
 * session (the HTTP helpers do).
 *
 * @example
 * ```ts
 * const server = createMcpServer(router, { serverInfo: { name: "tasks", version: "1.0.0" } });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(router: Router, options: McpServerOptions = {}): Server {
  const { serverOptions = {} } = options;
  const server = new Server(options.serverInfo ?? { name: "wymcp", version: "0.0.0" }, {
    ...serverOptions,
    ...(router.instructions === undefined || serverOptions.instructions !== undefined ? {} : { instructions: router.instructions }),
  });
  bindRouter(server, router);
  return server;
}

/**
 * The method alone: the SDK parses a request with the registered schema
 * before anything can answer, and a parse failure there is -32603 Internal
 * error. The SDK's `Server` wraps every `tools/call` handler with its own
 * full parse of the params, answering -32602 Invalid params as JSON-RPC says,
 * so the handler receives a request already checked.
 */
const TOOLS_CALL = CallToolRequestSchema.pick({ method: true }).loose();

/**
 * Installs the router's `tools/list` and `tools/call` handlers on a server
 * that is not connected yet and declares `{ tools: { listChanged: true } }`.
 * Returns the function that stops the list_changed announcements (called by
 * itself when the server closes).
 *
 * @example
 * ```ts
 * const server = new Server({ name: "tasks", version: "1.0.0" });
 * bindRouter(server, router);
 * await server.connect(transport);
 * ```
 */
export function bindRouter(server: Server, router: Router): () => void {
  // Throws once connected: capabilities are fixed at initialize.
  server.registerCapabilities({ tools: { listChanged: true } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: router.listTools() as unknown as McpTool[] }));
  // The router's promise as it is: callTool never rejects, and another async frame is one more hop per call.
  server.setRequestHandler(TOOLS_CALL, (message, extra) => {
    const { params } = message as unknown as CallToolRequest;
    return router.callTool(params.name, params.arguments, { signal: extra.signal, request: extra }) as unknown as Promise<CallToolResult>;
  });
  const unsubscribe = router.onListChanged(() => {
    // Only an initialized session can hear a notification; a failed send concerns that session alone.
    if (server.transport !== undefined && server.getClientCapabilities() !== undefined) server.sendToolListChanged().catch(() => {});
  });
  const previous = server.onclose;
  server.onclose = () => {
    unsubscribe();
    previous?.();
  };
  return unsubscribe;
}
