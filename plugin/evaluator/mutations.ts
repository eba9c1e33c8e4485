/**
 * Constants changed after their declaration. `const` fixes the binding, not
 * the object: `schema.required.push("x")`, `delete schema.properties.a`,
 * `Object.assign(schema, …)` or handing `schema` to a function that may do
 * the same all change what registration later sees — and so does any of
 * these through another name (`aliases.ts`). A binding used so is
 * evaluated as unknown (and its declaration reported as partly evaluated),
 * never as the literal it was declared with.
 */
import { identifiersByName, parentOf, sourceFileOf, type Identifier, type Node } from "./ast.js";
import { isTypeOnlyWrapper } from "./wrappers.js";
import { resolveIdentifier, type Binding } from "./scope.js";
import { aliasChangeOf, namedReferences } from "./aliases.js";
import { calleeName, lastKey, READING_FUNCTIONS, READING_METHODS } from "./reading.js";

const uses = new WeakMap<Node, Map<string, Identifier[]>>();

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
  const direct = candidates.find((use) => sameBinding(resolveIdentifier(use), binding));
  if (direct !== undefined || (binding.kind !== "const" && binding.kind !== "import")) return direct;
  // Through another name: an alias, a loop variable, a callback's parameter (`aliases.ts`), found once per binding.
  let found = throughAliases.get(program);
  if (found === undefined) throughAliases.set(program, (found = new Map<Node | string, Node | null>()));
  const key = binding.kind === "const" ? binding.declaration : `${binding.local ?? name}\0${binding.specifier}`;
  if (!found.has(key)) {
    const roots = namedReferences(program, name).filter((reference) => sameBinding(resolveIdentifier(reference), binding));
    found.set(key, aliasChangeOf(roots, isHarmlessCall) ?? null);
  }
  return found.get(key) ?? undefined;
}

const throughAliases = new WeakMap<Node, Map<Node | string, Node | null>>();

function sameBinding(a: Binding, b: Binding): boolean {
  if (a.kind === "const" && b.kind === "const") return a.declaration === b.declaration;
  if (a.kind === "import" && b.kind === "import")
    return a.sourceFile === b.sourceFile && a.local === b.local && a.specifier === b.specifier;
  return false;
}

/** Every identifier of a module in a position that may change what it names, by name (computed once per module). */
function changingUses(program: Node, isHarmlessCall: (callee: Node) => boolean): Map<string, Identifier[]> {
  let found = uses.get(program);
  if (found !== undefined) return found;
  found = identifiersByName(program, (identifier) => mayChange(identifier, isHarmlessCall));
  uses.set(program, found);
  return found;
}

/** Whether an identifier (a reference) sits where its value may be changed. */
function mayChange(identifier: Node, isHarmlessCall: (callee: Node) => boolean): boolean {
  let top = identifier;
  let throughMember = false;
  for (let parent = parentOf(top); parent !== undefined; parent = parentOf(top)) {
    if (parent.type === "MemberExpression" && parent.object === top) {
      throughMember = true;
      top = parent;
    } else if (isTypeOnlyWrapper(parent) || parent.type === "ChainExpression") {
      top = parent;
    } else break;
  }
  const parent = parentOf(top);
  if (parent === undefined) return false;
  switch (parent.type) {
    case "AssignmentExpression":
      return parent.left === top && throughMember;
    case "UpdateExpression":
      return throughMember;
    case "UnaryExpression":
      return parent.operator === "delete" && throughMember;
    case "CallExpression":
    case "NewExpression": {
      if (parent.callee === top) return throughMember && !READING_METHODS.has(lastKey(top) ?? "");
      const handed: readonly Node[] = parent.arguments;
      return handed.includes(top) && !isHarmlessCall(parent.callee) && !READING_FUNCTIONS.has(calleeName(parent.callee) ?? "");
    }
    case "ForInStatement":
    case "ForOfStatement":
      return parent.left === top && throughMember;
    default:
      return false;
  }
}
