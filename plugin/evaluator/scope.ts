/**
 * Name resolution without a type checker: what an identifier is bound to,
 * found by walking up the syntax tree through the scopes that declare names
 * (source file, blocks, functions, loops, catch clauses), and what a module
 * exports under a name. Only `const` bindings and imports can lead to a
 * value; every other binding is reported as such, so the evaluator can say
 * why a value is unknown.
 */
import type ts from "typescript";
import { typescript } from "./typescript.js";

/** What a name is bound to. */
export type Binding =
  /** A `const` declaration; `access` picks the value out of a destructuring pattern. */
  | { readonly kind: "const"; readonly declaration: ts.VariableDeclaration; readonly access: readonly (string | number)[] }
  /** An import: `name` is the imported name, `"default"`, or `"*"` for a namespace. */
  | { readonly kind: "import"; readonly specifier: string; readonly name: string; readonly sourceFile: ts.SourceFile }
  /** `export default <expression>`. */
  | { readonly kind: "expression"; readonly expression: ts.Expression }
  /** A binding that cannot hold a static value: a `let`, a parameter, a function… */
  | { readonly kind: "other"; readonly reason: string }
  /** No declaration in the file: a global. */
  | { readonly kind: "global" };

/**
 * The binding an identifier refers to, from the innermost scope out.
 *
 * @example
 * ```ts
 * resolveIdentifier(node); // { kind: "const", declaration, access: [] }
 * ```
 */
export function resolveIdentifier(identifier: ts.Identifier): Binding {
  const name = identifier.text;
  for (let scope: ts.Node | undefined = identifier.parent; scope !== undefined; scope = scope.parent) {
    const found = bindingIn(scope, name);
    if (found !== undefined) return found;
  }
  return { kind: "global" };
}

function bindingIn(scope: ts.Node, name: string): Binding | undefined {
  if (typescript.isSourceFile(scope) || typescript.isBlock(scope) || typescript.isModuleBlock(scope)) return statementsBinding(scope.statements, name);
  if (typescript.isCaseBlock(scope)) return statementsBinding(scope.clauses.flatMap((clause) => [...clause.statements]), name);
  if (typescript.isFunctionLike(scope)) {
    for (const parameter of scope.parameters) {
      if (namesIn(parameter.name).some((entry) => entry.name === name)) return { kind: "other", reason: `"${name}" is a parameter` };
    }
    if ((typescript.isFunctionExpression(scope) || typescript.isFunctionDeclaration(scope)) && scope.name?.text === name) return { kind: "other", reason: `"${name}" is a function` };
    // `var` is scoped to the whole function, wherever in its body it is written.
    if (hoistedVars(scope).has(name)) return { kind: "other", reason: `"${name}" is a var binding, not a const` };
    return undefined;
  }
  if (typescript.isForStatement(scope) || typescript.isForInStatement(scope) || typescript.isForOfStatement(scope)) {
    const initializer = scope.initializer;
    if (initializer !== undefined && typescript.isVariableDeclarationList(initializer) && initializer.declarations.some((d) => namesIn(d.name).some((e) => e.name === name))) {
      return { kind: "other", reason: `"${name}" is a loop variable` };
    }
    return undefined;
  }
  if (typescript.isCatchClause(scope)) {
    const variable = scope.variableDeclaration;
    if (variable !== undefined && namesIn(variable.name).some((entry) => entry.name === name)) return { kind: "other", reason: `"${name}" is a caught error` };
    return undefined;
  }
  if (typescript.isClassExpression(scope) && scope.name?.text === name) return { kind: "other", reason: `"${name}" is a class` };
  return undefined;
}

/**
 * The binding a list of statements declares for a name, if any: the first
 * statement that declares it. A list is indexed once (a name → its first
 * declaring statement), so a module of thousands of declarations resolves
 * each name without scanning them all again.
 */
export function statementsBinding(statements: readonly ts.Statement[], name: string): Binding | undefined {
  const statement = statementIndex(statements).get(name);
  return statement === undefined ? undefined : statementBinding(statement, name);
}

const indexes = new WeakMap<readonly ts.Statement[], Map<string, ts.Statement>>();

function statementIndex(statements: readonly ts.Statement[]): Map<string, ts.Statement> {
  let index = indexes.get(statements);
  if (index !== undefined) return index;
  index = new Map();
  for (const statement of statements) {
    for (const name of declaredNames(statement)) {
      // The same test the lookup makes, so the index answers exactly as a scan would.
      if (!index.has(name) && statementBinding(statement, name) !== undefined) index.set(name, statement);
    }
  }
  indexes.set(statements, index);
  return index;
}

/** Every name a statement may declare (a superset: `statementBinding` decides). */
function declaredNames(statement: ts.Statement): string[] {
  if (typescript.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => namesIn(declaration.name).map((entry) => entry.name));
  if (typescript.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause === undefined) return [];
    const bindings = clause.namedBindings;
    const named = bindings === undefined ? [] : typescript.isNamespaceImport(bindings) ? [bindings.name.text] : bindings.elements.map((element) => element.name.text);
    return clause.name === undefined ? named : [clause.name.text, ...named];
  }
  if (typescript.isFunctionDeclaration(statement) || typescript.isClassDeclaration(statement)) return statement.name === undefined ? [] : [statement.name.text];
  if ((typescript.isEnumDeclaration(statement) || typescript.isModuleDeclaration(statement) || typescript.isImportEqualsDeclaration(statement)) && typescript.isIdentifier(statement.name)) return [statement.name.text];
  return [];
}

