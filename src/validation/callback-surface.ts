/**
 * The callback-surface check — a layer apart from the action-schema chain:
 * is this value a tool at all? A name, a description, an `actions` function,
 * a handler for every action and none without one, the reserved name
 * `help`, and well-typed optional parts.
 */
import { ActionSchemaError } from "./action-schema-error.js";
import { toolLabel } from "./format.js";
import { describeType, isArray, isPlainObject, ownKeys, read, isUnreadable, oneLine } from "../util/inspect.js";
import { actionNames, type RegistrationReading } from "./obtaining.js";
import { outputSchemaFaults } from "./output-check.js";
import { annotationFaults, iconFaults } from "./tool-metadata.js";

/** One problem with a tool's callback surface. */
export interface SurfaceOffence {
  /** The tool's name, when it has a string one. */
  readonly tool: string | undefined;
  /** The tool field at fault: `name`, `handlers`, `handlers["create"]`… */
  readonly field: string;
  readonly code:
    "not_object" | "invalid_name" | "reserved_name" | "wrong_type" | "invalid_schema" | "missing_handler" | "handler_without_action";
  readonly problem: string;
  readonly fix: string;
}

/** MCP tool names: 1–128 characters of letters, digits, `_`, `-` and `.`. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** The name of the framework-owned help tool, which no tool may take. */
export const HELP_TOOL_NAME = "help";

/** A field's faults beyond its type: each a problem naming its place, and its fix. */
type FieldFaults = (value: never) => readonly { problem: string; fix: string }[];

/** What is wrong with an optional field's value, naming the field (`undefined`: nothing). */
type FieldProblem = (value: unknown, field: string) => string | undefined;

/** A field that has only its type to be right. */
const typed =
  (ok: (value: unknown) => boolean): FieldProblem =>
  (value, field) =>
    ok(value) ? undefined : `${field} is ${describeType(value)}`;

const OPTIONAL_FIELDS: readonly [field: string, expected: string, problem: FieldProblem, faults?: FieldFaults][] = [
  [
    "title",
    "a non-empty string",
    (value, field) =>
      typeof value !== "string" ? `${field} is ${describeType(value)}` : value.trim() === "" ? `${field} is empty` : undefined,
  ],
  ["icons", "an array of MCP icons ({ src, mimeType?, sizes?, theme? })", typed(isArray), iconFaults],
  ["annotations", "a plain object of MCP tool annotations", typed(isPlainObject), annotationFaults],
  [
    "outputSchema",
    'a plain object JSON Schema with type: "object"',
    (value, field) =>
      !isPlainObject(value)
        ? `${field} is ${describeType(value)}`
        : value.type === "object"
          ? undefined
          : value.type === undefined
            ? `${field} has no "type"`
            : `${field}'s type is ${typeof value.type === "string" ? JSON.stringify(value.type) : describeType(value.type)}, not "object"`,
    outputSchemaFaults,
  ],
  [
    "hints",
    "a plain object mapping error codes to hint strings",
    (value, field) => {
      if (!isPlainObject(value)) return `${field} is ${describeType(value)}`;
      const wrong = Object.entries(value).find(([, hint]) => typeof hint !== "string");
      return wrong === undefined ? undefined : `${field}[${JSON.stringify(wrong[0])}] is ${describeType(wrong[1])}, not a string`;
    },
  ],
  ["handleError", "a function", typed((value) => typeof value === "function")],
  [
    "actionContext",
    "a string or a function of the action name",
    typed((value) => typeof value === "string" || typeof value === "function"),
  ],
];

/**
 * Every callback-surface problem of `tool` (an empty array when it has none).
 * The handlers are checked against the action names of `reading` when it is
 * given — the registration moment's one read of the record
 * (`obtainForRegistration`) — and against a read of their own otherwise.
 * Every problem and fix is one line (author-chosen text is escaped).
 *
 * @example
 * ```ts
 * callbackSurfaceOffences({ name: "help" }); // reserved name, missing description, …
 * ```
 */
