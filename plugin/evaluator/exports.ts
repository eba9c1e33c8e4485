/**
 * What a module exports under a name: an exported `const`, a local binding
 * re-exported by `export { … }`, a re-export from another module, or
 * `export default <expression>`. `export *` is followed by the evaluator
 * (it needs the module host), so it is returned separately.
 */
import type { SourceFile, Node } from "./ast.js";
import { moduleExportName, statementsBinding, variableBinding, type Binding } from "./scope.js";

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
export function exportBinding(sourceFile: SourceFile, name: string): ExportLookup {
  const starSpecifiers: string[] = [];
  for (const statement of sourceFile.program.body) {
    const found = exportOf(statement, name, sourceFile);
    if (found !== undefined) return { binding: found, starSpecifiers: [] };
    if (statement.type === "ExportAllDeclaration" && statement.exported === null && statement.exportKind !== "type")
      starSpecifiers.push(statement.source.value);
  }
  // `export *` never re-exports a default.
  return { binding: undefined, starSpecifiers: name === "default" ? [] : starSpecifiers };
}

function exportOf(statement: Node, name: string, sourceFile: SourceFile): Binding | undefined {
  if (statement.type === "ExportDefaultDeclaration") {
    if (name !== "default") return undefined;
    const { declaration } = statement;
    if (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration")
      return { kind: "other", reason: `"default" is a ${declaration.type === "FunctionDeclaration" ? "function" : "class"}` };
    return { kind: "expression", expression: declaration };
  }
  if (statement.type === "ExportAllDeclaration") {
    if (statement.exported === null || statement.exportKind === "type" || moduleExportName(statement.exported) !== name) return undefined;
    return { kind: "import", specifier: statement.source.value, name: "*", sourceFile };
  }
  if (statement.type !== "ExportNamedDeclaration" || statement.exportKind === "type") return undefined;
  const { declaration } = statement;
  if (declaration !== null) {
    if (declaration.type === "VariableDeclaration") return variableBinding(declaration, name);
    if ((declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") && declaration.id?.name === name) {
      return { kind: "other", reason: `"${name}" is a ${declaration.type === "FunctionDeclaration" ? "function" : "class"}` };
    }
    return undefined;
  }
  const from = statement.source === null ? undefined : statement.source.value;
  for (const element of statement.specifiers) {
    if (element.exportKind === "type" || moduleExportName(element.exported) !== name) continue;
    const local = moduleExportName(element.local);
    if (from !== undefined) return { kind: "import", specifier: from, name: local, sourceFile };
    return statementsBinding(sourceFile.program.body, local) ?? { kind: "other", reason: `"${local}" is not declared in the module` };
  }
  return undefined;
}

/** The start of an export statement that declares a function or a class (after the `export` keyword). */
const DECLARES_FUNCTION_OR_CLASS = /^export\s+(?:declare\s+)?(?:async\s+)?function\b|^export\s+(?:declare\s+)?(?:abstract\s+)?class\b/;

/**
 * Whether a module exports `name` as a function or class it declares, read
 * from the parser's record of its exports and the statement's own text, so
 * that the module's tree is never built. A tool file's handlers mostly call
 * plain functions of other modules, and each call's callee is asked whether
 * it is wymcp's `defineTool`. `false` means "not known so": the caller then
 * reads the tree.
 *
 * @example
 * ```ts
 * exportsDeclaredFunction(sourceFile, "formatDate"); // true for `export function formatDate(…)`
 * ```
 */
export function exportsDeclaredFunction(sourceFile: SourceFile, name: string): boolean {
  for (const statement of sourceFile.exportStatements) {
    const [entry, ...others] = statement.entries;
    if (entry?.exportName.name !== name || others.length > 0 || entry.moduleRequest !== null) continue;
    return DECLARES_FUNCTION_OR_CLASS.test(sourceFile.text.slice(statement.start, statement.end));
  }
  return false;
}
