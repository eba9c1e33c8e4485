/**
 * The framework-owned `help` tool, at three levels: `{}` is the index of
 * every tool with its action summaries, `{tool}` one tool complete, and
 * `{tool, action}` one action complete with the tool's `actionContext`.
 *
 * Obtaining follows the design: the index and the tool level render whole
 * tools, so they obtain every schema (`fetchSchemas`) and surface a
 * malformed one; the action level resolves through `fetchSchema` exactly as
 * dispatch does, so it serves a healthy action beside a malformed sibling.
 */
import type { ListingMode } from "./listing-mode.js";
import { fetchSchema, fetchSchemas, type CheckedActionSchema } from "../validation/obtaining.js";
import { errorAnswer, helpPointer, jsonAnswer, type ErrorReport, type Problem, type ToolAnswer } from "./answer.js";
import { HELP_TOOL_NAME } from "../validation/callback-surface.js";
import { actionContextOf, toldToClient, type FailurePolicy } from "./dispatch.js";
import { stderrLog, type ServerLog } from "./server-log.js";
import { didYouMean } from "../util/suggest.js";
import { echo } from "../util/echo.js";
import { ActionSchemaError } from "../validation/action-schema-error.js";
import { describeType, hasOwn, isPlainObject, ownKeys, read, isUnreadable } from "../util/inspect.js";
import type { ToolListing } from "./listing.js";
import { actionSummary, malformedReport } from "./report.js";
import { examplesOf, notesOf, relatedOf } from "../validation/schema-read.js";
import type { Tool } from "../tool.js";

/** What help reads: the registered tools, by name. */
export interface ToolLookup {
  /** Registered tool names, in listing order. */
  names(): readonly string[];
  get(name: string): Tool | undefined;
}

const HELP_KEYS = new Set(["tool", "action"]);

/**
 * Answers one call of the help tool.
 *
 * @example
 * ```ts
 * answerHelp(lookup, { tool: "tasks", action: "create" }); // the create action complete
 * ```
 */
export function answerHelp(lookup: ToolLookup, args: unknown, log: ServerLog = stderrLog, policy: FailurePolicy = {}): ToolAnswer {
  const refuse = (report: ErrorReport) => errorAnswer(report);
  const request = readHelpArguments(args);
  if (request.problems.length > 0) {
    return refuse({
      error: "invalid_arguments",
      message: "help takes {}, {tool} or {tool, action}",
      problems: request.problems,
      validTools: lookup.names(),
      help: helpPointer(),
    });
  }
  const { tool: name, action } = request;
  if (name === undefined) return jsonAnswer(index(lookup, (error) => toldToClient(error, log, policy)));
  const tool = lookup.get(name);
  if (tool === undefined) {
    return refuse({
      error: "unknown_tool",
      message: `no tool ${JSON.stringify(echo(name))}${didYouMean(name, lookup.names())}`,
      validTools: lookup.names(),
      help: helpPointer(),
    });
  }
  const malformed = (error: ActionSchemaError): ToolAnswer =>
    refuse({
      ...malformedReport(toldToClient(error, log, policy)),
      tool: name,
      ...(action === undefined ? {} : { action: echo(action) }),
      help: helpPointer(),
    });
  try {
    if (action === undefined) return jsonAnswer(toolLevel(tool, fetchSchemas(tool)));
    const found = fetchSchema(tool, action);
    if (!found.ok) {
      return refuse({
        error: "unknown_action",
        message: `${name} has no action ${JSON.stringify(echo(action))}${didYouMean(action, found.validNames)}`,
        tool: name,
        action: echo(action),
        validActions: found.validNames,
        // Every unknown target points at the index, as an unknown tool does.
        help: helpPointer(),
      });
    }
    return jsonAnswer({ tool: name, ...actionComplete(tool, action, found.schema), ...actionContextOf(tool, action) });
  } catch (error) {
    if (error instanceof ActionSchemaError) return malformed(error);
    throw error;
  }
}

/** The index: every tool with its action summaries; a malformed tool's entry carries its offences. */
function index(lookup: ToolLookup, told: (error: ActionSchemaError) => ActionSchemaError): unknown {
  const listed = lookup.names().flatMap((name) => {
    const tool = lookup.get(name);
    return tool === undefined ? [] : [{ name, tool }];
  });
  const tools = listed.map(({ name, tool }) => {
    const head = {
      name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description: tool.description,
      ...(read(tool, "flat") === true ? { flat: true } : {}),
    };
    try {
      const schemas = fetchSchemas(tool);
      const actions = Object.keys(schemas)
        .sort()
        .map((action) => ({ action, description: schemas[action]!.description }));
      return { ...head, actions, help: helpPointer(name) };
    } catch (error) {
      if (!(error instanceof ActionSchemaError)) throw error;
      const { error: code, offences } = malformedReport(told(error));
      return { ...head, error: code, offences, help: helpPointer(name) };
    }
  });
  return {
    usage: `call a tool with { action, data } (a flat tool with its data alone); ${helpPointer("<tool>")} shows every action of a tool`,
    tools,
  };
}

