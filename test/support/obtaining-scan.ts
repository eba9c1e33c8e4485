import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** A place that calls a tool's `actions` — `x.actions()`, `x["actions"]()`, `x.actions.call(…)`. */
export interface ActionsCall {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Every call of a property named `actions` under `roots` (TypeScript and JavaScript sources). */
export function findActionsCalls(base: string, roots: readonly string[]): ActionsCall[] {
  const calls: ActionsCall[] = [];
  for (const file of roots.flatMap((root) => sourceFiles(join(base, root)))) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && callsActions(node.expression)) {
        calls.push({
          file: relative(base, file),
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          text: node.getText(),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}

function callsActions(callee: ts.Expression): boolean {
  const target = skipWrappers(callee);
  if (namesActions(target)) return true;
  // x.actions.call(…), x.actions.apply(…), x.actions.bind(…)()
  if (ts.isPropertyAccessExpression(target) && ["call", "apply", "bind"].includes(target.name.text))
    return namesActions(skipWrappers(target.expression));
  if (ts.isCallExpression(target)) return callsActions(target.expression);
  return false;
}

function namesActions(node: ts.Expression): boolean {
  if (ts.isPropertyAccessExpression(node)) return node.name.text === "actions";
  if (ts.isElementAccessExpression(node))
    return ts.isStringLiteralLike(node.argumentExpression) && node.argumentExpression.text === "actions";
  return false;
}

function skipWrappers(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isSatisfiesExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function sourceFiles(path: string): string[] {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return [];
  }
  if (stats.isFile()) return /\.(c|m)?(t|j)sx?$/.test(path) && !path.endsWith(".d.ts") ? [path] : [];
  return readdirSync(path).flatMap((entry) => (entry === "node_modules" ? [] : sourceFiles(join(path, entry))));
}
