/**
 * Where JSON Schema's own reading and wymcp's closure meet: the answer names
 * what to change, once, and never advises against what the schema allows.
 */
import { describe, expect, test } from "vitest";
import { createRouter, defineTool, type ActionSchema } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";

async function problemsOf(
  properties: ActionSchema["properties"],
  data: object,
): Promise<{ code: string; at: string; key?: string; keyword?: string }[]> {
  const tool = defineTool({
    name: "t",
    description: "T",
    actions: { go: { description: "Go", properties } },
    handlers: { go: () => "ok" },
  });
  const { isError, body } = readAnswer(await createRouter({ tools: [tool] }).callTool("t", { action: "go", data }));
  return isError
    ? body.problems.map(({ code, at, key, keyword }: Record<string, string>) => ({
        code,
        at,
        ...(key === undefined ? {} : { key }),
        ...(keyword === undefined ? {} : { keyword }),
      }))
    : [];
}

describe("the closure and the validator agree", () => {
  test("patternProperties beside properties: a key matching a pattern is not unknown, its value is checked; other keys stay refused", async () => {
    const meta = { type: "object", properties: { id: { type: "integer" } }, patternProperties: { "^x-": { type: "integer" } } } as const;
    expect(await problemsOf({ meta }, { meta: { id: 1, "x-rank": 2 } })).toEqual([]);
    expect(await problemsOf({ meta }, { meta: { id: 1, "x-rank": "2", other: 1 } })).toEqual([
      { code: "unknown_key", at: 'data["meta"]', key: "other" },
      { code: "invalid_value", at: 'data["meta"]["x-rank"]', keyword: "type" },
    ]);
  });

  test("minContains names the array, not the items that did not need to match", async () => {
    expect(await problemsOf({ v: { type: "array", contains: { type: "string" }, minContains: 2 } }, { v: ["a", 1] })).toEqual([
      { code: "invalid_value", at: 'data["v"]', keyword: "minContains" },
    ]);
  });

  test("unevaluatedProperties: false does not call a declared key with a bad value unknown", async () => {
    const v = { type: "object", allOf: [{ properties: { a: { type: "string" } } }], unevaluatedProperties: false } as const;
    expect(await problemsOf({ v }, { v: { a: 1 } })).toEqual([{ code: "invalid_value", at: 'data["v"]["a"]', keyword: "type" }]);
    expect(await problemsOf({ v }, { v: { a: "x", b: 1 } })).toEqual([{ code: "unknown_key", at: 'data["v"]', key: "b" }]);
  });
});

test("a result's problems are sorted by data path, as a call's are", async () => {
  const tool = defineTool({
    name: "r",
    description: "R",
    outputSchema: {
      type: "object",
      properties: {
        total: { type: "integer" },
        items: { type: "array", items: { type: "object", properties: { id: { type: "integer" } } } },
      },
      additionalProperties: false,
    },
    actions: { go: { description: "Go", properties: {} } },
    handlers: { go: () => ({ zeta: 1, total: "2", items: [{ id: "a" }, { id: 1 }, "x"] }) },
  });
  const router = createRouter({ tools: [tool], log: { error: () => undefined } });
  const { body } = readAnswer(await router.callTool("r", { action: "go" }));
  expect(
    body.problems.map((problem: { at: string; key?: string }) => (problem.key === undefined ? problem.at : `${problem.at} ${problem.key}`)),
  ).toEqual([
    'structuredContent["items"][0]["id"]',
    'structuredContent["items"][2]',
    'structuredContent["total"]',
    "structuredContent zeta",
  ]);
});