function statementBinding(statement: ts.Statement, name: string): Binding | undefined {
  if (typescript.isVariableStatement(statement)) return variableBinding(statement, name);
  if (typescript.isImportDeclaration(statement)) return importBinding(statement, name);
  if ((typescript.isFunctionDeclaration(statement) || typescript.isClassDeclaration(statement)) && statement.name?.text === name) {
    return { kind: "other", reason: `"${name}" is a ${typescript.isFunctionDeclaration(statement) ? "function" : "class"}` };
  }
  if ((typescript.isEnumDeclaration(statement) || typescript.isModuleDeclaration(statement) || typescript.isImportEqualsDeclaration(statement)) && typescript.isIdentifier(statement.name) && statement.name.text === name) {
    return { kind: "other", reason: `"${name}" is not a const` };
  }
  return undefined;
}

const hoisted = new WeakMap<ts.Node, Set<string>>();

/** The names `var` declares anywhere in a function's body, outside nested functions (computed once per function). */
function hoistedVars(scope: ts.SignatureDeclaration): Set<string> {
  let names = hoisted.get(scope);
  if (names !== undefined) return names;
  names = new Set();
  const body = (scope as { body?: ts.Node }).body;
  const pending: ts.Node[] = body === undefined ? [] : [body];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typescript.isVariableDeclarationList(node) && !(node.flags & typescript.NodeFlags.BlockScoped)) {
      for (const declaration of node.declarations) for (const entry of namesIn(declaration.name)) names.add(entry.name);
    }
    // A nested function (or class) has its own var scope.
    if (node !== body && (typescript.isFunctionLike(node) || typescript.isClassLike(node))) continue;
    typescript.forEachChild(node, (child) => {
      pending.push(child);
    });
  }
  hoisted.set(scope, names);
  return names;
}

/** A `const`/`let`/`var` statement's binding of a name. */
export function variableBinding(statement: ts.VariableStatement, name: string): Binding | undefined {
  const list = statement.declarationList;
  for (const declaration of list.declarations) {
    const entry = namesIn(declaration.name).find((candidate) => candidate.name === name);
    if (entry === undefined) continue;
    if (!(list.flags & typescript.NodeFlags.Const)) return { kind: "other", reason: `"${name}" is ${list.flags & typescript.NodeFlags.Let ? "a let" : "a var"} binding, not a const` };
    if (declaration.initializer === undefined) return { kind: "other", reason: `"${name}" is declared without a value` };
    if (entry.access === undefined) return { kind: "other", reason: `"${name}" comes from a rest element or a default in a destructuring pattern` };
    return { kind: "const", declaration, access: entry.access };
  }
  return undefined;
}

function importBinding(statement: ts.ImportDeclaration, name: string): Binding | undefined {
  const clause = statement.importClause;
  if (clause === undefined || clause.isTypeOnly || !typescript.isStringLiteral(statement.moduleSpecifier)) return undefined;
  const specifier = statement.moduleSpecifier.text;
  const sourceFile = statement.getSourceFile();
  if (clause.name?.text === name) return { kind: "import", specifier, name: "default", sourceFile };
  const bindings = clause.namedBindings;
  if (bindings === undefined) return undefined;
  if (typescript.isNamespaceImport(bindings)) return bindings.name.text === name ? { kind: "import", specifier, name: "*", sourceFile } : undefined;
  for (const element of bindings.elements) {
    if (element.name.text !== name || element.isTypeOnly) continue;
    return { kind: "import", specifier, name: (element.propertyName ?? element.name).text, sourceFile };
  }
  return undefined;
}

interface NamedEntry {
  readonly name: string;
  /** The path into the destructured value; `undefined` when a default or rest element is involved. */
  readonly access: readonly (string | number)[] | undefined;
}

/** Every name a binding name declares, with the path to its value. */
function namesIn(name: ts.BindingName, access: readonly (string | number)[] | undefined = []): NamedEntry[] {
  if (typescript.isIdentifier(name)) return [{ name: name.text, access }];
  const entries: NamedEntry[] = [];
  name.elements.forEach((element, index) => {
    if (typescript.isOmittedExpression(element)) return;
    const plain = access !== undefined && element.initializer === undefined && element.dotDotDotToken === undefined;
    let step: string | number | undefined = index;
    if (typescript.isObjectBindingPattern(name)) {
      const property = element.propertyName ?? element.name;
      step = typescript.isIdentifier(property) || typescript.isStringLiteral(property) || typescript.isNumericLiteral(property) ? property.text : undefined;
    }
    entries.push(...namesIn(element.name, plain && step !== undefined ? [...access, step] : undefined));
  });
  return entries;
}
