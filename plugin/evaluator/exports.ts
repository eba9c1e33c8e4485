/**
 * What a module exports under a name: an exported `const`, a local binding
 * re-exported by `export { … }`, a re-export from another module, or
 * `export default <expression>`. `export *` is followed by the evaluator
 * (it needs the module host), so it is returned separately.
 */
import type ts from "typescript";
import { typescript } from "./typescript.js";
import { statementsBinding, variableBinding, type Binding } from "./scope.js";

/** The binding a module exports as `name`, and the `export *` specifiers to try after it. */
export interface ExportLookup {
  readonly binding: Binding | undefined;
  readonly starSpecifiers: readonly string[];
}

/**
 * Finds the export `name` of a module (`"default"` for the default export).
 *
 * @example
 * ```ts
 * exportBinding(sourceFile, "common"); // { binding: { kind: "const", … }, starSpecifiers: [] }
 * ```
 */
export function exportBinding(sourceFile: ts.SourceFile, name: string): ExportLookup {
  const starSpecifiers: string[] = [];
  for (const statement of sourceFile.statements) {
    const found = exportOf(statement, name, sourceFile);
    if (found !== undefined) return { binding: found, starSpecifiers: [] };
    if (typescript.isExportDeclaration(statement) && !statement.isTypeOnly && statement.exportClause === undefined && statement.moduleSpecifier !== undefined && typescript.isStringLiteral(statement.moduleSpecifier)) {
      starSpecifiers.push(statement.moduleSpecifier.text);
    }
  }
  // `export *` never re-exports a default.
  return { binding: undefined, starSpecifiers: name === "default" ? [] : starSpecifiers };
}

function exportOf(statement: ts.Statement, name: string, sourceFile: ts.SourceFile): Binding | undefined {
  if (typescript.isVariableStatement(statement) && isExported(statement)) return variableBinding(statement, name);
  if (typescript.isExportAssignment(statement) && !statement.isExportEquals && name === "default") return { kind: "expression", expression: statement.expression };
  if ((typescript.isFunctionDeclaration(statement) || typescript.isClassDeclaration(statement)) && isExported(statement)) {
    const isDefault = statement.modifiers?.some((modifier) => modifier.kind === typescript.SyntaxKind.DefaultKeyword) ?? false;
    if ((isDefault ? "default" : statement.name?.text) === name) return { kind: "other", reason: `"${name}" is a ${typescript.isFunctionDeclaration(statement) ? "function" : "class"}` };
    return undefined;
  }
  if (!typescript.isExportDeclaration(statement) || statement.isTypeOnly || statement.exportClause === undefined) return undefined;
  const from = statement.moduleSpecifier !== undefined && typescript.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
  const clause = statement.exportClause;
  if (typescript.isNamespaceExport(clause)) {
    return clause.name.text === name && from !== undefined ? { kind: "import", specifier: from, name: "*", sourceFile } : undefined;
  }
  for (const element of clause.elements) {
    if (element.isTypeOnly || element.name.text !== name) continue;
    const local = (element.propertyName ?? element.name).text;
    if (from !== undefined) return { kind: "import", specifier: from, name: local, sourceFile };
    return statementsBinding(sourceFile.statements, local) ?? { kind: "other", reason: `"${local}" is not declared in the module` };
  }
  return undefined;
}

function isExported(statement: ts.VariableStatement | ts.FunctionDeclaration | ts.ClassDeclaration): boolean {
  return statement.modifiers?.some((modifier) => modifier.kind === typescript.SyntaxKind.ExportKeyword) ?? false;
}
