/**
 * `testTool`'s calls are typed from the tool's own schemas: an action the
 * tool lacks, a misspelt key, a wrong value type or a missing required key
 * fails to compile in the test; keys with `defaults` may be left out, and
 * `data` too when nothing is required. `send` takes anything, for refusals.
 */
import { describe, expectTypeOf, test } from "vitest";
import { defineTool } from "../src/index.js";
import { testTool, type CallData, type CallResult } from "../src/testing/index.js";

const tasks = defineTool({
  name: "tasks",
  description: "Tasks",
  actions: {
    create: {
      description: "Create a task",
      properties: { name: { type: "string" }, priority: { enum: ["low", "high"] } },
      required: ["name"],
      defaults: { priority: "low" },
    },
    list: { description: "List the tasks", properties: { limit: { type: "integer" } } },
  },
  handlers: { create: ({ name, priority }) => ({ name, priority }), list: () => [] },
});

describe("testTool's calls", () => {
  const tester = testTool(tasks);

  test("the data of each action as a caller sends it: required keys present, defaulted keys optional", () => {
    expectTypeOf<CallData<ReturnType<typeof tasks.actions>["create"]>>().toEqualTypeOf<{ name: string; priority?: "low" | "high" }>();
    expectTypeOf(tester.call("create", { name: "Buy milk" })).toEqualTypeOf<Promise<CallResult>>();
    void tester.call("create", { name: "Buy milk", priority: "high" });
    void tester.call("list");
    void tester.call("list", { limit: 5 });
  });

  test("what the schemas refuse does not compile", () => {
    // @ts-expect-error -- the tool has no action "remove"
    void tester.call("remove", {});
    // @ts-expect-error -- "name" is required
    void tester.call("create", {});
    // @ts-expect-error -- data is required when a key is
    void tester.call("create");
    // @ts-expect-error -- a misspelt key
    void tester.call("create", { nmae: "Buy milk" });
    // @ts-expect-error -- a value outside the enum
    void tester.call("create", { name: "Buy milk", priority: "urgent" });
    // @ts-expect-error -- an integer, not a string
    void tester.call("list", { limit: "5" });
  });

  test("send takes any arguments: what a model may send", () => {
    void tester.send({ action: "create", data: { nmae: "Buy milk" } });
    void tester.send("not even an object");
  });

  test("a result narrows on ok", async () => {
    const result = await tester.call("list");
    if (result.ok) expectTypeOf(result.value).toBeUnknown();
    else expectTypeOf(result.problems[0]?.code).toEqualTypeOf<import("../src/index.js").ProblemCode | undefined>();
  });
});
