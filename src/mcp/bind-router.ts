/**
 * Binding a router to the MCP SDK's low-level `Server`: `tools/list` answers
 * the listings built at registration, `tools/call` goes through the router's
 * gate with a client channel (log, progress, sampling, elicitation, roots) —
 * on 2026-07-28 through a multi-round-trip call (`modern-call.ts`) — and
 * every change of the router's tool list is announced to the connected
 * client with `notifications/tools/list_changed`.
 */
import type { CallToolResult, Server, ServerContext, Tool as McpTool } from "@modelcontextprotocol/server";
import type { Router } from "../serving/router.js";
import type { ToolAnswer } from "../serving/answer.js";
import type { ToolListing } from "../serving/listing.js";
import { callParams, refuseCursor, reportOf, traceOf, unknownTool } from "./call-params.js";
import { clientChannel } from "./client-channel.js";
import { installLogging } from "./logging-level.js";
import { isModernRequest, serveModernCall } from "./modern-call.js";
import { sealOptions, type SealOptions } from "./request-state.js";
import { checkParamsFirst, deferToolStates } from "./sdk-seams.js";

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
    const trace = traceOf(params._meta);
    // The SDK aborts this signal on notifications/cancelled and when the connection closes
    // (stateless, a cancelled call's stream closing is all the server hears).
    const result = isModernRequest(context)
      ? await serveModernCall({
          name,
          args,
          context,
          principal: binding.principal ?? "",
          seal,
          channel: (round) => clientChannel(server, context, levels, mode, round, trace),
          run: (call) => router.callTool(name, args, call),
        })
      : await router.callTool(name, args, {
          signal: context.mcpReq.signal,
          request: context,
          client: clientChannel(server, context, levels, mode, undefined, trace),
        });
    // An input_required result goes out as the SDK's builder made it.
    if (!("content" in result)) return result;
    const answer = result as ToolAnswer;
    if (answer.isError === true && !knownTool(router, name)) throw unknownTool(name, reportOf(answer));
    return answer as unknown as CallToolResult;
  });
  checkParamsFirst(server, sent);
  if (binding.announces === false) return () => {};
  const unsubscribe = router.onListChanged(() => {
    // Only a connection whose era is known can hear a notification: a 2025 session once initialized, a 2026-07-28 one
    // (stdio: no initialize) from its first request, the SDK sending it to the `subscriptions/listen` stream; no request
    // context tells the era to a notification sent outside any request. A failed send concerns that connection alone.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the instance's era, as its deprecation note says
    const era = server.getNegotiatedProtocolVersion();
    if (server.transport !== undefined && (server.getClientCapabilities() !== undefined || era !== undefined))
      server.sendToolListChanged().catch(() => {});
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
