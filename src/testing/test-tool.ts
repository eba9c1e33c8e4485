/**
 * One tool under test: registered on a router of its own (so the
 * registration check runs as at start-up), called action by action with
 * data typed from the action's schema, each answer read back as data, and
 * the server log kept where the test reads it instead of on standard error —
 * a handler's exception comes back with the refusal that reports it.
 */
import type { ObjectOf } from "../contract/infer.js";
import { createRouter, type Router, type RouterOptions } from "../serving/router.js";
import type { ActionRecord, Tool } from "../tool.js";
import { readAnswer, type CallResult, type ThrownError } from "./read-answer.js";

/**
 * The data a call may send to an action: its `required` keys present, every
 * other key optional — keys with `defaults` too, which the gate fills in.
 *
 * @example
 * ```ts
 * type Create = CallData<{ description: "Create"; properties: { name: { type: "string" } }; required: ["name"] }>; // { name: string }
 * ```
 */
export type CallData<S> = S extends { readonly properties: infer Properties }
  ? ObjectOf<Properties, S extends { readonly required: readonly (infer Name)[] } ? Extract<Name, string> : never>
  : Record<string, unknown>;

/** `data` may be left out when the action requires nothing. */
type DataArgument<S> = {} extends CallData<S> ? [data?: CallData<S>] : [data: CallData<S>];

/**
 * What the router reported on its server log: a handler's exception (under
 * its error id, with its stack), a result that breaks the `outputSchema`.
 *
 * @example
 * ```ts
 * expect(tasks.log).toEqual([]); // nothing went wrong on the server's side
 * ```
 */
export interface LogReport {
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>> | undefined;
}

/**
 * A tool under test (see `testTool`).
 *
 * @example
 * ```ts
 * const tasks = testTool(tasksTool);
 * await tasks.call("create", { name: "Buy milk" });
 * ```
 */
export interface ToolTester<A extends ActionRecord> {
  /** Calls one action as a client does (`{ action, data }`), with data typed from its schema. */
  call<K extends keyof A & string>(action: K, ...data: DataArgument<A[K]>): Promise<CallResult>;
  /** Sends any arguments, unchecked by the types — what a model may send: for the refusals. */
  send(args: unknown): Promise<CallResult>;
  /** Every report the router made, oldest first. */
  readonly log: readonly LogReport[];
  /** The router the tool is registered on, alone: `listTools()`, the `help` tool. */
  readonly router: Router;
}

/**
 * Registers `tool` on a router of its own and returns a tester. Throws the
 * registration's `ToolRegistrationError` for a malformed tool, as start-up
 * would. `options` are the router's (`listing`, `exposeErrors`…); its `log`
 * is the tester's own.
 *
 * @example
 * ```ts
 * const tasks = testTool(tasksTool);
 * expect(await tasks.call("create", { name: "Buy milk" })).toMatchObject({ ok: true, value: { name: "Buy milk" } });
 * expect(await tasks.send({ action: "create", data: { nmae: "Buy milk" } })).toMatchObject({ ok: false, error: "invalid_data" });
 * ```
 */
export function testTool<A extends ActionRecord>(tool: Tool<A>, options: Omit<RouterOptions, "tools" | "log"> = {}): ToolTester<A> {
  const log: LogReport[] = [];
  const router = createRouter({ ...options, tools: [tool], log: { error: (message, details) => void log.push({ message, details }) } });
  const send = async (args: unknown): Promise<CallResult> => {
    const result = readAnswer(await router.callTool(tool.name, args));
    if (result.ok || result.report.errorId === undefined) return result;
    const thrown = thrownOf(log, result.report.errorId);
    return thrown === undefined ? result : { ...result, thrown };
  };
  return {
    log,
    router,
    send,
    // A flat tool takes its one action's data as its arguments.
    call: (action, ...[data]) => send(tool.flat === true ? (data ?? {}) : { action, ...(data === undefined ? {} : { data }) }),
  };
}

/** The exception the log recorded under `errorId`. */
function thrownOf(log: readonly LogReport[], errorId: string): ThrownError | undefined {
  const details = log.find((report) => report.details?.["errorId"] === errorId)?.details;
  if (typeof details?.["reason"] !== "string") return undefined;
  const { name, reason, stack } = details as { name?: unknown; reason: string; stack?: unknown };
  return { ...(typeof name === "string" ? { name } : {}), reason, ...(typeof stack === "string" ? { stack } : {}) };
}
