/**
 * Finding tool declarations: every `defineTool(...)` call whose callee is
 * the `defineTool` of the `wymcp` package — imported under any local name,
 * through a namespace import, or from `require("wymcp")` — evaluated into the
 * value the runtime validators check. A same-named function from anywhere
 * else is not a declaration. Check logic over the evaluator: which calls
 * are wymcp's, and what value of a tool the validators are given.
 */
import type { Argument, CallExpression } from "oxc-parser";
import { everyNode, sourceFileOf, type Node, type SourceFile } from "../evaluator/ast.js";
import { Evaluator } from "../evaluator/evaluator.js";
import { diskHost, type ModuleHost } from "../evaluator/modules.js";
import type { Provenance } from "../evaluator/provenance.js";
import { Unknown } from "../evaluator/unknown.js";
import { unwrap } from "../evaluator/wrappers.js";
import { staticKey, WymcpReferences } from "./wymcp-references.js";

/** One `defineTool(...)` call, evaluated. */
export interface ToolDeclaration {
  readonly sourceFile: SourceFile;
  readonly call: CallExpression;
  /** The definition argument (the node offences about the tool itself point at). */
  readonly definitionNode: Node;
  /** The evaluated definition argument. */
  readonly definition: unknown;
  /** The tool's name, when it evaluates to a string. */
  readonly name: string | undefined;
  /** The evaluated action record; `Unknown` when it cannot be evaluated; `undefined` when the definition has no `actions`. */
  readonly record: unknown;
  /** The value to validate — `{ name, description, actions: () => record, handlers }` — or `undefined` when the record is unknown. */
  readonly tool: object | undefined;
  /** Where every evaluated value came from. */
  readonly provenance: Provenance;
  /** What could not be evaluated in the record (or the record itself), in source order. */
  readonly unknowns: readonly Unknown[];
}

/** How to evaluate: the module host, or a session to share between files. */
export interface FindOptions {
  readonly host?: ModuleHost;
  readonly evaluator?: Evaluator;
}

/**
 * An evaluation session for one file, whose mutation check knows that
 * passing a constant to wymcp's `defineTool` leaves it as it is, reading
 * modules of `project` alone (when given).
 *
 * @example
 * ```ts
 * const { evaluator, wymcp } = checkSession(diskHost());
 * ```
 */
export function checkSession(host: ModuleHost, project?: string): { evaluator: Evaluator; wymcp: WymcpReferences } {
  // The evaluator calls `isHarmlessCall` only when it evaluates, after `wymcp` is set.
  const evaluator: Evaluator = new Evaluator(host, { isHarmlessCall: (callee) => wymcp.meaning(callee) === "defineTool", project });
  const wymcp = new WymcpReferences(evaluator.references);
  return { evaluator, wymcp };
}

/**
 * Every tool declaration in a source file, in source order: every call of
 * wymcp's `defineTool` however it is reached (`WymcpReferences`), including
 * `defineTool.call(this, def)` and `defineTool.apply(this, [def])`.
 *
 * @example
 * ```ts
 * const sourceFile = parseSource("/src/tools.ts", text);
 * for (const declaration of findDeclarations(sourceFile)) console.log(declaration.name, declaration.unknowns.length);
 * ```
 */
export function findDeclarations(sourceFile: SourceFile, options: FindOptions = {}): ToolDeclaration[] {
  const session =
    options.evaluator === undefined
      ? checkSession(options.host ?? diskHost())
      : { evaluator: options.evaluator, wymcp: new WymcpReferences(options.evaluator.references) };
  const { evaluator, wymcp } = session;
  const declarations: ToolDeclaration[] = [];
  for (const node of everyNode(sourceFile.program)) {
    if (node.type !== "CallExpression") continue;
    const argument = definitionArgument(node, wymcp);
    if (argument !== undefined) declarations.push(declare(evaluator, sourceFile, node, argument));
  }
  return declarations;
}

/** The definition a call passes to wymcp's `defineTool`; `undefined` when the call is not one, or passes nothing. */
export function definitionArgument(call: CallExpression, wymcp: WymcpReferences): Argument | undefined {
  const args = call.arguments;
  if (wymcp.meaning(call.callee) === "defineTool") return args[0];
  const callee = unwrap(call.callee);
  if (callee.type !== "MemberExpression") return undefined;
  const key = staticKey(callee);
  if ((key !== "call" && key !== "apply") || wymcp.meaning(callee.object) !== "defineTool") return undefined;
  const passed = args[1];
  if (key === "call" || passed === undefined) return passed;
  const list = unwrap(passed);
  // `apply(this, [def])`: the definition is the array's first entry; any other list is evaluated (and found unknown) as it is.
  return list.type === "ArrayExpression" &&
    list.elements[0] !== null &&
    list.elements[0] !== undefined &&
    list.elements[0].type !== "SpreadElement"
    ? list.elements[0]
    : passed;
}

