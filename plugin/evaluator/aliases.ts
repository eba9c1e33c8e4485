/**
 * Constants changed through another name. `const s = create;
 * s.required.push("x")` changes `create` as surely as `create.required.push`
 * does, and so do `for (const c of [create]) c.x = 1`,
 * `Object.values(create.properties).forEach((p) => …)` and
 * `create.required.forEach((_, i, a) => a.push())`. The constant's object
 * is followed wherever it flows — into other bindings, literals, loops,
 * callbacks' parameters, functions that return it — and a place the flow
 * reaches that may change it, or that the flow cannot follow (handed to an
 * unknown function, stored in another object, thrown), counts as a change:
 * the constant is then unknown, never passed as declared.
 */
import type { CallExpression, ForOfStatement, MemberExpression, NewExpression } from "oxc-parser";
import { identifiersByName, parentOf, sourceFileOf, type Identifier, type Node } from "./ast.js";
import { namesIn } from "./scope.js";
import { calleeName, lastKey, PART_RETURNING_FUNCTIONS, PART_RETURNING_METHODS, READING_FUNCTIONS, READING_METHODS } from "./reading.js";
import { isTypeOnlyWrapper } from "./wrappers.js";

/** The most places one constant's flow visits: past it, the constant counts as changed (nothing passes unseen). */
const MAX_PLACES = 5_000;

/** Global functions a reading method may be handed as its callback (`.map(String)`): they change nothing. */
const SAFE_CALLBACKS = new Set(["String", "Number", "Boolean"]);

/** Reading methods whose first argument is a callback handed the elements and the array itself. */
const CALLBACK_METHODS = new Set([
  "every",
  "filter",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "flatMap",
  "forEach",
  "map",
  "reduce",
  "reduceRight",
  "some",
  "toSorted",
]);

/** Where a value that flows here goes next: nowhere it can be changed, further places, or a change. */
type Flow = { readonly change: Node } | { readonly next: readonly Node[] };

const SAFE: Flow = { next: [] };

/**
 * The first place where the object of a constant, reached through its
 * references `roots` (all in one module), may be changed or escapes what the
 * check follows; `undefined` when it flows only into reads.
 *
 * @example
 * ```ts
 * aliasChangeOf(referencesOfCreate, (callee) => isDefineTool(callee)); // the node `s.required.push`
 * ```
 */
export function aliasChangeOf(roots: readonly Node[], isHarmlessCall: (callee: Node) => boolean): Node | undefined {
  const pending = [...roots];
  const seen = new Set<Node>();
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    if (seen.has(place)) continue;
    seen.add(place);
    if (seen.size > MAX_PLACES) return place;
    const flow = flowFrom(place, isHarmlessCall);
    if ("change" in flow) return flow.change;
    pending.push(...flow.next);
  }
  return undefined;
}

/** Where the value of `node` (the constant's object, or a part of it) goes from there. */
function flowFrom(node: Node, isHarmlessCall: (callee: Node) => boolean): Flow {
  const top = outermost(node);
  const parent = parentOf(top);
  if (parent === undefined) return SAFE;
  switch (parent.type) {
    case "MemberExpression":
      if (parent.object !== top) return SAFE; // a computed key: read as a string
      return memberFlow(parent);
    case "CallExpression":
    case "NewExpression":
      if (parent.callee === top) return { next: [parent] }; // a function that returns the object: its calls do
      return argumentFlow(parent, isHarmlessCall);
    case "AssignmentExpression":
      if (parent.left === top) return top.type === "Identifier" ? SAFE : { change: parent };
      return parent.left.type === "Identifier" ? { next: [parent, ...referencesInScope(parent.left.name, parent)] } : { change: parent };
    case "UpdateExpression":
      return top.type === "Identifier" ? SAFE : { change: parent };
    case "UnaryExpression":
      return parent.operator === "delete" ? { change: parent } : SAFE;
    case "VariableDeclarator":
      return parent.init === top ? { next: boundNames(parent.id, parent) } : SAFE;
    case "ForOfStatement":
      if (parent.left === top) return top.type === "Identifier" ? SAFE : { change: parent };
      return parent.right === top ? { next: loopNames(parent) } : SAFE;
    case "ForInStatement":
      return parent.left === top && top.type !== "Identifier" ? { change: parent } : SAFE;
    case "ArrayExpression":
    case "SequenceExpression":
      return parent.type === "SequenceExpression" && parent.expressions.at(-1) !== top ? SAFE : { next: [parent] };
    case "SpreadElement": {
      const holder = parentOf(parent);
      if (holder === undefined) return SAFE;
      return holder.type === "CallExpression" || holder.type === "NewExpression"
        ? argumentFlow(holder, isHarmlessCall)
        : { next: [holder] };
    }
    case "Property":
      if (parent.value !== top) return SAFE; // a computed key
      return parent.parent?.type === "ObjectExpression" ? { next: [parent.parent] } : top.type === "Identifier" ? SAFE : { change: parent };
    case "ConditionalExpression":
      return parent.test === top ? SAFE : { next: [parent] };
    case "LogicalExpression":
    case "AwaitExpression":
      return { next: [parent] };
    case "ReturnStatement":
      return functionFlow(enclosingFunction(parent));
    case "ArrowFunctionExpression":
      return parent.body === top ? functionFlow(parent) : SAFE;
    case "ExpressionStatement":
    case "IfStatement":
    case "WhileStatement":
    case "DoWhileStatement":
    case "ForStatement":
    case "SwitchStatement":
    case "SwitchCase":
    case "BinaryExpression":
    case "TemplateLiteral":
    case "ExportSpecifier":
    case "ExportDefaultDeclaration":
    case "TSExportAssignment":
      return SAFE;
    default:
      // A type position reads nothing; anywhere else (thrown, yielded, stored in a class, handed to JSX) is not followed.
      return parent.type.startsWith("TS") ? SAFE : { change: parent };
  }
}

