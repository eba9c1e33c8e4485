/**
 * The module graph of `src/` and `plugin/` has no cycles — type-only imports
 * included, since a type cycle couples two modules as tightly as a value one.
 * Imports are read by `support/import-graph.ts`.
 */
import { expect, test } from "vitest";
import { importsOf, sourceFiles } from "./support/import-graph.js";

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