function declare(evaluator: Evaluator, sourceFile: SourceFile, call: CallExpression, argument: Node): ToolDeclaration {
  const { provenance } = evaluator;
  const definition =
    argument.type === "SpreadElement" ? new Unknown(argument, "a spread argument is not evaluated") : evaluator.evaluate(argument);
  const base = { sourceFile, call, definitionNode: argument, definition, provenance };
  if (definition instanceof Unknown || typeof definition !== "object" || definition === null || Array.isArray(definition)) {
    const unknown = definition instanceof Unknown ? definition : new Unknown(argument, "the definition is not an object literal");
    return { ...base, name: undefined, record: unknown, tool: undefined, unknowns: [unknown] };
  }
  const fields = definition as Record<string, unknown>;
  const name = typeof fields.name === "string" ? fields.name : undefined;
  let record: unknown;
  if (Object.hasOwn(fields, "actions")) {
    const actions = fields.actions;
    record =
      typeof actions === "function" ? evaluator.returnedValue(actions, provenance.slotOf(fields, "actions")?.value ?? argument) : actions;
  } else if (provenance.isPartial(fields)) {
    record = provenance.unknownPartsOf(fields)[0]!;
  }
  if (record instanceof Unknown) return { ...base, name, record, tool: undefined, unknowns: unknownsIn(record, provenance) };
  const tool = {
    name: fields.name,
    description: fields.description,
    ...(Object.hasOwn(fields, "actions") ? { actions: () => record } : {}),
    handlers: fields.handlers,
    // Checked only when the whole record is known: an unknown spread may add or remove the actions a flat tool counts.
    ...(Object.hasOwn(fields, "flat") && !(fields.flat instanceof Unknown) && !provenance.isPartial(record) ? { flat: fields.flat } : {}),
  };
  const unknowns = [...unknownsIn(record, provenance), ...surfaceUnknowns(fields, provenance)];
  return { ...base, name, record, tool, unknowns: [...new Set(unknowns)].sort(bySource) };
}

/** The optional tool-level parts the registration check reads. */
export const OPTIONAL_SURFACE_PARTS = ["title", "icons", "annotations", "outputSchema", "hints", "handleError", "actionContext"] as const;

/** Every tool-level part the registration check reads, beside `actions` and `handlers`. */
const SURFACE_PARTS = ["name", "description", "flat", ...OPTIONAL_SURFACE_PARTS];

/**
 * What the evaluator could not see of the rest of the tool that `createRouter`
 * checks: a part named by `SURFACE_PARTS`, a spread in the definition, and
 * the keys of `handlers` (its values need not be known: any function will do,
 * and an unknown one stands as one).
 */
function surfaceUnknowns(fields: Record<string, unknown>, provenance: Provenance): Unknown[] {
  const found = [...provenance.unknownPartsOf(fields)];
  for (const part of SURFACE_PARTS) if (Object.hasOwn(fields, part)) found.push(...unknownsIn(fields[part], provenance));
  const handlers = fields.handlers;
  if (handlers instanceof Unknown) found.push(handlers);
  else if (typeof handlers === "object" && handlers !== null) found.push(...provenance.unknownPartsOf(handlers));
  return found;
}

function bySource(a: Unknown, b: Unknown): number {
  return sourceFileOf(a.node).fileName.localeCompare(sourceFileOf(b.node).fileName) || a.node.start - b.node.start;
}

/** Every `Unknown` in a value and every unknown part of its partly known objects, in source order. */
export function unknownsIn(root: unknown, provenance: Provenance): Unknown[] {
  const found = new Set<Unknown>();
  const seen = new Set<object>();
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value instanceof Unknown) found.add(value);
    else if (typeof value === "object" && value !== null && !seen.has(value)) {
      seen.add(value);
      for (const part of provenance.unknownPartsOf(value)) found.add(part);
      for (const key of Object.keys(value)) stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return [...found].sort(bySource);
}
