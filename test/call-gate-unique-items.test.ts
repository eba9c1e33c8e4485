/**
 * uniqueItems on a long array a caller sends: the validator compares every
 * pair, which 282 KiB of tags turned into 16 s. Distinct items are served
 * after one pass; a repeated item is named at its place without the pairwise
 * walk; an array past the bound with another problem is refused saying how
 * long it is — never a blocked server.
 */
import { describe, expect, test } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import { readAnswer } from "../src/testing/index.js";

const router = createRouter({
  tools: [
    defineTool({
      name: "tags",
      description: "Tags",
      actions: {
        set: {
          description: "Set the tags",
          properties: { tags: { type: "array", uniqueItems: true, items: { type: "string", maxLength: 20 } } },
          required: ["tags"],
        },
      },
      handlers: { set: ({ tags }) => tags.length },
    }),
  ],
});

const call = async (tags: unknown[]) => readAnswer(await router.callTool("tags", { action: "set", data: { tags } }));
const distinct = (count: number) => Array.from({ length: count }, (_, index) => `tag-${index}`);

describe("uniqueItems on long arrays", () => {
  test("100,000 distinct items are served", async () => {
    expect(await call(distinct(100_000))).toMatchObject({ ok: true, value: 100_000 });
  });

  test.each([10, 100_000])("a repeated item among %i is named at its array, as the validator names it", async (count) => {
    const tags = [...distinct(count), "tag-3"];
    const answer = await call(tags);
    expect(answer.ok).toBe(false);
    expect(answer.ok ? [] : answer.problems).toEqual([
      expect.objectContaining({ at: 'data["tags"]', keyword: "uniqueItems", problem: "has an item listed twice" }),
    ]);
  });

  test("another problem in an array past the bound is refused, saying how long the array is", async () => {
    const answer = await call([...distinct(50_000), 7]);
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer.ok ? {} : answer.problems)).toContain("an array of 50001 items, more than the 2000");
  });

  test("below the bound, every problem is named as before", async () => {
    const answer = await call([...distinct(100), 7, "x".repeat(30)]);
    expect((answer.ok ? [] : answer.problems).map((problem) => problem.at)).toEqual(['data["tags"][100]', 'data["tags"][101]']);
  });
});
