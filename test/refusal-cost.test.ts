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
