/**
 * A `tools/call` on 2026-07-28, where a handler's questions become a
 * multi-round-trip request: the echoed `requestState` is opened (refused with
 * -32602 before the handler runs when it does not verify), the handler runs
 * with an input round, and the call answers what comes first — the
 * handler's answer, or `input_required` with the questions it waits on and a
 * freshly sealed state (the SDK's `inputRequired` builder), or the error of
 * an answer that cannot be used. A question the client cannot answer,
 * refused and not caught by the handler, is the spec's -32021.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  PROTOCOL_VERSION_META_KEY,
  inputRequired,
  type InputRequest,
  type InputRequiredResult,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { ToolAnswer } from "../serving/answer.js";
import type { CallContext } from "../serving/dispatch.js";
import { canonicalJson } from "../util/canonical-json.js";
import { isPlainObject } from "../util/inspect.js";
import type { ClientChannel } from "../contract/client-channel.js";
import { reportOf } from "./call-params.js";
import { InputRound } from "./input-round.js";
import { callSeal, type CallSeal, type SealOptions } from "./request-state.js";

/** Whether a request came with the 2026-07-28 envelope (every request of that era must). */
export function isModernRequest(context: ServerContext): boolean {
  // The SDK types the envelope as an empty object: its keys are read as the wire names them.
  return (context.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined)?.[PROTOCOL_VERSION_META_KEY] !== undefined;
}

/** One 2026-07-28 call, as the binding hands it over. */
export interface ModernCall {
  readonly name: string;
  readonly args: unknown;
  readonly context: ServerContext;
  /** Who made the call (the HTTP guards' identity), bound into every state; empty when unknown. */
  readonly principal: string;
  readonly seal: SealOptions;
  /** The channel of this run of the handler, over its round. */
  readonly channel: (round: InputRound) => ClientChannel;
  readonly run: (context: CallContext) => Promise<ToolAnswer>;
}

/**
 * Serves one 2026-07-28 call: its answer, or an `input_required` result.
 * Throws a `ProtocolError` for a state or an answer that cannot be used,
 * and `MissingRequiredClientCapabilityError` for an uncaught refusal.
 *
 * @example
 * ```ts
 * const result = await serveModernCall({
 *   name, args, context, principal: "", seal, channel, run: (call) => router.callTool(name, args, call),
 * });
 * ```
 */
export async function serveModernCall(call: ModernCall): Promise<ToolAnswer | InputRequiredResult> {
  const { context } = call;
  let sealer: CallSeal | undefined;
  // Bound to who calls what with which arguments: a state opens for that call alone (the spec's SHOULD).
  const seal = () => (sealer ??= callSeal(call.seal, JSON.stringify([call.principal, call.name, canonicalJson(call.args ?? {})])));
  const state = context.mcpReq.requestState();
  const prior = typeof state === "string" ? await seal().open(state) : undefined;
  const envelope = context.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
  const responses = context.mcpReq.inputResponses;
  const round = new InputRound({
    prior,
    responses: isPlainObject(responses) ? responses : undefined,
    dropped: context.mcpReq.droppedInputResponseKeys ?? [],
    capabilities: envelope?.[CLIENT_CAPABILITIES_META_KEY],
    cancel: context.mcpReq.signal,
  });
  const answered = call
    .run({ signal: round.signal, request: context, client: call.channel(round) })
    .then((answer) => ({ kind: "answer", answer }) as const);
  const outcome = await Promise.race([answered, round.ended]);
  switch (outcome.kind) {
    case "answer":
      round.close();
      if (
        round.refused !== undefined &&
        outcome.answer.isError === true &&
        (reportOf(outcome.answer) as { error?: unknown } | undefined)?.error === "client_unsupported"
      ) {
        throw new MissingRequiredClientCapabilityError(
          { requiredCapabilities: round.refused },
          `${call.name} needs a client capability this request's clientCapabilities do not declare: ` +
            Object.keys(round.refused).join(", "),
        );
      }
      return outcome.answer;
    case "input_required":
      return inputRequired({
        inputRequests: outcome.inputRequests as Record<string, InputRequest>,
        requestState: await seal().seal(outcome.record),
      });
    case "failed":
      throw outcome.error;
  }
}
