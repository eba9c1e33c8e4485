/**
 * Helpers for the evaluator and locator tests: throwaway projects on disk
 * (so module resolution is the real one), and expressions evaluated from
 * source text.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { checkSource } from "../plugin/check/check.js";
import { findDeclarations, type ToolDeclaration } from "../plugin/check/declarations.js";
import type { FileCheck } from "../plugin/check/file-check.js";
import { childrenOf, type Node, type SourceFile } from "../plugin/evaluator/ast.js";
import { Evaluator } from "../plugin/evaluator/evaluator.js";
import { diskHost, parseSource } from "../plugin/evaluator/modules.js";

/** Writes files into a fresh temporary folder and returns its path. */
export function project(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), "wymcp-plugin-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

/** The value of `const value = …` in `index.ts` of a project made of `files`, with the session that evaluated it. */
export function evaluateValue(
  source: string,
  files: Readonly<Record<string, string>> = {},
): { value: unknown; evaluator: Evaluator; sourceFile: SourceFile } {
  const root = project({ ...files, "index.ts": source });
  const sourceFile = parseSource(join(root, "index.ts"), source);
  const evaluator = new Evaluator(diskHost());
  let value: unknown = undefined;
  let found = false;
  const visit = (node: Node): void => {
    if (node.type === "VariableDeclarator" && node.id.type === "Identifier" && node.id.name === "value" && node.init !== null) {
      value = evaluator.evaluate(node.init);
      found = true;
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(sourceFile.program);
  if (!found) throw new Error("the source declares no `const value = …`");
  return { value, evaluator, sourceFile };
}

/** The tool declarations of `index.ts` in a project made of `files`. */
export function declarationsOf(source: string, files: Readonly<Record<string, string>> = {}): ToolDeclaration[] {
  const root = project({ ...files, "index.ts": source });
  return findDeclarations(parseSource(join(root, "index.ts"), source));
}

/** Checks `index.ts` of a project made of `files`. */
export function checkProject(source: string, files: Readonly<Record<string, string>> = {}): FileCheck & { root: string } {
  const root = project({ ...files, "index.ts": source });
  return { ...checkSource(join(root, "index.ts"), source), root };
}
