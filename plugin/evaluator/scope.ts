/**
 * Name resolution without a type checker: what an identifier is bound to,
 * found by walking up the syntax tree through the scopes that declare names
 * (module, blocks, functions, loops, catch clauses). Only `const` bindings
 * and imports can lead to a value; every other binding is reported as such,
 * so the evaluator can say why a value is unknown.
 */
import type {
  ArrowFunctionExpression,
  BlockStatement,
  BindingPattern,
  Expression,
  ForInStatement,
  ForOfStatement,
  ForStatement,
  Function,
  ImportDeclaration,
  ModuleExportName,
  Program,
  StaticBlock,
  TSImportEqualsDeclaration,
  TSModuleBlock,
  VariableDeclaration,
  VariableDeclarator,
} from "oxc-parser";
import { parentOf, sourceFileOf, walk, type Identifier, type Node, type SourceFile } from "./ast.js";

/** What a name is bound to. */
export type Binding =
  /** A `const` declaration; `access` picks the value out of a destructuring pattern. */
  | {
      readonly kind: "const";
      readonly declaration: VariableDeclarator;
      /** The declarator's value (a `const` without one is an "other" binding). */
      readonly init: Expression;
      readonly access: readonly (string | number)[];
      readonly name: string;
    }
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

/** The nodes that open a function scope. */
type FunctionScope = Function | ArrowFunctionExpression;

function isFunctionScope(node: Node): node is FunctionScope {
  return node.type === "FunctionDeclaration" || node.type === "FunctionExpression" || node.type === "ArrowFunctionExpression";
}

function isBlock(node: Node): node is Program | BlockStatement | StaticBlock | TSModuleBlock {
  return node.type === "Program" || node.type === "BlockStatement" || node.type === "StaticBlock" || node.type === "TSModuleBlock";
}

function isLoop(node: Node): node is ForStatement | ForInStatement | ForOfStatement {
  return node.type === "ForStatement" || node.type === "ForInStatement" || node.type === "ForOfStatement";
}

/**
 * The binding an identifier refers to, from the innermost scope out.
 *
 * @example
 * ```ts
 * resolveIdentifier(node); // { kind: "const", declaration, access: [], name: "schema" }
 * ```
 */
