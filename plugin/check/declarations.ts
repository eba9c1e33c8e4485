/**
 * Finding tool declarations: every `defineTool(...)` call whose callee is
 * the `defineTool` of the `wymcp` package — imported under any local name,
 * through a namespace import, or from `require("wymcp")` — evaluated into the
 * value the runtime validators check. A same-named function from anywhere
 * else is not a declaration. Check logic over the evaluator: which calls
 * are wymcp's, and what value of a tool the validators are given.
 */
import type ts from "typescript";
import { Evaluator, unwrap } from "../evaluator/evaluator.js";
import { diskHost, type ModuleHost } from "../evaluator/modules.js";
import type { Provenance } from "../evaluator/provenance.js";
import { resolveIdentifier, type Binding } from "../evaluator/scope.js";
import { typescript } from "../evaluator/typescript.js";
import { Unknown } from "../evaluator/unknown.js";
import { PACKAGE_NAME } from "../package.js";

/** One `defineTool(...)` call, evaluated. */
export interface ToolDeclaration {
  readonly sourceFile: ts.SourceFile;
  readonly call: ts.CallExpression;
  /** The definition argument (the node offences about the tool itself point at). */
  readonly definitionNode: ts.Node;
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
 * Every tool declaration in a source file (parsed with parent pointers), in
 * source order.
 *
 * @example
 * ```ts
 * const sourceFile = parseSource("/src/tools.ts", text);
 * for (const declaration of findDeclarations(sourceFile)) console.log(declaration.name, declaration.unknowns.length);
 * ```
 */
export function findDeclarations(sourceFile: ts.SourceFile, options: FindOptions = {}): ToolDeclaration[] {
  const evaluator = options.evaluator ?? new Evaluator(options.host ?? diskHost());
  const declarations: ToolDeclaration[] = [];
  // Depth first in source order, with a stack of its own: generated code may nest deeper than the call stack allows.
  const pending: ts.Node[] = [sourceFile];
  const children: ts.Node[] = [];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typescript.isCallExpression(node) && isDefineTool(node.expression) && node.arguments[0] !== undefined) {
      declarations.push(declare(evaluator, sourceFile, node, node.arguments[0]));
    }
    typescript.forEachChild(node, (child) => {
      children.push(child);
    });
    while (children.length > 0) pending.push(children.pop()!);
  }
  return declarations;
}

/** Whether a callee is wymcp's `defineTool`: `defineTool`, `dt` (aliased), `w.defineTool`, `w["defineTool"]`. */
export function isDefineTool(callee: ts.Expression): boolean {
  const expression = unwrap(callee);
  if (typescript.isIdentifier(expression)) return bindsWymcp(resolveIdentifier(expression), "defineTool");
  const member = typescript.isPropertyAccessExpression(expression) ? expression.name.text
    : typescript.isElementAccessExpression(expression) && typescript.isStringLiteralLike(expression.argumentExpression) ? expression.argumentExpression.text : undefined;
  if (member !== "defineTool") return false;
  const object = unwrap((expression as ts.PropertyAccessExpression | ts.ElementAccessExpression).expression);
  return typescript.isIdentifier(object) && bindsWymcp(resolveIdentifier(object), "*");
}

/** Whether a binding is `name` of the wymcp package (`"*"`: the module itself). */
function bindsWymcp(binding: Binding, name: string): boolean {
  if (binding.kind === "import") return binding.specifier === PACKAGE_NAME && binding.name === name;
  if (binding.kind !== "const") return false;
  // const { defineTool } = require("wymcp"), const w = require("wymcp")
  const initializer = unwrap(binding.declaration.initializer!);
  const isRequire = typescript.isCallExpression(initializer) && typescript.isIdentifier(initializer.expression) && initializer.expression.text === "require" &&
    initializer.arguments.length === 1 && typescript.isStringLiteralLike(initializer.arguments[0]!) && initializer.arguments[0].text === PACKAGE_NAME;
  const access = binding.access;
  return isRequire && (name === "*" ? access.length === 0 : access.length === 1 && access[0] === name);
}

function declare(evaluator: Evaluator, sourceFile: ts.SourceFile, call: ts.CallExpression, argument: ts.Expression): ToolDeclaration {
  const { provenance } = evaluator;
  const definition = evaluator.evaluate(argument);
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
    record = typeof actions === "function" ? evaluator.returnedValue(actions, provenance.slotOf(fields, "actions")?.value ?? argument) : actions;
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
    ...(Object.hasOwn(fields, "flat") && !(fields.flat instanceof Unknown) && !provenance.isPartial(record as object) ? { flat: fields.flat } : {}),
  };
  return { ...base, name, record, tool, unknowns: unknownsIn(record, provenance) };
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
  return [...found].sort((a, b) => a.node.getSourceFile().fileName.localeCompare(b.node.getSourceFile().fileName) || a.node.getStart() - b.node.getStart());
}
