/**
 * What a handler can say to, and ask of, the client during a call: log
 * messages, progress, sampling, elicitation and the client's roots. The types
 * are wymcp's own (structurally the MCP ones), so the runtime entry needs no
 * SDK; `wymcp/mcp` provides the channel of every call it serves.
 */
import type { TraceContext } from "./trace-context.js";

/** MCP log levels, least severe first. */
export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/** The log levels in order of severity. */
export const LOG_LEVELS: readonly LogLevel[] = Object.freeze([
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
]);

/**
 * `notifications/message` to the client, one method per level; a message
 * below the level the client set with `logging/setLevel` is not sent.
 * `data` is any JSON value; `logger` names the source.
 */
export type ClientLog = Readonly<Record<LogLevel, (data: unknown, logger?: string) => Promise<void>>>;

/** One `notifications/progress`: progress so far, and the total when known. */
export type ProgressReporter = (progress: number, total?: number, message?: string) => Promise<void>;

/** A content block of a sampling message. */
export type SamplingContent =
  { readonly type: "text"; readonly text: string } | { readonly type: "image" | "audio"; readonly data: string; readonly mimeType: string };

/** `sampling/createMessage` params: ask the client's model for a completion. */
export interface SamplingRequest {
  readonly messages: readonly { readonly role: "user" | "assistant"; readonly content: SamplingContent }[];
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
  readonly modelPreferences?: Readonly<Record<string, unknown>>;
  readonly includeContext?: "none" | "thisServer" | "allServers";
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** The client's completion. */
export interface SamplingResult {
  readonly role: "user" | "assistant";
  readonly content: SamplingContent | readonly SamplingContent[];
  readonly model: string;
  readonly stopReason?: string;
  readonly [key: string]: unknown;
}

/** `elicitation/create` params (form mode): a message and the flat object schema of what to ask the user. */
export interface ElicitationRequest {
  readonly message: string;
  readonly requestedSchema: {
    readonly type: "object";
    readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    readonly required?: readonly string[];
  };
}

/** The user's answer. */
export interface ElicitationResult {
  readonly action: "accept" | "decline" | "cancel";
  readonly content?: Readonly<Record<string, string | number | boolean | readonly string[]>>;
  readonly [key: string]: unknown;
}

/** One root the client exposes (`roots/list`): a `file://` URI and an optional name. */
export interface ClientRoot {
  readonly uri: string;
  readonly name?: string;
  readonly [key: string]: unknown;
}

/** The client's roots. */
export interface RootsResult {
  readonly roots: readonly ClientRoot[];
  readonly [key: string]: unknown;
}

/**
 * How a question to the client is asked. On a 2026-07-28 request the
 * question travels in an `input_required` result, under a key the client
 * answers by: `key` names it (the conformance suite, say, expects
 * `"user_name"`); by default the key is made from the question itself, so an
 * answer is only ever used for the question it answered. The 2025 era sends
 * a request, and no key.
 *
 * @example
 * ```ts
 * await elicit({ message: "Your name?", requestedSchema }, { key: "user_name" });
 * ```
 */
export interface AskOptions {
  /** Letters, digits and `_ - . :`, at most 64 characters. */
  readonly key?: string;
}

/**
 * The connection to the client a transport gives one call (`CallContext.client`).
 * `progress` is present only when the client sent a progress token; a
 * channel without `listRoots` answers a handler's `listRoots` with a
 * `client_unavailable` ToolError.
 */
export interface ClientChannel {
  log(level: LogLevel, data: unknown, logger?: string): Promise<void>;
  readonly progress?: ProgressReporter;
  /** The W3C trace context the client sent with this call, when it sent one. */
  readonly trace?: TraceContext;
  sample(request: SamplingRequest, options?: AskOptions): Promise<SamplingResult>;
  elicit(request: ElicitationRequest, options?: AskOptions): Promise<ElicitationResult>;
  listRoots?(options?: AskOptions): Promise<RootsResult>;
}
