/**
 * No silent pass: uses of wymcp's `defineTool` (or of the package itself)
 * that the check does not follow to a declaration — `defineTool` handed to
 * a function, stored in an object or a `let`, read by a computed key, the
 * package imported with `import("wymcp")` that is not awaited in place. The
 * declarations made that way are not checked at build time; the file says
 * so (CLI: "not fully checked"; bundlers: a warning), never silence.
 */
import { everyNode, parentOf, type Node, type SourceFile } from "../evaluator/ast.js";
import { isTypeOnlyWrapper } from "../evaluator/wrappers.js";
import { PACKAGE_NAME } from "../package.js";
import { dynamicImportOf, requireOf, staticKey, type WymcpReferences } from "./wymcp-references.js";

/** A use of wymcp the check does not follow, at its node. */
export interface UnfollowedUse {
  readonly node: Node;
  readonly message: string;
}

/** Whether `node` sits in `parent` where it names no binding: a key, a declared name, a label, a parameter. */
function isNotReference(parent: Node, node: Node): boolean {
  switch (parent.type) {
    case "MemberExpression":
      return parent.property === node && !parent.computed;
    case "Property":
      // In a destructuring pattern the value names the binding made (`const { defineTool: dt } = …`); the pattern's
      // source is the reference, judged where it is read.
      if (parent.value === node && parentOf(parent)?.type === "ObjectPattern") return true;
      return parent.key === node && !parent.computed && parent.value !== node;
    case "VariableDeclarator":
      return parent.id === node;
    case "ImportSpecifier":
    case "ImportDefaultSpecifier":
    case "ImportNamespaceSpecifier":
    case "ExportSpecifier":
    case "LabeledStatement":
    case "BreakStatement":
    case "ContinueStatement":
    case "FunctionDeclaration":
    case "ObjectPattern":
    case "ArrayPattern":
    case "RestElement":
    case "CatchClause":
      return true;
    case "FunctionExpression":
      return parent.id === node || isParameter(parent.params, node);
    case "ArrowFunctionExpression":
      return isParameter(parent.params, node);
    case "ClassDeclaration":
    case "ClassExpression":
    case "TSImportEqualsDeclaration":
      return parent.id === node;
    case "MethodDefinition":
    case "PropertyDefinition":
      return parent.key === node && !parent.computed;
    case "AssignmentPattern":
      return parent.left === node;
    default:
      return false;
  }
}

function isParameter(parameters: readonly Node[], node: Node): boolean {
  return parameters.includes(node);
}

/**
 * Every use of wymcp in a file that the check does not follow.
 *
 * @example
 * ```ts
 * unfollowedUses(sourceFile, wymcp); // [{ node, message: "defineTool is passed to a call: …" }]
 * ```
 */
export function unfollowedUses(sourceFile: SourceFile, wymcp: WymcpReferences): UnfollowedUse[] {
  const found: UnfollowedUse[] = [];
  for (const node of everyNode(sourceFile.program)) {
    const use = unfollowedUse(node, wymcp);
    if (use !== undefined) found.push(use);
  }
  return found;
}

/** The use of wymcp a node makes that the check does not follow, if any. */
function unfollowedUse(node: Node, wymcp: WymcpReferences): UnfollowedUse | undefined {
  let meaning: "defineTool" | "package" | undefined;
  if (node.type === "ImportExpression") {
    if (dynamicImportOf(node) !== PACKAGE_NAME || parentOf(outer(node))?.type === "AwaitExpression") return undefined;
    return {
      node,
      message:
        `"${PACKAGE_NAME}" is imported with import() and not awaited in place: ` +
        "declarations made from it are not checked at build time",
    };
  }
  if (node.type === "AwaitExpression" && dynamicImportOf(node.argument) === PACKAGE_NAME) meaning = "package";
  else if (node.type === "CallExpression" && requireOf(node) === PACKAGE_NAME) meaning = "package";
  else if (node.type === "Identifier" && isReference(node)) {
    const found = wymcp.meaning(node);
    meaning = found === "defineTool" || found === "package" ? found : undefined;
  } else if (
    node.type === "MemberExpression" &&
    node.computed &&
    staticKey(node) === undefined &&
    wymcp.meaning(node.object) === "package" &&
    wymcp.memberKey(node) === undefined
  ) {
    return {
      node,
      message:
        `a member of "${PACKAGE_NAME}" read by a computed key is not followed: ` +
        "declarations made with it are not checked at build time",
    };
  }
  if (meaning === undefined) return undefined;
  const problem = useProblem(outer(node), meaning);
  return problem === undefined ? undefined : { node, message: problem };
}

