/**
 * The protocol-level checks of `tools/call` and `tools/list`, answered as
 * JSON-RPC errors worded by wymcp (the 2025-11-25 spec: a malformed request
 * and an unknown tool are protocol errors, -32602; a tool's invalid input is
 * a tool execution error, `isError: true`, which the gate answers).
 */
import { ProtocolError, ProtocolErrorCode, specTypeSchemas, type CallToolRequest } from "@modelcontextprotocol/server";
import { helpPointer, type ToolAnswer } from "../serving/answer.js";
import { echo, echoWords } from "../util/echo.js";
import { readTraceContext, type TraceContext } from "../contract/trace-context.js";

/**
 * The request's params, checked with the SDK's own schema and returned as
 * sent; a failure is one -32602 error naming each problem at its place, with
 * the problems as data.
 */
export function callParams(request: unknown): CallToolRequest["params"] {
  if (isPlainCall(request)) return request.params;
  const verdict = specTypeSchemas.CallToolRequest["~standard"].validate(request);
  // zod falls back to an async parse when a getter or Proxy trap throws: that request cannot be read.
  if (verdict instanceof Promise) verdict.catch(() => {});
  const parsed = verdict instanceof Promise ? { issues: [{ path: ["params"], message: "could not be read" }] } : verdict;
  // The params as the client sent them: the parsed copy is rebuilt by zod, which reads a "__proto__" key as a prototype.
  if (parsed.issues === undefined) return (request as CallToolRequest).params;
  const problems = parsed.issues.map((issue) => ({
    at: echo(["params", ...(issue.path ?? []).slice(1).map((key) => (typeof key === "object" ? key.key : key))].map(String).join(".")),
    problem: echoWords(issue.message),
  }));
  const listed = problems.map((problem) => `${problem.at}: ${problem.problem}`).join("; ");
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Invalid tools/call params (${listed}); send { name: string, arguments?: object }`,
    {
      error: "invalid_params",
      problems,
      help: helpPointer(),
    },
  );
}

/**
 * The common shape, which the SDK's schema certainly accepts, answered
 * without it (every call pays for that parse): `{ name: string }` with
 * plain-object arguments or none, and no `_meta` or `task` for the schema to
 * look into. Anything else is the schema's to judge.
 */
function isPlainCall(request: unknown): request is CallToolRequest {
  try {
    return plainCallShape(request);
  } catch {
    // A throwing getter or Proxy trap (only an in-process transport can hand one over) is the schema's to word.
    return false;
  }
}

function plainCallShape(request: unknown): boolean {
  if (typeof request !== "object" || request === null || (request as { method?: unknown }).method !== "tools/call") return false;
  const params = (request as { params?: unknown }).params;
  if (typeof params !== "object" || params === null || Object.getPrototypeOf(params) !== Object.prototype) return false;
  const { name, arguments: args, _meta, task } = params as Record<string, unknown>;
  const plainArguments =
    args === undefined || (typeof args === "object" && args !== null && Object.getPrototypeOf(args) === Object.prototype);
  return typeof name === "string" && plainArguments && _meta === undefined && task === undefined;
}

/**
 * The W3C trace context of a call's `_meta`, or `undefined` when it sent
 * none; a malformed one is refused (-32602) naming the field and the format,
 * before any handler runs.
 */
export function traceOf(meta: unknown): TraceContext | undefined {
  const read = readTraceContext(meta);
  if (read === undefined || !("problem" in read)) return read;
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid _meta.${read.field}: ${read.problem}; ${read.fix}`, {
    error: "invalid_trace_context",
    ...read,
  });
}

/** An unknown tool as the spec words it (-32602), with wymcp's report (did-you-mean, valid tools, help) as data. */
export function unknownTool(name: string, report: unknown): ProtocolError {
  const message =
    typeof report === "object" && report !== null && typeof (report as { message?: unknown }).message === "string"
      ? (report as { message: string }).message
      : `no tool ${JSON.stringify(echo(name))}`;
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${message}; call ${helpPointer()} for the list`, report);
}

/** `tools/list` answers every tool in one page and issues no cursor, so any cursor is one it did not issue. */
export function refuseCursor(cursor: unknown): void {
  if (cursor === undefined) return;
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Invalid cursor ${echo(JSON.stringify(cursor))}: ` +
      "this server lists every tool in one page and issues no cursor; send tools/list without one",
  );
}

/** The report a refusal answer carries as JSON in its first block (`error`, `message`, …); `undefined` for any other answer. */
export function reportOf(answer: ToolAnswer): unknown {
  const first = answer.content[0];
  try {
    return first?.type === "text" ? JSON.parse(first.text) : undefined;
  } catch {
    return undefined;
  }
}
