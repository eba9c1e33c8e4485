/**
 * Constants changed after their declaration. `const` fixes the binding, not
 * the object: `schema.required.push("x")`, `delete schema.properties.a`,
 * `Object.assign(schema, …)` or handing `schema` to a function that may do
 * the same all change what registration later sees. A binding used so is
 * evaluated as unknown (and its declaration reported as partly evaluated),
 * never as the literal it was declared with.
 */
import { everyNode, sourceFileOf, type Node } from "./ast.js";
import { isTypeOnlyWrapper, unwrap } from "./wrappers.js";
import { resolveIdentifier, type Binding } from "./scope.js";

/** Methods that read an array or object and leave it as it is. */
const READING_METHODS = new Set([
  "at",
  "concat",
  "entries",
  "every",
  "filter",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "flat",
  "flatMap",
  "forEach",
  "hasOwnProperty",
  "includes",
  "indexOf",
  "join",
  "keys",
  "lastIndexOf",
  "map",
  "propertyIsEnumerable",
  "reduce",
  "reduceRight",
  "slice",
  "some",
  "toLocaleString",
  "toString",
  "valueOf",
  "values",
]);

/** Functions that read their arguments and leave them as they are. */
const READING_FUNCTIONS = new Set([
  "Object.freeze",
  "Object.isFrozen",
  "Object.keys",
  "Object.values",
  "Object.entries",
  "Object.getOwnPropertyNames",
  "Array.isArray",
  "JSON.stringify",
  "String",
  "Number",
  "Boolean",
  "console.log",
  "console.info",
  "console.warn",
  "console.error",
  "console.debug",
]);

const uses = new WeakMap<Node, Map<string, Node[]>>();

/**
 * Where a binding is changed after its declaration: the first use that may
 * change it (in the module of `where`), or `undefined`.
 *
 * @example
 * ```ts
 * const change = changeOf(binding, "schema", identifier, (callee) => isDefineTool(callee));
 * if (change !== undefined) return new Unknown(identifier, `"schema" is changed at line …`);
 * ```
 */
export function changeOf(binding: Binding, name: string, where: Node, isHarmlessCall: (callee: Node) => boolean): Node | undefined {
  const program = sourceFileOf(where).program;
  const candidates = changingUses(program, isHarmlessCall).get(name) ?? [];
  return candidates.find((use) => sameBinding(resolveIdentifier(use), binding));
}

function sameBinding(a: Binding, b: Binding): boolean {
  if (a.kind === "const" && b.kind === "const") return a.declaration === b.declaration;
  if (a.kind === "import" && b.kind === "import")
    return a.sourceFile === b.sourceFile && a.local === b.local && a.specifier === b.specifier;
  return false;
}

/** Every identifier of a module in a position that may change what it names, by name (computed once per module). */
function changingUses(program: Node, isHarmlessCall: (callee: Node) => boolean): Map<string, Node[]> {
  let found = uses.get(program);
  if (found !== undefined) return found;
  const byName = new Map<string, Node[]>();
  for (const node of everyNode(program)) {
    if (node.type !== "Identifier" || !mayChange(node, isHarmlessCall)) continue;
    const list = byName.get(node.name as string);
    if (list === undefined) byName.set(node.name as string, [node]);
    else list.push(node);
  }
  found = byName;
  uses.set(program, found);
  return found;
}

/** Whether an identifier (a reference) sits where its value may be changed. */
function mayChange(identifier: Node, isHarmlessCall: (callee: Node) => boolean): boolean {
  let top = identifier;
  let throughMember = false;
  for (let parent = top.parent; parent !== undefined; parent = top.parent) {
    if (parent.type === "MemberExpression" && parent.object === top) {
      throughMember = true;
      top = parent;
    } else if (isTypeOnlyWrapper(parent) || parent.type === "ChainExpression") {
      top = parent;
    } else break;
  }
  const parent = top.parent;
  if (parent === undefined) return false;
  switch (parent.type) {
    case "AssignmentExpression":
      return parent.left === top && throughMember;
    case "UpdateExpression":
      return throughMember;
    case "UnaryExpression":
      return parent.operator === "delete" && throughMember;
    case "CallExpression":
    case "NewExpression":
      if (parent.callee === top) return throughMember && !READING_METHODS.has(lastKey(top) ?? "");
      return (
        (parent.arguments as Node[]).includes(top) &&
        !isHarmlessCall(parent.callee) &&
        !READING_FUNCTIONS.has(calleeName(parent.callee) ?? "")
      );
    case "ForInStatement":
    case "ForOfStatement":
      return parent.left === top && throughMember;
    default:
      return false;
  }
}

function lastKey(member: Node): string | undefined {
  const expression = unwrap(member.type === "ChainExpression" ? member.expression : member);
  if (expression.type !== "MemberExpression") return undefined;
  return expression.computed
    ? typeof expression.property.value === "string"
      ? expression.property.value
      : undefined
    : (expression.property.name as string);
}

function calleeName(callee: Node): string | undefined {
  const expression = unwrap(callee);
  if (expression.type === "Identifier") return expression.name as string;
  if (expression.type === "MemberExpression" && !expression.computed && expression.object.type === "Identifier")
    return `${expression.object.name as string}.${expression.property.name as string}`;
  return undefined;
}