/** The outermost of the type-only wrappers and optional chains around a node (the node itself when there are none). */
function outermost(node: Node): Node {
  let top = node;
  for (let up = parentOf(top); up !== undefined && (isTypeOnlyWrapper(up) || up.type === "ChainExpression"); up = parentOf(top)) top = up;
  return top;
}

/** `object.key` read from the value: a part of it (followed), or a method called on it. */
function memberFlow(member: MemberExpression): Flow {
  const top = outermost(member);
  const call = parentOf(top);
  if (call?.type !== "CallExpression" || call.callee !== top) return { next: [member] };
  const method = lastKey(member) ?? "";
  if (!READING_METHODS.has(method)) return { change: call };
  const callbacks = callbackFlow(call, CALLBACK_METHODS.has(method) ? 0 : undefined);
  if ("change" in callbacks) return callbacks;
  return { next: [...callbacks.next, ...(PART_RETURNING_METHODS.has(method) ? [call] : [])] };
}

/** The value handed to a call: harmless to `defineTool` and reading functions, followed through their result. */
function argumentFlow(call: CallExpression | NewExpression, isHarmlessCall: (callee: Node) => boolean): Flow {
  if (isHarmlessCall(call.callee)) return SAFE;
  const name = calleeName(call.callee);
  if (call.type === "CallExpression" && name !== undefined && READING_FUNCTIONS.has(name)) {
    const callbacks = callbackFlow(call, name === "Array.from" ? 1 : undefined);
    if ("change" in callbacks) return callbacks;
    return { next: [...callbacks.next, ...(PART_RETURNING_FUNCTIONS.has(name) ? [call] : [])] };
  }
  // Handed to a reading method of another value (`list.includes(x)`, `list.concat(x)`): its result may hold it.
  const method = call.type === "CallExpression" ? lastKey(call.callee) : undefined;
  if (method !== undefined && READING_METHODS.has(method)) {
    const callbacks = callbackFlow(call, CALLBACK_METHODS.has(method) ? 0 : undefined);
    if ("change" in callbacks) return callbacks;
    return { next: [...callbacks.next, call] };
  }
  return { change: call };
}

/**
 * The parameters of the callbacks a reading call is given: each receives the
 * value's parts (or the value itself). The argument at `callback` is a
 * callback whatever it is written as: one passed by name (not `String`,
 * `Number` or `Boolean`) is a function the flow does not follow.
 */
function callbackFlow(call: CallExpression | NewExpression, callback: number | undefined): Flow {
  const next: Node[] = [];
  call.arguments.forEach((argument, index) => {
    const fn = unwrapped(argument);
    if (fn.type === "ArrowFunctionExpression" || fn.type === "FunctionExpression") {
      for (const parameter of fn.params) next.push(...boundNames(parameter, fn));
    } else if (index === callback && !(fn.type === "Identifier" && SAFE_CALLBACKS.has(fn.name))) next.push(call.callee);
  });
  // A callback the flow cannot see into: counted as a change (`next` held the callee only to say where).
  const opaque = next.indexOf(call.callee);
  return opaque === -1 ? { next } : { change: call };
}

