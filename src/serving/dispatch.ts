/**
 * Dispatch: one `tools/call` to a wymcp tool, through the gate to its
 * handler. Every refusal and every handler error is answered in the tool
 * dialect (`isError: true`, an `error` code, the action's schema summary and
 * a help pointer), so a model can correct itself; nothing a caller sends or
 * a handler throws escapes as an exception.
 */
import { actionNames, fetchSchema, type CheckedActionSchema } from "../validation/obtaining.js";
import { errorAnswer, helpPointer, type ErrorReport, type ToolAnswer } from "./answer.js";
import { resultAnswer } from "./result-answer.js";
import { readArguments } from "./call-arguments.js";
import { didYouMean } from "../util/suggest.js";
import { echo } from "../util/echo.js";
import { ActionSchemaError } from "../validation/action-schema-error.js";
import { gateProblems } from "./gate.js";
import { hasOwn, read } from "../util/inspect.js";
import { mergeDefaults } from "./merge.js";
import { actionSummary, cappedProblems, malformedReport, problemReport, SHOWN_PROBLEMS } from "./report.js";
import { defaultsOf, requiredOf } from "../validation/schema-read.js";
import { nullAsAbsent } from "../validation/null-as-absent.js";
import type { HandlerContext, Tool } from "../tool.js";
import type { ClientChannel } from "../contract/client-channel.js";
import { handlerContext } from "./handler-context.js";
import { logError, newErrorId, stderrLog, thrownDetails, type ServerLog } from "./server-log.js";
import { ToolError } from "../contract/tool-error.js";

/** What a call carries besides its arguments. */
export interface CallContext {
  /** Aborted when the client cancels; a fresh, never-aborted signal when absent. */
  readonly signal?: AbortSignal;
  /** Transport-specific request details, handed to the handler as `context.request`. */
  readonly request?: unknown;
  /** Where server-side reports go (a handler's exception, a result that breaks the output schema); stderr when absent. */
  readonly log?: ServerLog;
  /** The connection to the client (log, progress, sampling, elicitation); `wymcp/mcp` gives one to every call. */
  readonly client?: ClientChannel;
}

/** How the server answers failures it does not word itself (set by `createRouter`). */
export interface FailurePolicy {
  /** Send an exception's own message to the client instead of a generic one with its error id (development only). */
  readonly exposeErrors?: boolean;
  /** Read `null` for an optional key as absent, at every depth (set for a tool listed `strict` or `gemini`). */
  readonly nullAsAbsent?: boolean;
  /**
   * The action a listed name stands for (an action's own listing, or a flat
   * tool): `args` are then that action's data, read once, never wrapped again.
   */
  readonly action?: string;
}

type Report = Omit<ErrorReport<string>, "tool" | "hint">;

/**
 * The signal of a call nobody can cancel: one shared instance, since nothing
 * can abort it, made at the first call — Workers refuse an AbortController
 * made while a module loads.
 */
let neverAborted: AbortSignal | undefined;

/**
 * Answers one call of `tool` with `args` (`{ action, data? }`).
 *
 * @example
 * ```ts
 * await dispatch(tasks, { action: "create", data: { name: "x" } }); // { content: [{ type: "text", text: "{\"id\":1}" }] }
 * ```
 */
