/**
 * The tool dialect: every answer the runtime gives a client is an MCP tool
 * result. Refusals and handler errors are data first — an `ErrorReport`
 * with a machine-readable `error` code — and become text once, here at the
 * edge, so a model reads the same JSON a program would parse.
 */
import { HELP_TOOL_NAME } from "../validation/callback-surface.js";
import { boundedJson } from "../util/bounded-json.js";
import type { ContentBlock } from "../contract/content.js";
import type { OffenceCode } from "../validation/offence.js";

export type { TextContent } from "../contract/content.js";

/** An MCP `tools/call` result: what the router answers and the SDK adapter sends as is. */
export interface ToolAnswer {
  readonly content: ContentBlock[];
  /** The handler's result, sent when the tool declares an `outputSchema`. */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: boolean;
}

/**
 * The error codes the runtime itself answers with. A handler's `ToolError`
 * adds its own codes beside these.
 */
export type AnswerCode =
  | "invalid_arguments"
  | "unknown_tool"
  | "unknown_action"
  | "malformed_action"
  | "malformed_tool"
  | "invalid_data"
  | "handler_error"
  | "invalid_result"
  | "internal_error";

/**
 * What a problem of a call's arguments, data or result is: the closed set a
 * client can switch on.
 */
export type ProblemCode =
  | "wrong_type"
  | "unknown_argument"
  | "missing_action"
  | "missing_tool"
  | "missing_required"
  | "no_required_group"
  | "unknown_key"
  | "symbol_key"
  | "unreadable"
  | "invalid_value";

/** One problem with a call's arguments or data, its place spelled as a data path. */
export interface Problem {
  readonly code: ProblemCode;
  /** Where: `arguments`, `data`, `data["opts"]["tags"][2]`… */
  readonly at: string;
  /** The key at fault inside that place, when there is one. */
  readonly key?: string;
  /** For a value its schema refuses: the JSON Schema keyword it breaks (`type`, `enum`, `minimum`…). */
  readonly keyword?: string;
  /** What is wrong, without a trailing period. */
  readonly problem: string;
  /** What to change: one sentence. */
  readonly fix: string;
}

/** An action schema as error answers and help show it. */
export interface ActionSummary {
  readonly action: string;
  readonly description: string;
  readonly properties: unknown;
  readonly required?: readonly string[];
  readonly requiredOneOf?: readonly (readonly string[])[];
  readonly defaults?: unknown;
}

/** An offence as a client sees it: where, what, how to fix it. */
export interface OffenceReport {
  readonly code: OffenceCode;
  readonly location: string;
  readonly problem: string;
  readonly fix: string;
  readonly line: string;
}

/**
 * Everything an error answer says, as data. `error` is one of the runtime's
 * own codes, or — for a handler's `ToolError` — the code the handler chose:
 * `ErrorReport<"not_found">` types the answers of a tool whose handlers throw
 * `ToolError("not_found", …)` and nothing else.
 *
 * @example
 * ```ts
 * const report = JSON.parse(answer.content[0].text) as ErrorReport<"not_found">;
 * if (report.error === "invalid_data") report.problems?.map((problem) => problem.at);
 * ```
 */
export interface ErrorReport<HandlerCode extends string = never> {
  readonly error: AnswerCode | HandlerCode;
  readonly message: string;
  readonly tool?: string;
  readonly action?: string;
  readonly problems?: readonly Problem[];
  /** How many problems were left out of `problems` to keep the answer small. */
  readonly moreProblems?: number;
  readonly offences?: readonly OffenceReport[];
  readonly validTools?: readonly string[];
  readonly validActions?: readonly string[];
  readonly schema?: ActionSummary;
  /** The tool's `actionContext` for this action. */
  readonly context?: string;
  readonly hint?: string;
  readonly details?: unknown;
  /**
   * For `handler_error` and `internal_error`: a random id naming the full
   * error in the server log, which the client is not told.
   */
  readonly errorId?: string;
  /** A copyable help call that explains what to send instead. */
  readonly help: string;
}

/**
 * A copyable help call: `help {}`, `help {tool: "tasks"}`,
 * `help {tool: "tasks", action: "create"}`.
 *
 * @example
 * ```ts
 * helpPointer("tasks", "create"); // 'help {tool: "tasks", action: "create"}'
 * ```
 */
export function helpPointer(tool?: string, action?: string): string {
  const fields: string[] = [];
  if (tool !== undefined) fields.push(`tool: ${JSON.stringify(tool)}`);
  if (tool !== undefined && action !== undefined) fields.push(`action: ${JSON.stringify(action)}`);
  return `${HELP_TOOL_NAME} {${fields.join(", ")}}`;
}

/**
 * An `isError` answer carrying the report as JSON text.
 *
 * @example
 * ```ts
 * errorAnswer({ error: "unknown_tool", message: "no tool \"x\"", help: helpPointer() });
 * ```
 */
export function errorAnswer(report: ErrorReport<string>): ToolAnswer {
  return { content: [{ type: "text", text: answerText(report) }], isError: true };
}

/** A JSON answer that is not an error (help's answers). */
export function jsonAnswer(value: unknown): ToolAnswer {
  return { content: [{ type: "text", text: answerText(value) }] };
}

/**
 * An answer's JSON text. What an answer carries comes partly from authors
 * (schemas, defaults, examples, error details) and may be deeper, cyclic,
 * shared or unreadable beyond what `JSON.stringify` survives, so it is
 * written by `boundedJson`, which never throws.
 */
function answerText(value: unknown): string {
  try {
    return boundedJson(value);
  } catch {
    // Only a call stack already near its limit gets here: print far less.
    return boundedJson(value, 32);
  }
}