export function resolveIdentifier(identifier: Identifier): Binding {
  let binding = resolved.get(identifier);
  if (binding !== undefined) return binding;
  const name = identifier.name;
  for (let scope = parentOf(identifier); scope !== undefined && binding === undefined; scope = parentOf(scope))
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
  if (isBlock(scope)) return statementsBinding(scope.body, name);
  if (scope.type === "SwitchStatement")
    return statementsBinding(
      scope.cases.flatMap((clause) => clause.consequent),
      name,
    );
  if (isFunctionScope(scope)) {
    if (parameterNames(scope).has(name)) return { kind: "other", reason: `"${name}" is a parameter` };
    if (scope.type === "FunctionExpression" && scope.id?.name === name) return { kind: "other", reason: `"${name}" is a function` };
    // `var` is scoped to the whole function, wherever in its body it is written.
    if (hoistedVars(scope).has(name)) return { kind: "other", reason: `"${name}" is a var binding, not a const` };
    return undefined;
  }
  if (isLoop(scope)) {
    const initializer = scope.type === "ForStatement" ? scope.init : scope.left;
    if (initializer?.type === "VariableDeclaration" && initializer.declarations.some((d) => namesIn(d.id).some((e) => e.name === name))) {
      return { kind: "other", reason: `"${name}" is a loop variable` };
    }
    return undefined;
  }
  if (scope.type === "CatchClause") {
    const parameter = scope.param;
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
  if (statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration") {
    // A missing declaration (`export { a }`) is `null`.
    const { declaration } = statement;
    if (declaration !== null) return declaration;
  }
  return statement;
}

/** Every name a statement may declare (a superset: `statementBinding` decides). */
function declaredNames(outer: Node): string[] {
  const statement = declarationOf(outer);
  switch (statement.type) {
    case "VariableDeclaration":
      return statement.declarations.flatMap((declaration) => namesIn(declaration.id).map((entry) => entry.name));
    case "ImportDeclaration":
      return statement.specifiers.map((specifier) => specifier.local.name);
    case "FunctionDeclaration":
    case "ClassDeclaration":
      return statement.id === null ? [] : [statement.id.name];
    case "TSEnumDeclaration":
    case "TSImportEqualsDeclaration":
      return [statement.id.name];
    case "TSModuleDeclaration":
      return statement.id.type === "Identifier" ? [statement.id.name] : [];
    default:
      return [];
  }
}

function statementBinding(outer: Node, name: string): Binding | undefined {
  const statement = declarationOf(outer);
  if (statement.type === "VariableDeclaration") return variableBinding(statement, name);
  if (statement.type === "ImportDeclaration") return importBinding(statement, name);
  if ((statement.type === "FunctionDeclaration" || statement.type === "ClassDeclaration") && statement.id?.name === name) {
    return { kind: "other", reason: `"${name}" is a ${statement.type === "FunctionDeclaration" ? "function" : "class"}` };
  }
  if (statement.type === "TSImportEqualsDeclaration" && statement.id.name === name) return importEqualsBinding(statement, name);
  if (statement.type === "TSEnumDeclaration" && statement.id.name === name) return { kind: "other", reason: `"${name}" is not a const` };
  if (statement.type === "TSModuleDeclaration" && statement.id.type === "Identifier" && statement.id.name === name) {
    return { kind: "other", reason: `"${name}" is not a const` };
  }
  return undefined;
}

/** `import x = require("m")`: the module itself, as a namespace. */
function importEqualsBinding(statement: TSImportEqualsDeclaration, name: string): Binding {
  const reference = statement.moduleReference;
  if (statement.importKind !== "type" && reference.type === "TSExternalModuleReference") {
    return { kind: "import", specifier: reference.expression.value, name: "*", sourceFile: sourceFileOf(statement), local: name };
  }
  return { kind: "other", reason: `"${name}" is not a const` };
}

const parameters = new WeakMap<FunctionScope, Set<string>>();

/** The names a function's parameters declare (computed once per function). */
function parameterNames(scope: FunctionScope): Set<string> {
  let names = parameters.get(scope);
  if (names === undefined) {
    names = new Set(scope.params.flatMap((parameter) => namesIn(parameter).map((entry) => entry.name)));
    parameters.set(scope, names);
  }
  return names;
}

const hoisted = new WeakMap<FunctionScope, Set<string>>();

/** The names `var` declares anywhere in a function's body, outside nested functions (computed once per function). */
function hoistedVars(scope: FunctionScope): Set<string> {
  let names = hoisted.get(scope);
  if (names !== undefined) return names;
  names = new Set();
  const body = scope.body;
  const found = names;
  if (body !== null) {
    walk(body, (node) => {
      if (node.type === "VariableDeclaration" && node.kind === "var") {
        for (const declaration of node.declarations) for (const entry of namesIn(declaration.id)) found.add(entry.name);
      }
      // A nested function (or class) has its own var scope.
      return node === body || !(isFunctionScope(node) || node.type === "ClassDeclaration" || node.type === "ClassExpression");
    });
  }
  hoisted.set(scope, names);
  return names;
}

/** A `const`/`let`/`var` statement's binding of a name. */
export function variableBinding(statement: VariableDeclaration, name: string): Binding | undefined {
  for (const declaration of statement.declarations) {
    const entry = namesIn(declaration.id).find((candidate) => candidate.name === name);
    if (entry === undefined) continue;
    if (statement.kind !== "const") return { kind: "other", reason: `"${name}" is a ${statement.kind} binding, not a const` };
    if (declaration.init === null) return { kind: "other", reason: `"${name}" is declared without a value` };
    if (entry.access === undefined)
      return { kind: "other", reason: `"${name}" comes from a rest element or a default in a destructuring pattern` };
    return { kind: "const", declaration, init: declaration.init, access: entry.access, name };
  }
  return undefined;
}

function importBinding(statement: ImportDeclaration, name: string): Binding | undefined {
  if (statement.importKind === "type") return undefined;
  const specifier = statement.source.value;
  const sourceFile = sourceFileOf(statement);
  for (const entry of statement.specifiers) {
    if (entry.local.name !== name) continue;
    if (entry.type === "ImportDefaultSpecifier") return { kind: "import", specifier, name: "default", sourceFile, local: name };
    if (entry.type === "ImportNamespaceSpecifier") return { kind: "import", specifier, name: "*", sourceFile, local: name };
    if (entry.importKind === "type") return undefined;
    return { kind: "import", specifier, name: moduleExportName(entry.imported), sourceFile, local: name };
  }
  return undefined;
}

/** The name of an import or export specifier: an identifier, or a string (`import { "a-b" as x }`). */
export function moduleExportName(node: ModuleExportName): string {
  return node.type === "Identifier" ? node.name : node.value;
}

interface NamedEntry {
  readonly name: string;
  /** The path into the destructured value; `undefined` when a default or rest element is involved. */
  readonly access: readonly (string | number)[] | undefined;
}

/** Every name a binding pattern declares, with the path to its value. */
export function namesIn(pattern: BindingPattern | Node): NamedEntry[] {
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
      return [{ name: pattern.name, access }];
    case "AssignmentPattern":
      return namesAt(pattern.left, undefined);
    case "RestElement":
      return namesAt(pattern.argument, undefined);
    case "ArrayPattern":
      return pattern.elements.flatMap((element, index) =>
        element === null ? [] : namesAt(element, access === undefined ? undefined : [...access, index]),
      );
    case "ObjectPattern":
      return pattern.properties.flatMap((property) => {
        if (property.type === "RestElement") return namesAt(property.argument, undefined);
        const key = property.key;
        const step = property.computed
          ? undefined
          : key.type === "Identifier"
            ? key.name
            : key.type === "Literal"
              ? String(key.value)
              : undefined;
        return namesAt(property.value, access === undefined || step === undefined ? undefined : [...access, step]);
      });
    default:
      return [];
  }
}