export function callbackSurfaceOffences(tool: unknown, reading?: Pick<RegistrationReading, "names">): SurfaceOffence[] {
  if (typeof tool !== "object" || tool === null) {
    return [
      {
        tool: undefined,
        field: "tool",
        code: "not_object",
        problem: `the tool is ${describeType(tool)}`,
        fix: "pass the value defineTool(...) returns.",
      },
    ];
  }
  const name = read(tool, "name");
  const label = typeof name === "string" ? name : undefined;
  const offences: SurfaceOffence[] = [];
  const add = (field: string, code: SurfaceOffence["code"], problem: string, fix: string) =>
    offences.push({ tool: label, field, code, problem: oneLine(problem), fix: oneLine(fix) });

  if (typeof name !== "string" || !TOOL_NAME.test(name)) {
    add(
      "name",
      "invalid_name",
      typeof name === "string" ? `the name ${JSON.stringify(name)} is not a valid MCP tool name` : `the name is ${describeType(name)}`,
      'name the tool with 1–128 letters, digits, "_", "-" or ".", such as "tasks".',
    );
  } else if (name === HELP_TOOL_NAME) {
    add("name", "reserved_name", `the name "${HELP_TOOL_NAME}" is reserved for the built-in help tool`, "choose another name.");
  }
  const description = read(tool, "description");
  if (typeof description !== "string" || description.trim() === "") {
    add(
      "description",
      "wrong_type",
      `the description is ${typeof description === "string" ? "empty" : describeType(description)}`,
      "describe what the tool is for in one sentence.",
    );
  }
  if (typeof read(tool, "actions") !== "function") {
    add(
      "actions",
      "wrong_type",
      `actions is ${describeType(read(tool, "actions"))}`,
      "declare the tool with defineTool, which makes actions a function.",
    );
  }
  for (const [field, expected, problemOf, faults] of OPTIONAL_FIELDS) {
    const value = read(tool, field);
    if (value === undefined) continue;
    const problem = fieldProblem(problemOf, value, field);
    if (problem !== undefined) add(field, "wrong_type", problem, `write ${expected}, or leave it out.`);
    else for (const fault of faults?.(value as never) ?? []) add(field, "invalid_schema", fault.problem, fault.fix);
  }
  offences.push(...handlerOffences(tool, label, reading));
  return offences;
}

function handlerOffences(
  tool: object,
  label: string | undefined,
  reading: Pick<RegistrationReading, "names"> | undefined,
): SurfaceOffence[] {
  const handlers = read(tool, "handlers");
  if (!isPlainObject(handlers)) {
    return [
      {
        tool: label,
        field: "handlers",
        code: "wrong_type",
        problem: `handlers is ${describeType(handlers)}`,
        fix: "write an object with one handler function per action.",
      },
    ];
  }
  let names: readonly string[];
  if (reading !== undefined) {
    if (reading.names === undefined) return []; // the action-schema chain reports an unreadable record
    names = reading.names;
  } else {
    try {
      names = actionNames(tool);
    } catch (error) {
      if (error instanceof ActionSchemaError) return []; // the action-schema chain reports an unreadable record
      throw error;
    }
  }
  const keys = ownKeys(handlers);
  const handled = isUnreadable(keys) ? [] : keys.strings;
  const offences: SurfaceOffence[] = [];
  for (const action of names) {
    const handler = read(handlers, action);
    if (typeof handler !== "function") {
      offences.push({
        tool: label,
        field: `handlers[${JSON.stringify(action)}]`,
        code: "missing_handler",
        problem:
          handler === undefined
            ? `action ${JSON.stringify(action)} has no handler`
            : `the handler of ${JSON.stringify(action)} is ${describeType(handler)}`,
        fix: `add ${handlerAccess(action)}: async (data, context) => { … }.`,
      });
    }
  }
  const declared = new Set(names);
  for (const action of handled) {
    if (!declared.has(action)) {
      offences.push({
        tool: label,
        field: `handlers[${JSON.stringify(action)}]`,
        code: "handler_without_action",
        problem: `handler ${JSON.stringify(action)} has no action`,
        fix: `declare action ${JSON.stringify(action)} in actions, or remove its handler.`,
      });
    }
  }
  return offences;
}

/** `handlers.create`, or `handlers["two words"]` for a name that is not an identifier (a line break stays escaped). */
function handlerAccess(action: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(action) ? `handlers.${action}` : `handlers[${JSON.stringify(action)}]`;
}

/** What is wrong with an optional field's value; a read inside it that throws (a getter, a Proxy) makes its type the problem. */
function fieldProblem(problemOf: FieldProblem, value: unknown, field: string): string | undefined {
  try {
    return problemOf(value, field);
  } catch {
    return `${field} is ${describeType(value)}`;
  }
}

/**
 * Thrown by `checkCallbackSurface`: every callback-surface problem of one or
 * more tools, one per line.
 */
export class CallbackSurfaceError extends TypeError {
  override readonly name = "CallbackSurfaceError";
  readonly offences: readonly SurfaceOffence[];

  constructor(offences: readonly SurfaceOffence[]) {
    super(formatSurfaceOffences(offences));
    this.offences = offences;
  }
}

/**
 * One surface offence as a line of an error message: `tool "tasks" handlers["create"]: … Fix: …`.
 * Always one line, whoever built the offence.
 */
export function surfaceLine(offence: Pick<SurfaceOffence, "tool" | "field" | "problem" | "fix">): string {
  return oneLine(`${toolLabel(offence.tool)} ${offence.field}: ${offence.problem}. Fix: ${offence.fix}`);
}

function formatSurfaceOffences(offences: readonly SurfaceOffence[]): string {
  const lines = offences.map((o) => `  ${surfaceLine(o)}`);
  return [`${offences.length} tool ${offences.length === 1 ? "problem" : "problems"}`, ...lines].join("\n");
}

/**
 * Throws a `CallbackSurfaceError` naming every callback-surface problem.
 *
 * @example
 * ```ts
 * checkCallbackSurface(tasks); // passes for a well-formed tool
 * ```
 */
export function checkCallbackSurface(tool: unknown): void {
  const offences = callbackSurfaceOffences(tool);
  if (offences.length > 0) throw new CallbackSurfaceError(offences);
}