/**
 * Every export that hands on wymcp's `defineTool` under another name
 * (`export { defineTool as make }`, `export default defineTool`). A module
 * importing it is checked only when its text names `defineTool` (the text
 * prefilter), so the declarations made as `make(…)` in any other file are
 * not checked at build time: the exporting file says so.
 *
 * @example
 * ```ts
 * renamedExports(sourceFile, wymcp); // [{ offset: 0, message: 'defineTool is exported as "make": …' }]
 * ```
 */
export function renamedExports(sourceFile: SourceFile, wymcp: WymcpReferences): { readonly offset: number; readonly message: string }[] {
  const found: { offset: number; message: string }[] = [];
  for (const statement of sourceFile.exportStatements) {
    for (const entry of statement.entries) {
      const name = entry.exportName.name ?? (entry.exportName.kind === "Default" ? "default" : undefined);
      if (name === undefined || name === "defineTool" || wymcp.exported(sourceFile.fileName, name) !== "defineTool") continue;
      const as = name === "default" ? "the default export" : `"${name}"`;
      const importing = name === "default" ? "import defineTool from" : `import { ${name} as defineTool } from`;
      found.push({
        offset: statement.start,
        message:
          `defineTool is exported as ${as}: a file that imports it so and never names defineTool is not checked at build time; ` +
          `import it as defineTool there (${importing} …)`,
      });
    }
  }
  return found;
}

/** The node wrapping `node` in parentheses, type assertions or as the last of a sequence. */
function outer(node: Node): Node {
  let top = node;
  for (let parent = parentOf(top); parent !== undefined; parent = parentOf(top)) {
    if (isTypeOnlyWrapper(parent) || (parent.type === "SequenceExpression" && parent.expressions.at(-1) === top)) top = parent;
    else break;
  }
  return top;
}

/** Whether every name a destructuring pattern binds is read by a key as written (what the check follows). */
function followedPattern(pattern: Node): boolean {
  if (pattern.type === "Identifier") return true;
  if (pattern.type !== "ObjectPattern") return false;
  return pattern.properties.every(
    (property) =>
      property.type === "Property" && !property.computed && (property.value.type === "Identifier" || followedPattern(property.value)),
  );
}

function isReference(identifier: Node): boolean {
  const parent = parentOf(identifier);
  if (parent === undefined) return false;
  if (parent.type.startsWith("TS") && !isTypeOnlyWrapper(parent) && parent.type !== "TSExportAssignment") return false;
  return !isNotReference(parent, identifier);
}

/** Why a use of `defineTool` (or of the package) is not followed; `undefined` when it is. */
function useProblem(top: Node, meaning: "defineTool" | "package"): string | undefined {
  const parent = parentOf(top);
  const what = meaning === "defineTool" ? "defineTool" : `the "${PACKAGE_NAME}" module`;
  if (parent === undefined) return undefined;
  switch (parent.type) {
    case "CallExpression":
      if (parent.callee === top) return meaning === "defineTool" ? undefined : `${what} is called`;
      return `${what} is passed to a call: declarations made through it are not checked at build time`;
    case "MemberExpression":
      if (parent.object !== top) return undefined;
      if (meaning === "package") return staticKey(parent) === undefined ? `${what} is read by a computed key` : undefined;
      return ["call", "apply"].includes(staticKey(parent) ?? "") &&
        parent.parent?.type === "CallExpression" &&
        parent.parent.callee === parent
        ? undefined
        : `${what} is used as an object: declarations made through it are not checked at build time`;
    case "VariableDeclarator": {
      const statement = parentOf(parent);
      const kind = statement?.type === "VariableDeclaration" ? statement.kind : undefined;
      if (kind !== "const")
        return `${what} is stored in a ${String(kind)} binding: declarations made through it are not checked at build time`;
      // `const { defineTool } = w` is followed; a computed key, a default or a rest element is not.
      return parent.init === top && meaning === "package" && !followedPattern(parent.id)
        ? `${what} is destructured with a computed key, a default or a rest element: ` +
            "declarations made through it are not checked at build time"
        : undefined;
    }
    case "ExportSpecifier":
    case "ExportDefaultDeclaration":
    case "TSExportAssignment":
    case "ExpressionStatement":
    case "UnaryExpression":
    case "BinaryExpression":
    case "IfStatement":
      return undefined;
    default:
      return `${what} is used where the check does not follow it: declarations made through it are not checked at build time`;
  }
}