function unwrapped(node: Node): Node {
  let expression = node;
  while (isTypeOnlyWrapper(expression)) expression = expression.expression;
  return expression;
}

/** A function that returns the value: wherever the function goes, its calls hand the value on. */
function functionFlow(fn: Node | undefined): Flow {
  if (fn === undefined) return SAFE; // a return outside any function: a syntax error the parser reports
  if (fn.type === "FunctionDeclaration") return fn.id === null ? SAFE : { next: referencesInScope(fn.id.name, fn.parent ?? fn) };
  return { next: [fn] };
}

function enclosingFunction(node: Node): Node | undefined {
  for (let at = parentOf(node); at !== undefined; at = parentOf(at)) {
    if (at.type === "FunctionDeclaration" || at.type === "FunctionExpression" || at.type === "ArrowFunctionExpression") return at;
  }
  return undefined;
}

/** The references of every name a pattern binds (a declaration's, a parameter's), within the scope that declares it. */
function boundNames(pattern: Node, declaration: Node): Node[] {
  const scope = scopeOf(declaration);
  return namesIn(pattern).flatMap((entry) => referencesInScope(entry.name, scope));
}

/** `for (const c of value)`: `c`'s references in the loop. */
function loopNames(loop: ForOfStatement): Node[] {
  const { left } = loop;
  if (left.type !== "VariableDeclaration") return left.type === "Identifier" ? referencesInScope(left.name, loop) : [];
  return left.declarations.flatMap((declarator) => namesIn(declarator.id).flatMap((entry) => referencesInScope(entry.name, loop)));
}

/** Where a declaration's names are visible: its block, loop or function, or the module (a `var` is visible in its whole function). */
function scopeOf(declaration: Node): Node {
  if (declaration.type !== "VariableDeclarator") return declaration; // a function: its parameters
  const statement = parentOf(declaration);
  const isVar = statement?.type === "VariableDeclaration" && statement.kind === "var";
  for (let at = statement === undefined ? undefined : parentOf(statement); at !== undefined; at = parentOf(at)) {
    if (isVar ? /Function|Program/.test(at.type) : at.type !== "ExportNamedDeclaration") return at;
  }
  return sourceFileOf(declaration).program;
}

/**
 * Every reference to `name` inside `scope` (shadowing ignored: a reference of
 * another binding of the same name is followed too, which can only find more).
 */
function referencesInScope(name: string, scope: Node): Node[] {
  const found: Node[] = [];
  for (const reference of referencesByName(sourceFileOf(scope).program).get(name) ?? []) {
    if (reference.start >= scope.start && reference.end <= scope.end) found.push(reference);
  }
  return found;
}

const indexes = new WeakMap<Node, Map<string, Identifier[]>>();

/** Every identifier of a module that reads a binding, by name (computed once per module). */
function referencesByName(program: Node): Map<string, Identifier[]> {
  let index = indexes.get(program);
  if (index !== undefined) return index;
  index = identifiersByName(program, isReference);
  indexes.set(program, index);
  return index;
}

/** Whether an identifier reads a binding (not a key, a property name, a declared name or a label). */
function isReference(identifier: Node): boolean {
  const parent = parentOf(identifier);
  if (parent === undefined) return false;
  switch (parent.type) {
    case "MemberExpression":
      return parent.object === identifier || parent.computed;
    case "Property":
      return parent.value === identifier && parent.parent?.type === "ObjectExpression";
    case "VariableDeclarator":
      return parent.init === identifier;
    case "LabeledStatement":
    case "BreakStatement":
    case "ContinueStatement":
    case "ImportSpecifier":
    case "ImportDefaultSpecifier":
    case "ImportNamespaceSpecifier":
    case "FunctionDeclaration":
    case "ClassDeclaration":
    case "ObjectPattern":
    case "ArrayPattern":
    case "RestElement":
      return false;
    case "FunctionExpression":
    case "ArrowFunctionExpression":
      return parent.body === identifier;
    case "AssignmentPattern":
      return parent.right === identifier;
    default:
      return true;
  }
}

/**
 * The references of a constant's own name in its module (for `changeOf`).
 *
 * @example
 * ```ts
 * const roots = namedReferences(program, "create").filter((node) => sameBinding(resolveIdentifier(node), binding));
 * ```
 */
export function namedReferences(program: Node, name: string): readonly Identifier[] {
  return referencesByName(program).get(name) ?? [];
}
