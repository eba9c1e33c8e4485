/**
 * Name resolution without a type checker: what an identifier is bound to,
 * found by walking up the syntax tree through the scopes that declare names
 * (module, blocks, functions, loops, catch clauses). Only `const` bindings
 * and imports can lead to a value; every other binding is reported as such,
 * so the evaluator can say why a value is unknown.
 */
import { sourceFileOf, walk, type Node, type SourceFile } from "./ast.js";

/** What a name is bound to. */
export type Binding =
  /** A `const` declaration; `access` picks the value out of a destructuring pattern. */
  | { readonly kind: "const"; readonly declaration: Node; readonly access: readonly (string | number)[]; readonly name: string }
  /** An import: `name` is the imported name, `"default"`, or `"*"` for a namespace. */
  | {
      readonly kind: "import";
      readonly specifier: string;
      readonly name: string;
      readonly sourceFile: SourceFile;
      readonly local?: string | undefined;
    }
  /** `export default <expression>`. */
  | { readonly kind: "expression"; readonly expression: Node }
  /** A binding that cannot hold a static value: a `let`, a parameter, a function… */
  | { readonly kind: "other"; readonly reason: string }
  /** No declaration in the file: a global. */
  | { readonly kind: "global" };

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);
const BLOCKS = new Set(["Program", "BlockStatement", "StaticBlock", "TSModuleBlock"]);
const LOOPS = new Set(["ForStatement", "ForInStatement", "ForOfStatement"]);

/**
 * The binding an identifier refers to, from the innermost scope out.
 *
 * @example
 * ```ts
 * resolveIdentifier(node); // { kind: "const", declaration, access: [], name: "schema" }
 * ```
 */
export function resolveIdentifier(identifier: Node): Binding {
  let binding = resolved.get(identifier);
  if (binding !== undefined) return binding;
  const name = identifier.name as string;
  for (let scope: Node | undefined = identifier.parent; scope !== undefined && binding === undefined; scope = scope.parent)
    binding = bindingIn(scope, name);
  binding ??= GLOBAL;
  resolved.set(identifier, binding);
  return binding;
}

/**
 * The binding of each identifier resolved so far: a tree never changes once
 * parsed, and a check resolves most names several times (its declarations,
 * the uses of wymcp it looks for, the changes made to constants).
 */
const resolved = new WeakMap<Node, Binding>();
const GLOBAL: Binding = { kind: "global" };

function bindingIn(scope: Node, name: string): Binding | undefined {
  if (BLOCKS.has(scope.type)) return statementsBinding(scope.body as Node[], name);
  if (scope.type === "SwitchStatement")
    return statementsBinding(
      (scope.cases as Node[]).flatMap((clause) => clause.consequent as Node[]),
      name,
    );
  if (FUNCTIONS.has(scope.type)) {
    if (parameterNames(scope).has(name)) return { kind: "other", reason: `"${name}" is a parameter` };
    if (scope.type === "FunctionExpression" && scope.id?.name === name) return { kind: "other", reason: `"${name}" is a function` };
    // `var` is scoped to the whole function, wherever in its body it is written.
    if (hoistedVars(scope).has(name)) return { kind: "other", reason: `"${name}" is a var binding, not a const` };
    return undefined;
  }
  if (LOOPS.has(scope.type)) {
    const initializer = (scope.type === "ForStatement" ? scope.init : scope.left) as Node | null;
    if (
      initializer?.type === "VariableDeclaration" &&
      (initializer.declarations as Node[]).some((d) => namesIn(d.id).some((e) => e.name === name))
    ) {
      return { kind: "other", reason: `"${name}" is a loop variable` };
    }
    return undefined;
  }
  if (scope.type === "CatchClause") {
    const parameter = scope.param as Node | null;
    if (parameter !== null && namesIn(parameter).some((entry) => entry.name === name))
      return { kind: "other", reason: `"${name}" is a caught error` };
    return undefined;
  }
  if (scope.type === "ClassExpression" && scope.id?.name === name) return { kind: "other", reason: `"${name}" is a class` };
  return undefined;
}