export async function dispatch(tool: Tool, args: unknown, context: CallContext = {}, policy: FailurePolicy = {}): Promise<ToolAnswer> {
  const log = context.log ?? stderrLog;
  // `error` first, then `tool`: the order a reader scans the JSON in.
  const refuse = ({ error: code, ...report }: Report, error?: ToolError) =>
    errorAnswer(withHint(tool, { error: code, tool: tool.name, ...report }, error));
  // The data itself as the arguments: an action listed under its own name, or a flat tool's one action.
  const direct = policy.action ?? (read(tool, "flat") === true ? flatAction(tool) : undefined);
  const call = readArguments(
    direct === undefined ? args : { action: direct, ...(args === undefined ? {} : { data: args }) },
    direct !== undefined,
  );
  if (call.action === undefined) {
    return refuse({
      error: "invalid_arguments",
      message: `the call to ${tool.name} is not { action, data }`,
      ...cappedProblems(call.problems),
      validActions: safeNames(tool),
      help: helpPointer(tool.name),
    });
  }
  const { action } = call;
  let schema: CheckedActionSchema;
  try {
    const found = fetchSchema(tool, action);
    if (!found.ok) {
      return refuse({
        error: "unknown_action",
        message: `${tool.name} has no action ${JSON.stringify(echo(action))}${didYouMean(action, found.validNames)}`,
        // The arguments' own problems ride along (the data waits for a known action), so one answer says all to change.
        ...(call.problems.length > 0 ? cappedProblems(call.problems) : {}),
        action: echo(action),
        validActions: found.validNames,
        help: helpPointer(tool.name),
      });
    }
    schema = found.schema;
  } catch (error) {
    if (!(error instanceof ActionSchemaError)) throw error;
    // The index lists the tool's malformation beside every healthy tool.
    return refuse({ ...malformedReport(toldToClient(error, log, policy)), action: echo(action), help: helpPointer() });
  }
  // Built only for a refusal: a successful call reads nothing it does not need.
  const about = () => ({
    action,
    schema: actionSummary(action, schema),
    ...actionContextOf(tool, action),
    help: helpPointer(tool.name, action),
  });
  // Only the problems an answer shows are named and worded; the rest are counted (a hostile call stays cheap to refuse).
  // The one place a listing mode changes what the gate reads: a strict listing sends null for every optional key left out.
  const received = policy.nullAsAbsent === true ? nullAsAbsent(schema.properties, requiredOf(schema), call.data) : call.data;
  const { problems, unnamed } = gateProblems(schema, received, SHOWN_PROBLEMS);
  if (call.problems.length > 0) {
    // The data's own problems ride along, so one answer says everything to change.
    const all = [...call.problems, ...problems.map((problem) => problemReport(problem))];
    return refuse({
      error: "invalid_arguments",
      message:
        direct === undefined
          ? `the call to ${tool.name} is not { action, data }`
          : `the arguments of ${tool.name} are not an object of its fields`,
      ...cappedProblems(all, unnamed),
      ...about(),
    });
  }
  if (problems.length > 0) {
    const total = problems.length + unnamed;
    const count = `${total} ${total === 1 ? "problem" : "problems"}`;
    return refuse({
      error: "invalid_data",
      message: `the data of ${tool.name}.${action} has ${count}`,
      ...cappedProblems(
        problems.map((problem) => problemReport(problem)),
        unnamed,
      ),
      ...about(),
    });
  }
  const data = mergeDefaults(received, defaultsOf(schema));
  const handler = hasOwn(tool.handlers, action) ? read(tool.handlers, action) : undefined;
  if (typeof handler !== "function") {
    return refuse({ error: "internal_error", message: `${tool.name}.${action} has no handler`, ...about() });
  }
  let result: unknown;
  try {
    const given: HandlerContext = handlerContext(
      tool.name,
      action,
      context.signal ?? (neverAborted ??= new AbortController().signal),
      context.request,
      context.client,
    );
    result = await handler.call(tool.handlers, data, given);
  } catch (thrown) {
    // A ToolError is written for the client and passes as it is; anything else is the server's to read.
    const errorId = newErrorId();
    const error = toolErrorOf(tool, thrown, action, data, (failure) =>
      logError(log, `${tool.name}.${action}: handleError threw (error id ${errorId})`, {
        errorId,
        tool: tool.name,
        action,
        ...thrownDetails(failure),
      }),
    );
    if (error !== undefined)
      return refuse(
        { error: error.code, message: error.message, ...about(), ...(error.details === undefined ? {} : { details: error.details }) },
        error,
      );
    const failed = failure(log, policy, `${tool.name}.${action} failed`, thrown, { errorId, tool: tool.name, action });
    return refuse({ error: "handler_error", ...failed, ...about() });
  }
  return resultAnswer(result, tool.outputSchema, (problem, problems, cause) => {
    const message = `${tool.name}.${action}: ${problem}`;
    // The client learns its call failed; the author must learn their handler broke its promise (and why).
    logError(log, message, { ...(problems === undefined ? {} : { problems }), ...(cause === undefined ? {} : thrownDetails(cause)) });
    return refuse({ error: "invalid_result", message, ...(problems === undefined ? {} : cappedProblems(problems)), ...about() });
  });
}

