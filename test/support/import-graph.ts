/**
 * The import graph of the repository's own modules, read with the TypeScript
 * parser: static imports, `export … from`, `import()` calls and `import()`
 * types, type-only imports included. Relative specifiers resolve as NodeNext
 * resolves a relative `.js`; bare specifiers are kept as written.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const repo = fileURLToPath(new URL("../..", import.meta.url));

/** The TypeScript modules under a folder of the repository, as repository paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?ts$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => relative(repo, join(entry.parentPath, entry.name)));
}

/** Every module specifier a file names, as written. */
export function specifiersOf(file: string): string[] {
  const text = readFileSync(join(repo, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      specifiers.push(node.moduleSpecifier.text);
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      specifiers.push(node.argument.literal.text);
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The repository files a module imports (relative specifiers only). */
export function importsOf(file: string): string[] {
  return specifiersOf(file)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) =>
      resolve(dirname(join(repo, file)), specifier)
        .replace(/\.js$/, ".ts")
        .replace(/\.cjs$/, ".cts")
        .replace(/\.mjs$/, ".mts"),
    )
    .filter((path) => existsSync(path))
    .map((path) => relative(repo, path));
}

/** The packages a module imports (bare specifiers, `node:` built-ins left out). */
export function packagesOf(file: string): string[] {
  return specifiersOf(file).filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("node:"));
}
