/**
 * Binding a router to the MCP SDK's low-level `Server`: `tools/list` answers
 * the listings built at registration, `tools/call` goes through the router's
 * gate with a client channel (log, progress, sampling, elicitation), and
 * every change of the router's tool list is announced to the connected
 * client with `notifications/tools/list_changed`. Resources, prompts and
 * completion come from the SDK itself: the user's `McpServer` (`mcpServer`)
 * or a `setup` hook, run for every server wymcp creates.
 */
import {
  Server,
  type CallToolResult,
  type Implementation,
  type McpServer,
  type ServerContext,
  type ServerOptions,
  type Tool as McpTool,
} from "@modelcontextprotocol/server";
import type { Router } from "../serving/router.js";
import type { ToolAnswer } from "../serving/answer.js";
import type { ToolListing } from "../serving/listing.js";
import { callParams, refuseCursor, reportOf, unknownTool } from "./call-params.js";
import { clientChannel } from "./client-channel.js";
import { installLogging } from "./logging-level.js";
import { isModernRequest, serveModernCall } from "./modern-call.js";
import { sealOptions, type SealOptions } from "./request-state.js";

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
  const { serverOptions = {} } = options;
  const server = options.mcpServer === undefined ? plainServer(router, options, serverOptions) : userServer(options.mcpServer);
  bindRouter(server, router, { seal: sealOptions(options.requestStateKey, options.requestStateTtlSeconds), ...binding });
  options.setup?.(server);
  return server;
}

function plainServer(router: Router, options: McpServerOptions, serverOptions: ServerOptions): Server {
  return new Server(options.serverInfo ?? { name: "wymcp", version: "0.0.0" }, {
    ...serverOptions,
    ...(router.instructions === undefined || serverOptions.instructions !== undefined ? {} : { instructions: router.instructions }),
  });
}

function userServer(factory: () => McpServer): Server {
  const made: unknown = factory();
  const server = typeof made === "object" && made !== null ? (made as { server?: unknown }).server : undefined;
  if (!(server instanceof Server))
    throw new TypeError("mcpServer must return a new McpServer (from @modelcontextprotocol/server) each time it is called");
  return server;
}

/** How the transport lets a call reach its client (internal: the HTTP helpers set it). */
export interface Binding {
  /** False in stateless HTTP: sampling and elicitation fail at once instead of waiting for a reply that cannot come. */
  readonly clientRequests?: boolean;
  /**
   * False for a server that answers one 2026-07-28 request: it announces no
   * list change itself (the HTTP handler's `subscriptions/listen` streams do).
   */
  readonly announces?: boolean;
  /** Who makes this server's calls (the HTTP guards' identity), bound into every `requestState` it seals. */
  readonly principal?: string;
  /** How this server seals `requestState` (a random per-process key, 600 s, by default). */
  readonly seal?: SealOptions;
}

/**
 * Installs the router's `tools/list` and `tools/call` handlers on a server
 * that is not connected yet, declares `{ tools: { listChanged: true },
 * logging: {} }` and answers `logging/setLevel`. Every call's handler gets a
 * client channel: log messages, progress, sampling and elicitation. Returns
 * the function that stops the list_changed announcements (called by itself
 * when the server closes). Throws when the server already serves tools.
 *
 * @example
 * ```ts
 * const server = new Server({ name: "tasks", version: "1.0.0" });
 * bindRouter(server, router);
 * await server.connect(transport);
 * ```
 */
export function bindRouter(server: Server, router: Router, binding: Binding = {}): () => void {
  // Throws once connected: capabilities are fixed at initialize.
  server.registerCapabilities({ tools: { listChanged: true } });
  try {
    server.assertCanSetRequestHandler("tools/call");
  } catch {
    throw new Error("this server already serves tools (an McpServer with registerTool?): register every tool on the wymcp router instead");
  }
  const levels = installLogging(server);
  const mode = { clientRequests: binding.clientRequests ?? true };
  const seal = binding.seal ?? sealOptions(undefined, undefined);
  deferToolStates(server);
  server.setRequestHandler("tools/list", (message) => {
    refuseCursor(message.params?.cursor);
    return { tools: router.listTools() as unknown as McpTool[] };
  });
  /** The params as the client sent them, by call: the SDK hands its handler a copy rebuilt by zod, which reads "__proto__" as a
   * prototype. */
  const sent = new WeakMap<ServerContext, ReturnType<typeof callParams>>();
  server.setRequestHandler("tools/call", async (_parsed, context) => {
    const params = sent.get(context) ?? callParams(_parsed);
    const { name, arguments: args } = params;
    // The SDK aborts this signal on notifications/cancelled and when the connection closes
    // (stateless, a cancelled call's stream closing is all the server hears).
    const result = isModernRequest(context)
      ? await serveModernCall({
          name,
          args,
          context,
          principal: binding.principal ?? "",
          seal,
          channel: (round) => clientChannel(server, context, levels, mode, round),
          run: (call) => router.callTool(name, args, call),
        })
      : await router.callTool(name, args, { signal: context.mcpReq.signal, request: context, client: clientChannel(server, context, levels, mode) });
    // An input_required result goes out as the SDK's builder made it.
    if (!("content" in result)) return result as unknown as CallToolResult;
    const answer = result as ToolAnswer;
    if (answer.isError === true && !knownTool(router, name)) throw unknownTool(name, reportOf(answer));
    return answer as unknown as CallToolResult;
  });
  checkParamsFirst(server, sent);
  if (binding.announces === false) return () => {};
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

const toolSets = new WeakMap<readonly ToolListing[], ReadonlySet<string>>();

/** Whether the router lists a tool of that name (`help` included), read from its listing, rebuilt only when it changes. */
function knownTool(router: Router, name: string): boolean {
  const listings = router.listTools();
  let names = toolSets.get(listings);
  if (names === undefined) toolSets.set(listings, (names = new Set(listings.map((listing) => listing.name))));
  return names.has(name);
}

type RequestHandler = (request: unknown, context: ServerContext) => Promise<unknown>;

/**
 * Puts wymcp's check of `tools/call` params in front of the SDK's own, whose
 * failure answers with a raw schema dump: `callParams` words it, and keeps
 * the params as sent for the handler.
 */
function checkParamsFirst(server: Server, sent: WeakMap<ServerContext, ReturnType<typeof callParams>>): void {
  const handlers = (server as unknown as { _requestHandlers: Map<string, RequestHandler> })._requestHandlers;
  const sdk = handlers.get("tools/call");
  if (sdk === undefined) return;
  handlers.set("tools/call", (request, context) => {
    sent.set(context, callParams(request));
    return sdk(request, context);
  });
}

type StateVerify = (state: string, context: ServerContext) => unknown;

/**
 * Leaves the `requestState` of `tools/call` to wymcp, which seals and opens
 * it (`request-state.ts`): a `requestState.verify` hook given in the SDK's
 * server options (for the states of the user's prompts and resources) would
 * otherwise refuse every state wymcp sealed. The hook still judges every
 * other method's state.
 */
function deferToolStates(server: Server): void {
  const holder = server as unknown as { _requestStateVerify?: StateVerify };
  const verify = holder._requestStateVerify;
  if (verify === undefined) return;
  holder._requestStateVerify = (state, context) => (context.mcpReq.method === "tools/call" ? undefined : verify(state, context));
}

