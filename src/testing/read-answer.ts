/**
 * A tool answer read back as data for a test: the JSON a handler's result
 * became, or the refusal's report with its problems — the same reading for
 * an answer from `router.callTool` and one from the SDK's `Client`.
 */
import type { ContentBlock } from "../contract/content.js";
import type { ErrorReport, Problem, ToolAnswer } from "../serving/answer.js";

/**
 * A call the tool answered: its handler ran and the result passed the
 * tool's `outputSchema`, if it declares one.
 *
 * @example
 * ```ts
 * const created = await tasks.call("create", { name: "Buy milk" });
 * if (created.ok) console.log(created.value); // { id: 1, name: "Buy milk" }
 * ```
 */
export interface Answered {
  readonly ok: true;
  /** The JSON the answer's one text block carries — a handler's plain result; `undefined` for other content. */
  readonly value: unknown;
  /** The content blocks as the client receives them. */
  readonly content: readonly ContentBlock[];
  /** Sent beside the content when the tool declares an `outputSchema`. */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
}

/**
 * A call the tool refused (bad arguments or data, an unknown action), a
 * handler's `ToolError`, or a handler that failed.
 *
 * @example
 * ```ts
 * const refused = await tasks.send({ action: "create", data: { nmae: "Buy milk" } });
 * if (!refused.ok) console.log(refused.error, refused.problems.map((problem) => problem.at)); // "invalid_data" ["data", "data"]
 * ```
 */
export interface Refused {
  readonly ok: false;
  /** The answer's error code: one of wymcp's (`invalid_data`, `handler_error`…) or a handler's `ToolError` code. */
  readonly error: string;
  /** Everything the answer says, as the model reads it. */
  readonly report: ErrorReport<string>;
  /** Each problem of the call's arguments, data or result at its data path; empty when the answer lists none. */
  readonly problems: readonly Problem[];
  /** A handler's exception (not a `ToolError`) as the server log recorded it; filled by `testTool`, which keeps the log. */
  readonly thrown?: ThrownError;
}

/**
 * What a handler threw, as the server log records it: the client is told
 * only an error id, the test reads the exception.
 *
 * @example
 * ```ts
 * if (!result.ok && result.thrown) console.log(result.thrown.reason, result.thrown.stack);
 * ```
 */
export interface ThrownError {
  readonly name?: string;
  readonly reason: string;
  readonly stack?: string;
}

/**
 * What a tool call came to: `ok` tells an answer from a refusal.
 *
 * @example
 * ```ts
 * expect(await tasks.call("close", { id: 99 })).toMatchObject({ ok: false, error: "not_found" });
 * ```
 */
export type CallResult = Answered | Refused;

/**
 * Reads a tool answer — from `router.callTool` or the SDK `Client`'s
 * `callTool` — as a `CallResult`. Throws a `TypeError` for anything that is
 * not a tool answer, or an error answer that is not wymcp's JSON report.
 *
 * @example
 * ```ts
 * const result = readAnswer(await router.callTool("tasks", { action: "list" }));
 * if (result.ok) console.log(result.value); // { tasks: [] }
 * ```
 */
export function readAnswer(answer: unknown): CallResult {
  const { content, isError, structuredContent } = (typeof answer === "object" && answer !== null ? answer : {}) as Partial<ToolAnswer>;
  if (!Array.isArray(content)) throw new TypeError("not a tool answer: it has no content array");
  const text = content.length === 1 && content[0]?.type === "text" ? content[0].text : undefined;
  if (isError === true) {
    const report = text === undefined ? undefined : parse(text);
    if (!isReport(report)) throw new TypeError(`not a wymcp error answer: ${JSON.stringify(content).slice(0, 200)}`);
    return { ok: false, error: report.error, report, problems: report.problems ?? [] };
  }
  return {
    ok: true,
    value: text === undefined ? undefined : parse(text),
    content,
    ...(typeof structuredContent === "object" ? { structuredContent } : {}),
  };
}

/** The JSON a text carries, or `undefined` when it is prose (a `text(...)` block). */
function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isReport(value: unknown): value is ErrorReport<string> {
  return typeof value === "object" && value !== null && typeof (value as { error?: unknown }).error === "string";
}
