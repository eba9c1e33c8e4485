/**
 * The client channel of one `tools/call` served by the SDK: log and progress
 * notifications ride the request's own stream (`ctx.mcpReq.notify`, so
 * they reach the client in stateless HTTP too), and sampling / elicitation
 * are requests related to the call. What needs the client's reply fails at
 * once, with a `ToolError` the model reads, when it cannot come: in
 * stateless HTTP (the reply would reach another server) or when the client
 * did not declare the capability.
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
import { LOG_LEVELS, type LogLevel } from "../contract/client-channel.js";
import { ToolError } from "../contract/tool-error.js";
import type { ClientChannel, SamplingResult } from "../contract/client-channel.js";
import type { LogLevelGate } from "./logging-level.js";

/** How a call may reach its client. */
export interface ChannelMode {
  /** False in stateless HTTP: no reply to a server request can reach the server that sent it. */
  readonly clientRequests: boolean;
}

/** The channel of the call whose handler `context` was given. */
export function clientChannel(server: Server, context: ServerContext, levels: LogLevelGate, mode: ChannelMode): ClientChannel {
  const token = context.mcpReq._meta?.progressToken;
  const ask = (capability: "sampling" | "elicitation") => {
    // 2026-07-28 has no server-to-client requests: its multi-round-trip input is not offered yet.
    if (modernLogLevel(context) !== undefined) {
      throw new ToolError(
        "needs_session",
        `${capability} on a 2026-07-28 request needs multi-round-trip input, which this server does not offer`,
        {
          hint: "connect with the 2025-11-25 handshake (stdio or stateful HTTP) for tools that ask the client",
        },
      );
    }
    if (!mode.clientRequests) {
      throw new ToolError("needs_session", `${capability} needs the client's reply, which a stateless HTTP server cannot receive`, {
        hint: "serve this tool over stdio or stateful HTTP (createHttpHandler without stateless: true)",
      });
    }
    if (server.getClientCapabilities()?.[capability] === undefined) {
      throw new ToolError("client_unsupported", `the client did not declare the ${capability} capability`, {
        hint: `use a client that supports ${capability}, or do without it`,
      });
    }
  };
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
    async sample(request) {
      ask("sampling");
      const params = request as unknown as Extract<ServerRequest, { method: "sampling/createMessage" }>["params"];
      const result = await context.mcpReq.send({ method: "sampling/createMessage", params }, { signal: context.mcpReq.signal });
      return result as unknown as SamplingResult;
    },
    async elicit(request) {
      ask("elicitation");
      const params = request as unknown as Extract<ServerRequest, { method: "elicitation/create" }>["params"];
      return await context.mcpReq.send({ method: "elicitation/create", params }, { signal: context.mcpReq.signal });
    },
  };
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
