/**
 * The client channel of one `tools/call` served by the SDK: log and progress
 * notifications ride the request's own stream (`ctx.mcpReq.notify`, so
 * they reach the client in stateless HTTP too). Questions — sampling,
 * elicitation, the client's roots — are, on the 2025 era, requests related
 * to the call, and fail at once with a `ToolError` the model reads when no
 * reply can come (stateless HTTP: the reply would reach another server) or
 * the client did not declare the capability; on 2026-07-28 they go to the
 * call's input round (`input-round.ts`), which asks them in an
 * `input_required` result.
 *
 * On a 2026-07-28 request (logging is deprecated there) a log message
 * reaches the client only when the request set a `logLevel` in its `_meta`,
 * filtered by it; otherwise it goes to the server's own log (standard error).
 */
import {
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type Server,
  type ServerContext,
  type ServerRequest,
} from "@modelcontextprotocol/server";
import { LOG_LEVELS, type AskOptions, type LogLevel } from "../contract/client-channel.js";
import { ToolError } from "../contract/tool-error.js";
import type { ClientChannel, ElicitationResult, RootsResult, SamplingResult } from "../contract/client-channel.js";
import type { LogLevelGate } from "./logging-level.js";
import { missingCapability, unsupported } from "./capabilities.js";
import type { QuestionMethod } from "./input-answers.js";
import type { InputRound } from "./input-round.js";
import type { TraceContext } from "../contract/trace-context.js";

/** How a call may reach its client. */
export interface ChannelMode {
  /** False in stateless HTTP: no reply to a server request can reach the server that sent it. */
  readonly clientRequests: boolean;
}

type Ask = (method: QuestionMethod, params: unknown, options: AskOptions | undefined) => Promise<unknown>;

/** The channel of the call whose handler `context` was given; `round` for a 2026-07-28 call. */
export function clientChannel(
  server: Server,
  context: ServerContext,
  levels: LogLevelGate,
  mode: ChannelMode,
  round?: InputRound,
  trace?: TraceContext,
): ClientChannel {
  const token = context.mcpReq._meta?.progressToken;
  const ask: Ask =
    round === undefined ? legacyAsk(server, context, mode) : (method, params, options) => round.ask(method, params, options?.key);
  // Built by assignment, not with a conditional spread: this runs on every call.
  const channel: { -readonly [K in keyof ClientChannel]: ClientChannel[K] } = {
    async log(level, data, logger) {
      const gate = modernLogLevel(context);
      if (gate === null) {
        serverSideLog(level, data, logger);
        return;
      }
      if (gate === undefined ? !levels.allows(level) : LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(gate)) return;
      await context.mcpReq.notify({
        method: "notifications/message",
        params: { level, data, ...(logger === undefined ? {} : { logger }) },
      });
    },
    sample: (request, options) => ask("sampling/createMessage", request, options) as Promise<SamplingResult>,
    elicit: (request, options) => ask("elicitation/create", request, options) as Promise<ElicitationResult>,
    listRoots: (options) => ask("roots/list", undefined, options) as Promise<RootsResult>,
  };
  if (trace !== undefined) channel.trace = trace;
  if (token !== undefined) {
    channel.progress = async (progress: number, total?: number, message?: string) => {
      await context.mcpReq.notify({
        method: "notifications/progress",
        params: {
          progressToken: token,
          progress,
          ...(total === undefined ? {} : { total }),
          ...(message === undefined ? {} : { message }),
        },
      });
    };
  }
  return channel;
}

/** A 2025-era question: a request to the client related to the call, refused at once when no reply can come. */
function legacyAsk(server: Server, context: ServerContext, mode: ChannelMode): Ask {
  return async (method, params) => {
    const name = method === "roots/list" ? "listing the roots" : method === "sampling/createMessage" ? "sampling" : "elicitation";
    if (!mode.clientRequests) {
      throw new ToolError("needs_session", `${name} needs the client's reply, which a stateless HTTP server cannot receive`, {
        hint: "serve this tool over stdio or stateful HTTP (createHttpHandler without stateless: true), or to a 2026-07-28 client",
      });
    }
    if (missingCapability(method, server.getClientCapabilities()) !== undefined) throw unsupported(method);
    const request = (params === undefined ? { method } : { method, params }) as ServerRequest;
    return await context.mcpReq.send(request, { signal: context.mcpReq.signal });
  };
}

/**
 * The log level a 2026-07-28 request set in its `_meta`; `null` for one that
 * set none (no message may reach its client), `undefined` for a 2025-era call.
 */
function modernLogLevel(context: ServerContext): LogLevel | null | undefined {
  // The SDK types the envelope as an empty object: its keys are read as the wire names them.
  const envelope = context.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
  if (envelope?.[PROTOCOL_VERSION_META_KEY] === undefined) return undefined;
  const level = envelope[LOG_LEVEL_META_KEY];
  return typeof level === "string" && (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : null;
}

/** One line on standard error, where a server's own log goes (never stdout: on stdio that is the protocol's). */
function serverSideLog(level: LogLevel, data: unknown, logger: string | undefined): void {
  let text: string;
  try {
    text = typeof data === "string" ? data : JSON.stringify(data);
  } catch {
    text = String(data);
  }
  console.error(`wymcp: [${level}]${logger === undefined ? "" : ` ${logger}:`} ${text}`);
}
