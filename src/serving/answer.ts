/**
 * The tool dialect: every answer the runtime gives a client is an MCP tool
 * result. Refusals and handler errors are data first — an `ErrorReport`
 * with a machine-readable `error` code — and become text once, here at the
 * edge, so a model reads the same JSON a program would parse.
 */
import { HELP_TOOL_NAME } from "../validation/callback-surface.js";

/** An MCP text content block. */
export interface TextContent {
  readonly type: "text";
  readonly text: string;
}

/** An MCP `tools/call` result: what the router answers and the SDK adapter sends as is. */
export interface ToolAnswer {
  readonly content: TextContent[];
  /** The handler's result, sent when the tool declares an `outputSchema`. */
  readonly structuredContent?: { readonly [key: string]: unknown };
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
  readonly code: string;
  readonly location: string;
  readonly problem: string;
  readonly fix: string;
  readonly line: string;
}

/** Everything an error answer says, as data. */
export interface ErrorReport {
  readonly error: string;
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
export function errorAnswer(report: ErrorReport): ToolAnswer {
  return { content: [{ type: "text", text: answerText(report) }], isError: true };
}

/** A JSON answer that is not an error (help's answers). */
export function jsonAnswer(value: unknown): ToolAnswer {
  return { content: [{ type: "text", text: answerText(value) }] };
}

/**
 * How deep an answer prints: past every schema registration admits (300
 * subschemas, two levels each, holding values 256 deep), well within what
 * the call stack recurses through.
 */
export const MAX_ANSWER_DEPTH = 1024;

/** How many values one answer prints at most: far beyond a real answer, short of a hang on shared structure. */
const MAX_ANSWER_VALUES = 1_000_000;

/** What an answer prints in place of a value nested deeper than it prints. */
export const TOO_DEEP = "[nested too deep: not shown]";
const CIRCULAR = JSON.stringify("[circular: not shown]");
const UNREADABLE = JSON.stringify("[unreadable: not shown]");
const TOO_MANY = JSON.stringify("[too large: not shown]");

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

/**
 * `value` as JSON text, read as `JSON.stringify` reads it (`toJSON`, own
 * enumerable string keys, `undefined`, functions and symbols left out or
 * `null` in arrays, non-finite numbers as `null`), except that it never
 * throws: anything nested deeper than `maxDepth` objects and arrays, a
 * cycle, a read that throws (a getter, a Proxy trap, `toJSON`) and values
 * past one million are written as a marker string, and a bigint as its
 * decimal string. Each value is read once.
 *
 * @example
 * ```ts
 * boundedJson({ a: { b: { c: 1 } } }, 2); // '{"a":{"b":"[nested too deep: not shown]"}}'
 * ```
 */
export function boundedJson(value: unknown, maxDepth: number = MAX_ANSWER_DEPTH): string {
  const parts: string[] = [];
  const ancestors = new Set<object>();
  const tooDeep = JSON.stringify(TOO_DEEP);
  let budget = MAX_ANSWER_VALUES;
  /** Writes one value; `false` when it writes nothing (a value JSON leaves out). */
  const write = (key: string, raw: unknown, depth: number): boolean => {
    if (--budget < 0) return parts.push(TOO_MANY) > 0;
    let value = raw;
    if ((typeof value === "object" && value !== null) || typeof value === "bigint") {
      try {
        const toJSON = (value as { toJSON?: unknown }).toJSON;
        if (typeof toJSON === "function") value = toJSON.call(value, key) as unknown;
      } catch {
        return parts.push(UNREADABLE) > 0;
      }
    }
    switch (typeof value) {
      case "string":
        return parts.push(JSON.stringify(value)) > 0;
      case "boolean":
        return parts.push(value ? "true" : "false") > 0;
      case "number":
        return parts.push(Number.isFinite(value) ? String(value) : "null") > 0;
      case "bigint":
        return parts.push(JSON.stringify(value.toString())) > 0;
      case "undefined":
      case "function":
      case "symbol":
        return false;
    }
    if (value === null) return parts.push("null") > 0;
    const object = value as Record<string, unknown>;
    if (depth >= maxDepth) return parts.push(tooDeep) > 0;
    if (ancestors.has(object)) return parts.push(CIRCULAR) > 0;
    let list: boolean;
    let keys: string[] | undefined;
    let length = 0;
    try {
      list = Array.isArray(object);
      if (list) length = (object as unknown as unknown[]).length;
      else keys = Object.keys(object);
    } catch {
      return parts.push(UNREADABLE) > 0;
    }
    ancestors.add(object);
    if (list) {
      parts.push("[");
      for (let index = 0; index < length; index++) {
        if (index > 0) parts.push(",");
        if (budget <= 0) {
          parts.push(TOO_MANY);
          break;
        }
        let entry: unknown;
        try {
          entry = object[index];
        } catch {
          parts.push(UNREADABLE);
          continue;
        }
        if (!write(String(index), entry, depth + 1)) parts.push("null");
      }
      parts.push("]");
    } else {
      parts.push("{");
      let first = true;
      for (const name of keys!) {
        const mark = parts.length;
        parts.push(first ? "" : ",", JSON.stringify(name), ":");
        if (budget <= 0) {
          parts.push(TOO_MANY);
          break;
        }
        let entry: unknown;
        try {
          entry = object[name];
        } catch {
          parts.push(UNREADABLE);
          first = false;
          continue;
        }
        // A value JSON leaves out takes its key with it.
        if (write(name, entry, depth + 1)) first = false;
        else parts.length = mark;
      }
      parts.push("}");
    }
    ancestors.delete(object);
    return true;
  };
  // The root is always a report or a help answer, never a value JSON leaves out.
  if (!write("", value, 0)) return "null";
  return parts.join("");
}
