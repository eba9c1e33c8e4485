/**
 * The module graph of `src/` and `plugin/` has no cycles — type-only imports
 * included, since a type cycle couples two modules as tightly as a value one.
 * Imports are read with the TypeScript parser (static, `export … from`, and
 * `import()` types), resolved as NodeNext resolves a relative `.js`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, test } from "vitest";

const repo = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?ts$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => relative(repo, join(entry.parentPath, entry.name)));
}

/** The repository files a module imports (relative specifiers only). */
function importsOf(file: string): string[] {
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
  return specifiers
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

/** Every cycle's members, found by Tarjan's strongly connected components. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

test("src/ and plugin/ import no module that imports them back, type imports included", () => {
  const files = [...sourceFiles("src"), ...sourceFiles("plugin")];
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  expect([...graph.values()].flat().length).toBeGreaterThan(100);
  expect(cycles(graph)).toEqual([]);
});

test("the cycle finder finds a cycle", () => {
  expect(
    cycles(
      new Map([
        ["a", ["b"]],
        ["b", ["c"]],
        ["c", ["a"]],
        ["d", ["a"]],
      ]),
    ),
  ).toEqual([["a", "b", "c"]]);
});
