/**
 * The context a handler receives beside its data: which call it serves, the
 * cancellation signal, and the client channel (log, progress, sampling,
 * elicitation). A call with no channel — the router called directly — gets
 * logs that go nowhere and requests that fail at once with a `ToolError`
 * saying why, never a wait.
 */
import { ToolError } from "../contract/tool-error.js";
import { LOG_LEVELS, type ClientChannel, type ClientLog, type LogLevel } from "../contract/client-channel.js";
import type { HandlerContext } from "../tool.js";
import { read } from "../util/inspect.js";

const quiet = async (): Promise<void> => {};
/** The log of a call without a channel: one shared object, since nothing is sent. */
const QUIET_LOG = Object.freeze(Object.fromEntries(LOG_LEVELS.map((level) => [level, quiet]))) as unknown as ClientLog;

/** What the handler of `tool.action` is given, over the channel when there is one. */
export function handlerContext(tool: string, action: string, signal: AbortSignal, request: unknown, channel: ClientChannel | undefined): HandlerContext {
  let log: ClientLog | undefined = channel === undefined ? QUIET_LOG : undefined;
  const progress = channel === undefined ? undefined : read(channel, "progress");
  return {
    tool,
    action,
    signal,
    request,
    // Made when a handler first logs: most calls never do, and every call pays for what it is handed.
    get log(): ClientLog {
      return (log ??= channelLog(channel!));
    },
    ...(typeof progress === "function" ? { progress: progress as NonNullable<ClientChannel["progress"]> } : {}),
    sample: channel === undefined ? () => Promise.reject(noClient("sampling")) : (params) => channel.sample(params),
    elicit: channel === undefined ? () => Promise.reject(noClient("elicitation")) : (params) => channel.elicit(params),
  };
}

function channelLog(channel: ClientChannel): ClientLog {
  const send = channel.log.bind(channel);
  return Object.freeze(Object.fromEntries(LOG_LEVELS.map((level: LogLevel) => [level, (data: unknown, logger?: string) => send(level, data, logger)]))) as ClientLog;
}

function noClient(what: string): ToolError {
  return new ToolError("client_unavailable", `${what} needs a connected MCP client, and this call came without one`, {
    hint: "serve the router through wymcp/mcp (stdio or stateful HTTP) to ask the client",
  });
}
