import { expect, test } from "vitest";
import { createRouter, defineTool, type ActionSchema } from "../src/index.js";

test("registration reads each tool's actions() once: the surface check, validate and the listing share that read", () => {
  let calls = 0;
  const record = { create: { description: "Create", properties: {} } };
  const tool = defineTool({ name: "tasks", description: "Tasks", actions: () => (calls++, record), handlers: { create: () => 1 } });
  const router = createRouter({ tools: [tool] });
  expect(calls).toBe(1);
  const other = defineTool({ name: "notes", description: "Notes", actions: () => (calls++, record), handlers: { create: () => 1 } });
  router.register(other);
  expect(calls).toBe(2);
});

test("the listing is built from the read the checks saw, not a later one", () => {
  let call = 0;
  const first: ActionSchema = { description: "first", properties: {} };
  const later: ActionSchema = { description: "later", properties: {} };
  const tool = defineTool({
    name: "tasks",
    description: "Tasks",
    actions: () => ({ a: call++ === 0 ? first : later }),
    handlers: { a: () => 1 },
  });
  const listing = createRouter({ tools: [tool] })
    .listTools()
    .find((entry) => entry.name === "tasks")!;
  expect((listing.inputSchema as { properties: { action: { description: string } } }).properties.action.description).toBe("a: first");
});
