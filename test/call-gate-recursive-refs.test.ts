/**
 * Data that recurses through a local `$ref` (a tree through "#/$defs/node"):
 * valid data hundreds or thousands of levels deep is served, not refused for
 * the validator's stack; a reference's siblings still apply beside it; a
 * wrong value is named at its place as deep as the validator's naming walk
 * reaches (about a hundred levels), and past it refused saying the data is
 * nested too deeply — never served.
 */
import { describe, expect, test } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import { readAnswer } from "../src/testing/index.js";

const NODE = {
  type: "object",
  properties: { label: { type: "string" }, child: { $ref: "#/$defs/node" } },
  additionalProperties: false,
};

function treeRouter(tree: Record<string, unknown> = { $ref: "#/$defs/node", $defs: { node: NODE } }) {
  const seen: unknown[] = [];
  const tool = defineTool({
    name: "trees",
    description: "Trees",
    actions: {
      plant: {
        description: "Plant a tree",
        properties: { tree },
        required: ["tree"],
      },
    } as never,
    handlers: { plant: (data: unknown) => (seen.push(data), "planted") } as never,
  });
  return { router: createRouter({ tools: [tool] }), seen };
}

function chain(depth: number, leaf: Record<string, unknown> = { label: "leaf" }): Record<string, unknown> {
  let tree = leaf;
  for (let level = 0; level < depth; level++) tree = { label: `l${level}`, child: tree };
  return tree;
}

describe("recursive data through a local $ref", () => {
  test.each([1, 400, 2000])("a valid tree %i levels deep is served, whole", async (depth) => {
    const { router, seen } = treeRouter();
    const tree = chain(depth);
    const answer = readAnswer(await router.callTool("trees", { action: "plant", data: { tree } }));
    expect(answer).toMatchObject({ ok: true, value: "planted" });
    expect(seen).toEqual([{ tree }]);
  });

  test("a wrong value 100 levels down is named at its place", async () => {
    const { router, seen } = treeRouter();
    const answer = readAnswer(await router.callTool("trees", { action: "plant", data: { tree: chain(100, { label: 7 }) } }));
    expect(answer.ok).toBe(false);
    const problems = answer.ok ? [] : answer.problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]!.at).toBe(`data["tree"]${'["child"]'.repeat(100)}["label"]`);
    expect(seen).toEqual([]);
  });

  test.each([
    [
      "an unknown key in a referenced node",
      { $ref: "#/$defs/node", $defs: { node: NODE } },
      { label: "a", child: { label: "b", extra: 1 } },
    ],
    [
      "too many keys for a sibling of $ref",
      { $ref: "#/$defs/node", maxProperties: 1, $defs: { node: NODE } },
      { label: "a", child: { label: "b" } },
    ],
    ["a wrong type for a sibling of $ref", { $ref: "#/$defs/node", required: ["child"], $defs: { node: NODE } }, { label: "a" }],
  ])("%s is refused", async (_, property, tree) => {
    const { router, seen } = treeRouter(property);
    const answer = readAnswer(await router.callTool("trees", { action: "plant", data: { tree } }));
    expect(answer.ok).toBe(false);
    expect(seen).toEqual([]);
  });

  test.each([2000, 50_000])("a wrong value %i levels down, past what the naming walk reaches, is refused saying so", async (depth) => {
    const { router, seen } = treeRouter();
    const answer = readAnswer(await router.callTool("trees", { action: "plant", data: { tree: chain(depth, { label: 1 }) } }));
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).toMatch(/nested too deeply|more than \d+ levels/);
    expect(seen).toEqual([]);
  });
});
