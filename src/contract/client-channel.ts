/**
 * What a handler can say to, and ask of, the client during a call: log
 * messages, progress, sampling and elicitation. The types are wymcp's own
 * (structurally the MCP ones), so the runtime entry needs no SDK; `wymcp/mcp`
 * provides the channel of every call it serves.
 */

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

/**
 * The connection to the client a transport gives one call (`CallContext.client`).
 * `progress` is present only when the client sent a progress token.
 */
export interface ClientChannel {
  log(level: LogLevel, data: unknown, logger?: string): Promise<void>;
  readonly progress?: ProgressReporter;
  sample(request: SamplingRequest): Promise<SamplingResult>;
  elicit(request: ElicitationRequest): Promise<ElicitationResult>;
}