/**
 * The binding a list of statements declares for a name, if any: the first
 * statement that declares it. A list is indexed once (a name → its binding
 * by the first declaring statement), so a module of thousands of
 * declarations resolves each name without scanning them all again.
 */
export function statementsBinding(statements: readonly Node[], name: string): Binding | undefined {
  return statementIndex(statements).get(name);
}

const indexes = new WeakMap<readonly Node[], Map<string, Binding>>();

function statementIndex(statements: readonly Node[]): Map<string, Binding> {
  let index = indexes.get(statements);
  if (index !== undefined) return index;
  index = new Map();
  for (const statement of statements) {
    for (const name of declaredNames(statement)) {
      if (index.has(name)) continue;
      // The first statement that binds the name, as a scan would find it.
      const binding = statementBinding(statement, name);
      if (binding !== undefined) index.set(name, binding);
    }
  }
  indexes.set(statements, index);
  return index;
}

/** The declaration inside `export …` / `export default function …`, or the statement itself. */
export function declarationOf(statement: Node): Node {
  if (
    (statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration") &&
    statement.declaration !== null &&
    statement.declaration !== undefined
  ) {
    return statement.declaration as Node;
  }
  return statement;
}

/** Every name a statement may declare (a superset: `statementBinding` decides). */
function declaredNames(outer: Node): string[] {
  const statement = declarationOf(outer);
  if (statement.type === "VariableDeclaration")
    return (statement.declarations as Node[]).flatMap((declaration) => namesIn(declaration.id).map((entry) => entry.name));
  if (statement.type === "ImportDeclaration") return (statement.specifiers as Node[]).map((specifier) => specifier.local.name as string);
  if (["FunctionDeclaration", "ClassDeclaration", "TSEnumDeclaration", "TSImportEqualsDeclaration"].includes(statement.type))
    return statement.id?.name === undefined ? [] : [statement.id.name as string];
  if (statement.type === "TSModuleDeclaration" && statement.id?.type === "Identifier") return [statement.id.name as string];
  return [];
}

function statementBinding(outer: Node, name: string): Binding | undefined {
  const statement = declarationOf(outer);
  if (statement.type === "VariableDeclaration") return variableBinding(statement, name);
  if (statement.type === "ImportDeclaration") return importBinding(statement, name);
  if ((statement.type === "FunctionDeclaration" || statement.type === "ClassDeclaration") && statement.id?.name === name) {
    return { kind: "other", reason: `"${name}" is a ${statement.type === "FunctionDeclaration" ? "function" : "class"}` };
  }
  if (statement.type === "TSImportEqualsDeclaration" && statement.id?.name === name) return importEqualsBinding(statement, name);
  if ((statement.type === "TSEnumDeclaration" || statement.type === "TSModuleDeclaration") && statement.id?.name === name) {
    return { kind: "other", reason: `"${name}" is not a const` };
  }
  return undefined;
}

/** `import x = require("m")`: the module itself, as a namespace. */
function importEqualsBinding(statement: Node, name: string): Binding {
  const reference = statement.moduleReference as Node;
  if (
    statement.importKind !== "type" &&
    reference.type === "TSExternalModuleReference" &&
    typeof reference.expression?.value === "string"
  ) {
    return { kind: "import", specifier: reference.expression.value as string, name: "*", sourceFile: sourceFileOf(statement), local: name };
  }
  return { kind: "other", reason: `"${name}" is not a const` };
}

const parameters = new WeakMap<Node, Set<string>>();

/** The names a function's parameters declare (computed once per function). */
function parameterNames(scope: Node): Set<string> {
  let names = parameters.get(scope);
  if (names === undefined) {
    names = new Set((scope.params as Node[]).flatMap((parameter) => namesIn(parameter).map((entry) => entry.name)));
    parameters.set(scope, names);
  }
  return names;
}

const hoisted = new WeakMap<Node, Set<string>>();

/** The names `var` declares anywhere in a function's body, outside nested functions (computed once per function). */
function hoistedVars(scope: Node): Set<string> {
  let names = hoisted.get(scope);
  if (names !== undefined) return names;
  names = new Set();
  const body = scope.body as Node | undefined | null;
  const found = names;
  if (body !== undefined && body !== null) {
    walk(body, (node) => {
      if (node.type === "VariableDeclaration" && node.kind === "var") {
        for (const declaration of node.declarations as Node[]) for (const entry of namesIn(declaration.id)) found.add(entry.name);
      }
      // A nested function (or class) has its own var scope.
      return node === body || !(FUNCTIONS.has(node.type) || node.type === "ClassDeclaration" || node.type === "ClassExpression");
    });
  }
  hoisted.set(scope, names);
  return names;
}

/** A `const`/`let`/`var` statement's binding of a name. */
export function variableBinding(statement: Node, name: string): Binding | undefined {
  for (const declaration of statement.declarations as Node[]) {
    const entry = namesIn(declaration.id).find((candidate) => candidate.name === name);
    if (entry === undefined) continue;
    if (statement.kind !== "const") return { kind: "other", reason: `"${name}" is a ${String(statement.kind)} binding, not a const` };
    if (declaration.init === null || declaration.init === undefined)
      return { kind: "other", reason: `"${name}" is declared without a value` };
    if (entry.access === undefined)
      return { kind: "other", reason: `"${name}" comes from a rest element or a default in a destructuring pattern` };
    return { kind: "const", declaration, access: entry.access, name };
  }
  return undefined;
}

function importBinding(statement: Node, name: string): Binding | undefined {
  if (statement.importKind === "type") return undefined;
  const specifier = statement.source.value as string;
  const sourceFile = sourceFileOf(statement);
  for (const entry of statement.specifiers as Node[]) {
    if (entry.local.name !== name) continue;
    if (entry.type === "ImportDefaultSpecifier") return { kind: "import", specifier, name: "default", sourceFile, local: name };
    if (entry.type === "ImportNamespaceSpecifier") return { kind: "import", specifier, name: "*", sourceFile, local: name };
    if (entry.importKind === "type") return undefined;
    return { kind: "import", specifier, name: moduleExportName(entry.imported), sourceFile, local: name };
  }
  return undefined;
}

/** The name of an import or export specifier: an identifier, or a string (`import { "a-b" as x }`). */
export function moduleExportName(node: Node): string {
  return node.type === "Identifier" ? (node.name as string) : String(node.value);
}

interface NamedEntry {
  readonly name: string;
  /** The path into the destructured value; `undefined` when a default or rest element is involved. */
  readonly access: readonly (string | number)[] | undefined;
}

/** Every name a binding pattern declares, with the path to its value. */
export function namesIn(pattern: Node): NamedEntry[] {
  return namesAt(pattern, []);
}

/**
 * The names below `pattern`, whose value sits at `access` (`undefined` once a
 * default or rest element is involved). No default parameter here: passing
 * `undefined` would select it and lose that mark.
 */
function namesAt(pattern: Node, access: readonly (string | number)[] | undefined): NamedEntry[] {
  switch (pattern.type) {
    case "Identifier":
      return [{ name: pattern.name as string, access }];
    case "AssignmentPattern":
      return namesAt(pattern.left, undefined);
    case "RestElement":
      return namesAt(pattern.argument, undefined);
    case "ArrayPattern":
      return (pattern.elements as (Node | null)[]).flatMap((element, index) =>
        element === null ? [] : namesAt(element, access === undefined ? undefined : [...access, index]),
      );
    case "ObjectPattern":
      return (pattern.properties as Node[]).flatMap((property) => {
        if (property.type === "RestElement") return namesAt(property.argument, undefined);
        const key = property.key as Node;
        const step = property.computed
          ? undefined
          : key.type === "Identifier"
            ? (key.name as string)
            : key.type === "Literal"
              ? String(key.value)
              : undefined;
        return namesAt(property.value, access === undefined || step === undefined ? undefined : [...access, step]);
      });
    default:
      return [];
  }
}
