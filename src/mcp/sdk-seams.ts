/**
 * The two places wymcp reaches into the SDK server's internals, each pinned
 * by a test: its `tools/call` params check goes in front of the SDK's own,
 * and the `requestState` of `tools/call` is left to wymcp when the user's
 * server options set a `requestState.verify` hook.
 */
import type { Server, ServerContext } from "@modelcontextprotocol/server";
import { callParams } from "./call-params.js";

type RequestHandler = (request: unknown, context: ServerContext) => Promise<unknown>;

/**
 * Puts wymcp's check of `tools/call` params in front of the SDK's own, whose
 * failure answers with a raw schema dump: `callParams` words it, and keeps
 * the params as sent for the handler.
 */
export function checkParamsFirst(server: Server, sent: WeakMap<ServerContext, ReturnType<typeof callParams>>): void {
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
export function deferToolStates(server: Server): void {
  const holder = server as unknown as { _requestStateVerify?: StateVerify };
  const verify = holder._requestStateVerify;
  if (verify === undefined) return;
  holder._requestStateVerify = (state, context) => (context.mcpReq.method === "tools/call" ? undefined : verify(state, context));
}