/** One tool complete: every action schema with its notes, related and examples. */
function toolLevel(tool: Tool, schemas: Readonly<Record<string, CheckedActionSchema>>): unknown {
  return {
    tool: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    usage:
      read(tool, "flat") === true
        ? `call ${tool.name} with the data itself (a flat tool: no { action, data } wrapper)`
        : `call ${tool.name} with { action: "<name>", data: { … } }`,
    actions: Object.keys(schemas)
      .sort()
      .map((action) => actionComplete(tool, action, schemas[action]!)),
  };
}

/**
 * One action complete: its summary plus notes, related and examples, and its
 * help pointer. Optional keys are read as dispatch reads them: one of the
 * wrong type is left out, never published as it is.
 */
function actionComplete(tool: Tool, action: string, schema: CheckedActionSchema): object {
  const notes = notesOf(schema);
  const related = relatedOf(schema);
  const examples = examplesOf(schema);
  return {
    ...actionSummary(action, schema),
    ...(notes === undefined ? {} : { notes }),
    ...(related === undefined ? {} : { related }),
    ...(examples === undefined ? {} : { examples }),
    help: helpPointer(tool.name, action),
  };
}

interface HelpRequest {
  readonly tool: string | undefined;
  readonly action: string | undefined;
  readonly problems: readonly Problem[];
}

/** `{}`, `{tool}` or `{tool, action}`, strings only, nothing else. */
function readHelpArguments(args: unknown): HelpRequest {
  if (args === undefined) args = {};
  if (!isPlainObject(args)) {
    return {
      tool: undefined,
      action: undefined,
      problems: [
        {
          code: "wrong_type",
          at: "arguments",
          problem: `the arguments are ${describeType(args)}`,
          fix: "send {}, {tool} or {tool, action}.",
        },
      ],
    };
  }
  const problems: Problem[] = [];
  const keys = ownKeys(args);
  for (const key of isUnreadable(keys) ? [] : keys.strings) {
    if (!HELP_KEYS.has(key))
      problems.push({
        code: "unknown_argument",
        at: "arguments",
        key: echo(key),
        problem: `unknown help parameter ${JSON.stringify(echo(key))}: help takes tool and action`,
        fix: "remove it.",
      });
  }
  const field = (key: "tool" | "action"): string | undefined => {
    const value = hasOwn(args, key) ? read(args, key) : undefined;
    if (value === undefined || typeof value === "string") return value;
    problems.push({
      code: "wrong_type",
      at: "arguments",
      key,
      problem: `${key} is ${describeType(value)}`,
      fix: `write the ${key} name as a string, or leave ${key} out.`,
    });
    return undefined;
  };
  const tool = field("tool");
  const action = field("action");
  if (action !== undefined && !hasOwn(args, "tool")) {
    problems.push({ code: "missing_tool", at: "arguments", key: "tool", problem: "action needs tool", fix: "send {tool, action}." });
  }
  return { tool, action, problems };
}

/**
 * The `tools/list` entry of the help tool, naming the tools it explains.
 *
 * @example
 * ```ts
 * helpListing(["tasks"]).name; // "help"
 * ```
 */
export function helpListing(toolNames: readonly string[], mode: ListingMode = "compact"): ToolListing {
  const known = toolNames.length === 0 ? "no tools are registered" : `one of: ${toolNames.join(", ")}`;
  // Strict providers want every key required (optional ones nullable); Gemini knows no additionalProperties.
  const optional = mode === "strict" ? ["string", "null"] : "string";
  return {
    name: HELP_TOOL_NAME,
    title: "Help",
    description:
      "Explains this server's tools and their actions: {} lists every tool with its actions, " +
      "{tool} shows every action schema of one tool, {tool, action} shows one action in full. Call it before guessing a tool's data.",
    inputSchema: {
      type: "object",
      properties: {
        tool: { type: optional, description: `A tool name (${known}).` },
        action: { type: optional, description: "An action of that tool; needs tool." },
      },
      ...(mode === "strict" ? { required: ["tool", "action"] } : {}),
      ...(mode === "gemini" ? {} : { additionalProperties: false }),
    },
    annotations: { title: "Help", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  };
}