/**
 * What a client is told of an exception wymcp did not word: by default a
 * generic message naming an error id, while the log gets the exception in
 * full (message and stack) under that id; with `exposeErrors`, the
 * exception's own message as well.
 *
 * @example
 * ```ts
 * failure(stderrLog, {}, "tasks.create failed", new Error("ENOENT /srv/app/secrets"), { errorId: newErrorId() });
 * // { message: "tasks.create failed (error id 3f9c…)", errorId: "3f9c…" } — the path only in the log
 * ```
 */
export function failure(
  log: ServerLog,
  policy: FailurePolicy,
  what: string,
  thrown: unknown,
  about: { readonly errorId: string; readonly [key: string]: unknown },
): { message: string; errorId: string } {
  const { errorId } = about;
  const details = { ...about, ...thrownDetails(thrown) };
  logError(log, `${what} (error id ${errorId})`, details);
  return { message: policy.exposeErrors === true ? `${what}: ${details.reason}` : `${what} (error id ${errorId})`, errorId };
}

/**
 * A malformed tool as a client is told of it. What `actions()` threw is the
 * author's exception, like a handler's: it may quote paths or secrets, so
 * by default the client reads an error id and the log reads the offence in
 * full (with `exposeErrors`, the client reads it too).
 *
 * @example
 * ```ts
 * toldToClient(error, stderrLog, {}).offences[0].problem; // "actions() threw (error id 3f9c…)"
 * ```
 */
export function toldToClient(error: ActionSchemaError, log: ServerLog, policy: FailurePolicy): ActionSchemaError {
  if (policy.exposeErrors === true || !error.offences.some((offence) => offence.code === "actions_threw")) return error;
  const errorId = newErrorId();
  logError(log, `${error.tool ?? "a tool"}: actions() threw (error id ${errorId})`, { errorId, tool: error.tool, reason: error.message });
  return new ActionSchemaError(
    error.tool,
    error.offences.map((offence) =>
      offence.code === "actions_threw" ? { ...offence, problem: `actions() threw (error id ${errorId})` } : offence,
    ),
  );
}

/** The `ToolError` for what a handler threw: its own, or `handleError`'s translation. */
function toolErrorOf(
  tool: Tool,
  thrown: unknown,
  action: string,
  data: unknown,
  translatorFailed: (failure: unknown) => void,
): ToolError | undefined {
  if (isToolError(thrown)) return thrown;
  const handleError = read(tool, "handleError");
  if (typeof handleError !== "function") return undefined;
  try {
    const translated: unknown = handleError.call(tool, thrown, { action, data });
    return isToolError(translated) ? translated : undefined;
  } catch (failure) {
    // A failing translator must not hide the original error: fall back to the default answer, and tell the operator.
    translatorFailed(failure);
    return undefined;
  }
}

/** `instanceof ToolError` that answers `false` when a thrown Proxy's prototype trap throws. */
function isToolError(value: unknown): value is ToolError {
  try {
    return value instanceof ToolError;
  } catch {
    return false;
  }
}

/** Adds the hint: the error's own, else the tool's hint for the code, else its `"*"` hint. */
function withHint(tool: Tool, report: ErrorReport<string>, error?: ToolError): ErrorReport<string> {
  const hints = read(tool, "hints");
  const pick = (code: string) => {
    const hint = typeof hints === "object" && hints !== null && hasOwn(hints, code) ? read(hints, code) : undefined;
    return typeof hint === "string" ? hint : undefined;
  };
  const hint = error?.hint ?? pick(report.error) ?? pick("*");
  return hint === undefined ? report : { ...report, hint };
}

/** The tool's `actionContext` for an action, as a report field; a throwing one is left out. */
export function actionContextOf(tool: Tool, action: string): { context?: string } {
  const { actionContext } = tool;
  try {
    const context = typeof actionContext === "function" ? actionContext(action) : actionContext;
    return typeof context === "string" ? { context } : {};
  } catch {
    return {};
  }
}

/** A flat tool's one action (`undefined` when it has not exactly one: the arguments are then read as `{ action, data }`). */
function flatAction(tool: Tool): string | undefined {
  const names = safeNames(tool);
  return names?.length === 1 ? names[0] : undefined;
}

function safeNames(tool: Tool): string[] | undefined {
  try {
    return actionNames(tool);
  } catch {
    return undefined;
  }
}
