import { expect, test } from "vitest";
import { closest } from "../src/util/suggest.js";

const known = ["description", "properties", "required", "requiredOneOf", "defaults", "notes", "related", "examples"];

test.each([
  ["descripton", "description"],
  ["desc", undefined],
  ["propreties", "properties"],
  ["REQUIRED", "required"],
  ["required-one-of", "requiredOneOf"],
  ["requiredOneof", "requiredOneOf"],
  ["note", "notes"],
  ["relatd", "related"],
  ["handler", undefined],
  ["x", undefined],
  ["", undefined],
  ["a".repeat(500), undefined],
])("%s → %s", (word, guess) => {
  expect(closest(word, known)).toBe(guess);
});

test("an unknown action or tool is answered with the closest name", async () => {
  const { createRouter, defineTool } = await import("../src/index.js");
  const tasks = defineTool({
    name: "tasks",
    description: "Tasks",
    actions: { create: { description: "Create", properties: {} } },
    handlers: { create: () => 1 },
  });
  const router = createRouter({ tools: [tasks] });
  const text = async (name: string, args: unknown) => ((await router.callTool(name, args)).content[0] as { text: string }).text;
  expect(JSON.parse(await text("tasks", { action: "crate" })).message).toBe('tasks has no action "crate" (did you mean "create"?)');
  expect(JSON.parse(await text("taks", { action: "create" })).message).toBe('no tool "taks" (did you mean "tasks"?)');
  expect(JSON.parse(await text("help", { tool: "tasks", action: "craete" })).message).toContain('(did you mean "create"?)');
});
