/**
 * The context a handler receives beside its data: which call it serves, the
 * cancellation signal, and the client channel (log, progress, sampling,
 * elicitation, roots). A call with no channel — the router called directly —
 * gets logs that go nowhere and questions that fail at once with a
 * `ToolError` saying why, never a wait.
 */
import { ToolError } from "../contract/tool-error.js";
import { LOG_LEVELS, type ClientChannel, type ClientLog, type LogLevel } from "../contract/client-channel.js";
import type { HandlerContext } from "../tool.js";
import { read } from "../util/inspect.js";

const quiet = async (): Promise<void> => {};
/** The log of a call without a channel: one shared object, since nothing is sent. */
const QUIET_LOG = Object.freeze(Object.fromEntries(LOG_LEVELS.map((level) => [level, quiet]))) as unknown as ClientLog;

/** What the handler of `tool.action` is given, over the channel when there is one. */
export function handlerContext(
  tool: string,
  action: string,
  signal: AbortSignal,
  request: unknown,
  channel: ClientChannel | undefined,
): HandlerContext {
  return channel === undefined
    ? new ChannelContext(tool, action, signal, request, undefined, NO_CLIENT)
    : new ChannelContext(tool, action, signal, request, channel, viaChannel(channel));
}

interface ClientRequests {
  readonly sample: HandlerContext["sample"];
  readonly elicit: HandlerContext["elicit"];
  readonly listRoots: HandlerContext["listRoots"];
}

const noRoots: HandlerContext["listRoots"] = () => Promise.reject(noClient("listing the client's roots"));

const NO_CLIENT: ClientRequests = {
  sample: () => Promise.reject(noClient("sampling")),
  elicit: () => Promise.reject(noClient("elicitation")),
  listRoots: noRoots,
};

function viaChannel(channel: ClientChannel): ClientRequests {
  // Read once: a channel written before listRoots existed has none, and its handlers get a ToolError saying so.
  const listRoots = read(channel, "listRoots");
  return {
    sample: (params, options) => channel.sample(params, options),
    elicit: (params, options) => channel.elicit(params, options),
    listRoots:
      typeof listRoots === "function"
        ? (options) => (listRoots as NonNullable<ClientChannel["listRoots"]>).call(channel, options)
        : () =>
            Promise.reject(
              new ToolError(
                "client_unavailable",
                "listing the client's roots needs a listRoots in the call's client channel, which has none",
                {
                  hint: "give the ClientChannel passed to callTool a listRoots method",
                },
              ),
            ),
  };
}

/**
 * A class rather than an object literal: made on every call, and a literal
 * with a getter and a conditional spread is what a profile showed. `sample`,
 * `elicit` and `listRoots` are own functions, so a handler may destructure them.
 */
class ChannelContext implements HandlerContext {
  readonly sample: HandlerContext["sample"];
  readonly elicit: HandlerContext["elicit"];
  readonly listRoots: HandlerContext["listRoots"];
  // Declared only: an own key exactly when the client sent a progress token.
  declare readonly progress?: NonNullable<ClientChannel["progress"]>;
  // Likewise: an own key exactly when the client sent a trace context.
  declare readonly trace?: NonNullable<ClientChannel["trace"]>;
  #log: ClientLog | undefined;
  readonly #channel: ClientChannel | undefined;

  constructor(
    readonly tool: string,
    readonly action: string,
    readonly signal: AbortSignal,
    readonly request: unknown,
    channel: ClientChannel | undefined,
    requests: ClientRequests,
  ) {
    this.#channel = channel;
    this.#log = channel === undefined ? QUIET_LOG : undefined;
    this.sample = requests.sample;
    this.elicit = requests.elicit;
    this.listRoots = requests.listRoots;
    const progress = channel === undefined ? undefined : read(channel, "progress");
    if (typeof progress === "function") this.progress = progress as NonNullable<ClientChannel["progress"]>;
    const trace = channel === undefined ? undefined : read(channel, "trace");
    if (trace !== undefined) this.trace = trace as NonNullable<ClientChannel["trace"]>;
  }

  /** Made when a handler first logs: most calls never do, and every call pays for what it is handed. */
  get log(): ClientLog {
    return (this.#log ??= this.#channel === undefined ? QUIET_LOG : channelLog(this.#channel));
  }
}

function channelLog(channel: ClientChannel): ClientLog {
  const send = channel.log.bind(channel);
  return Object.freeze(
    Object.fromEntries(LOG_LEVELS.map((level: LogLevel) => [level, (data: unknown, logger?: string) => send(level, data, logger)])),
  ) as ClientLog;
}

function noClient(what: string): ToolError {
  return new ToolError("client_unavailable", `${what} needs a connected MCP client, and this call came without one`, {
    hint: "serve the router through wymcp/mcp (stdio or HTTP) to ask the client",
  });
}
