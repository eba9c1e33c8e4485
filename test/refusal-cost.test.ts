/**
 * A hostile call is refused at about the cost of its size: past the answer's
 * 50 problems nothing is named, sorted or worded — only counted — and a
 * JSON-RPC batch longer than the transport takes is refused before its
 * entries are validated. (Costs are measured in bench/, never timed here:
 * these pin what is named and counted.)
 */
import { expect, test } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import { checkMessage } from "../src/mcp/http/body.js";
import { readAnswer } from "./fixtures/runtime/answers.js";

const tool = defineTool({
  name: "notes",
  description: "Notes",
  actions: { add: { description: "Add", properties: { text: { type: "string" }, tags: { type: "array", items: { type: "string" } } } } },
  handlers: { add: () => "ok" },
});

test("130,000 undeclared keys: the first 50 in data-path order are named, the rest counted", async () => {
  const data: Record<string, number> = {};
  for (let index = 0; index < 130_000; index++) data[`k${index}`] = index;
  const { isError, body } = readAnswer(await createRouter({ tools: [tool] }).callTool("notes", { action: "add", data }));
  expect(isError).toBe(true);
  expect(body.message).toBe("the data of notes.add has 130000 problems");
  expect(body.problems).toHaveLength(50);
  expect(body.moreProblems).toBe(129_950);
  const sorted = Object.keys(data).sort().slice(0, 50);
  expect(body.problems.map((problem: { key: string }) => problem.key)).toEqual(sorted);
});

test("100,000 wrong values in one array: 50 named in order, the rest counted", async () => {
  const tags = Array.from({ length: 100_000 }, (_, index) => index);
  const { body } = readAnswer(await createRouter({ tools: [tool] }).callTool("notes", { action: "add", data: { tags } }));
  expect(body.problems.map((problem: { at: string }) => problem.at)).toEqual(
    Array.from({ length: 50 }, (_, index) => `data["tags"][${index}]`),
  );
  expect(body.moreProblems).toBe(99_950);
});

test("a batch longer than the transport takes is refused before its entries are read", () => {
  const notification = { jsonrpc: "2.0", method: "notifications/initialized" };
  const entries = Array.from({ length: 33_000 }, () => notification);
  // A poisoned entry past the limit: validating entries would report it; the length check answers first.
  entries.push({ nonsense: true } as never);
  expect(checkMessage(entries)).toEqual({
    refusal: expect.objectContaining({ status: 400, code: -32600, message: "Invalid Request: Batch must not exceed 100 messages" }),
  });
});

test("a refused call lists the data's keys once: listing a huge object's keys is the costliest step of its refusal", async () => {
  const plain: Record<string, number> = {};
  for (let index = 0; index < 1_000; index++) plain[`k${index}`] = index;
  let listings = 0;
  const data = new Proxy(plain, {
    ownKeys(target) {
      listings++;
      return Reflect.ownKeys(target);
    },
  });
  const { body } = readAnswer(await createRouter({ tools: [tool] }).callTool("notes", { action: "add", data }));
  expect(body.message).toBe("the data of notes.add has 1000 problems");
  expect(listings).toBe(1);
});

test("130,000 wrong map values: 50 named in order, the rest counted, and the map's keys listed once more than a valid map's", async () => {
  const mapTool = defineTool({
    name: "scores",
    description: "Scores",
    actions: { set: { description: "Set", properties: { scores: { type: "object", additionalProperties: { type: "number" } } } } },
    handlers: { set: () => "ok" },
  });
  const router = createRouter({ tools: [mapTool] });
  const counted = (entries: Record<string, unknown>) => {
    const tally = { listings: 0 };
    const map = new Proxy(entries, {
      ownKeys(target) {
        tally.listings++;
        return Reflect.ownKeys(target);
      },
    });
    return { map, tally };
  };
  const numbers: Record<string, unknown> = {};
  const strings: Record<string, unknown> = {};
  for (let index = 0; index < 130_000; index++) {
    numbers[`k${index}`] = index;
    strings[`k${index}`] = `${index}`;
  }
  const valid = counted(numbers);
  expect(readAnswer(await router.callTool("scores", { action: "set", data: { scores: valid.map } })).isError).toBe(false);
  const wrong = counted(strings);
  const { body } = readAnswer(await router.callTool("scores", { action: "set", data: { scores: wrong.map } }));
  expect(body.message).toBe("the data of scores.set has 130000 problems");
  expect(body.problems.map((problem: { at: string }) => problem.at)).toEqual(
    // Value problems: the first 50 the validator meets (the data's order), then sorted.
    Object.keys(strings)
      .slice(0, 50)
      .sort()
      .map((key) => `data["scores"]["${key}"]`),
  );
  expect(body.moreProblems).toBe(129_950);
  expect(wrong.tally.listings).toBeLessThanOrEqual(valid.tally.listings + 1);
});
