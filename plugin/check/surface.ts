/**
 * The rest of what `createRouter` checks, at build time: the tool's name and
 * description, its output schema, icons, annotations, hints and error
 * handling, and a handler for every action and none without one — checked by
 * the runtime's own `callbackSurfaceOffences` (one rulebook), on the parts
 * of the declaration the evaluator knows. A part it could not evaluate (an
 * imported output schema, a spread) is left to registration, never guessed.
 */
import { callbackSurfaceOffences, type Offence, type OffenceCode, type SurfaceOffence } from "../../src/index.js";
import { positionOf, type Node } from "../evaluator/ast.js";
import type { Provenance } from "../evaluator/provenance.js";
import { Unknown } from "../evaluator/unknown.js";
import { OPTIONAL_SURFACE_PARTS, unknownsIn, type ToolDeclaration } from "./declarations.js";
import type { LocatedOffence } from "./locate.js";

/** What an unknown handler stands as: a function (it may well be one), never called. */
const UNKNOWN_HANDLER = (): undefined => undefined;

/** A surface offence's code as an offence's. */
const CODES: Readonly<Record<SurfaceOffence["code"], OffenceCode>> = {
  not_object: "wrong_type",
  invalid_name: "invalid_tool_name",
  reserved_name: "invalid_tool_name",
  wrong_type: "wrong_type",
  invalid_schema: "invalid_schema",
  missing_handler: "missing_handler",
  handler_without_action: "handler_without_action",
};

/**
 * The surface offences of a declaration whose definition is an object
 * literal, each at the node it is about (the part's value; a handler's key
 * or, when it is missing, the `handlers` object).
 *
 * @example
 * ```ts
 * surfaceOffences(declaration); // [{ offence: { code: "missing_handler", location: 'handlers["close"]', … }, line: 9, … }]
 * ```
 */
export function surfaceOffences(declaration: ToolDeclaration): LocatedOffence[] {
  const { definition, provenance } = declaration;
  if (typeof definition !== "object" || definition === null || definition instanceof Unknown) return [];
  const fields = definition as Record<string, unknown>;
  const known = (value: unknown) => isKnown(value, provenance);
  // Absent from a definition with an unknown spread may mean present in it: only a known absence is an offence.
  const partial = provenance.isPartial(definition);
  const surface: Record<string, unknown> = {
    name: known(fields.name) && (fields.name !== undefined || !partial) ? fields.name : "tool",
    description: known(fields.description) && (fields.description !== undefined || !partial) ? fields.description : "A tool.",
    actions: () => ({}),
  };
  // Checked when the evaluator knows them whole.
  for (const part of OPTIONAL_SURFACE_PARTS) if (Object.hasOwn(fields, part) && known(fields[part])) surface[part] = fields[part];
  const { handlers, names } = handlerParts(declaration, fields.handlers, partial);
  surface.handlers = handlers;
  return callbackSurfaceOffences(surface, { names }).map((found) => located(declaration, fields, found));
}

/**
 * The handlers to check and the action names to check them against: both
 * only when the handlers object and the action record are known whole (an
 * unknown handler may well be a function; it stands as one).
 */
function handlerParts(
  declaration: ToolDeclaration,
  handlers: unknown,
  partial: boolean,
): { handlers: unknown; names: readonly string[] | undefined } {
  const { record, provenance } = declaration;
  // No handlers at all, in a definition known whole: what registration says of it, the build says.
  if (handlers === undefined) return { handlers: partial ? {} : undefined, names: undefined };
  const whole = (value: unknown) =>
    typeof value === "object" && value !== null && !(value instanceof Unknown) && !provenance.isPartial(value);
  if (!whole(handlers) || !whole(record))
    return { handlers: handlers instanceof Unknown || !whole(handlers) ? {} : handlers, names: undefined };
  const standIn: Record<string, unknown> = {};
  for (const [action, handler] of Object.entries(handlers as object))
    standIn[action] = handler instanceof Unknown ? UNKNOWN_HANDLER : handler;
  return { handlers: standIn, names: Object.keys(record as object) };
}

function isKnown(value: unknown, provenance: Provenance): boolean {
  return !(value instanceof Unknown) && unknownsIn(value, provenance).length === 0;
}

function located(declaration: ToolDeclaration, fields: Record<string, unknown>, found: SurfaceOffence): LocatedOffence {
  const { provenance, definitionNode } = declaration;
  const handler = /^handlers\[(".*")\]$/.exec(found.field);
  const field = handler === null ? found.field : "handlers";
  const action = handler === null ? undefined : (JSON.parse(handler[1]!) as string);
  const fieldSlot = provenance.slotOf(fields, field);
  let node: Node = fieldSlot?.value ?? definitionNode;
  if (action !== undefined) {
    const handlers = fields.handlers;
    const slot = typeof handlers === "object" && handlers !== null ? provenance.slotOf(handlers, action) : undefined;
    node = (found.code === "handler_without_action" ? slot?.key : slot?.value) ?? node;
  }
  const offence: Offence = {
    action: null,
    path: [],
    key: action ?? field,
    location: found.field,
    problem: found.problem,
    fix: found.fix,
    kind: "shape",
    code: CODES[found.code],
  };
  const { fileName, line, column } = positionOf(node);
  return { offence, node, fileName, line, column };
}
