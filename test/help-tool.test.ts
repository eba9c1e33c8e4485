import { describe, expect, test } from "vitest";
import { createRouter } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { tasks } from "./fixtures/runtime/tools.js";

const help = async (args: unknown) => readAnswer(await createRouter({ tools: [tasks] }).callTool("help", args));

describe("the help tool", () => {
  test("{} is the index: every tool with its action summaries and a pointer to its tool level", async () => {
    const { isError, body } = await help({});
    expect(isError).toBe(false);
    expect(body.tools).toEqual([
      {
        name: "tasks",
        title: "Tasks",
        description: "Task management",
        actions: [
          { action: "close", description: "Close a task" },
          { action: "create", description: "Create a task" },
          { action: "explode", description: "Always fails" },
          { action: "list", description: "List tasks" },
          { action: "lookup", description: "Looks up a missing task" },
          { action: "refuse", description: "Fails on purpose" },
        ],
        help: 'help {tool: "tasks"}',
      },
    ]);
    expect(body.usage).toContain("{ action, data }");
  });

  test("absent arguments read as the index", async () => {
    expect((await help(undefined)).body.tools).toHaveLength(1);
  });

  test("{tool} is that tool complete: every action schema with notes, related and examples", async () => {
    const { isError, body } = await help({ tool: "tasks" });
    expect(isError).toBe(false);
    expect(body).toMatchObject({ tool: "tasks", title: "Tasks", description: "Task management" });
    expect(body.actions.map((a: { action: string }) => a.action)).toEqual(["close", "create", "explode", "list", "lookup", "refuse"]);
    expect(body.actions[1]).toEqual({
      action: "create",
      description: "Create a task",
      properties: tasks.actions().create.properties,
      required: ["name"],
      defaults: { opts: { tags: [] } },
      notes: "Names need not be unique.",
      related: ["list"],
      examples: [{ name: "Write docs" }],
      help: 'help {tool: "tasks", action: "create"}',
    });
    expect(body.actions[0].requiredOneOf).toEqual([["id"], ["name"]]);
  });

  test("{tool, action} is one action complete plus the tool's actionContext", async () => {
    const { isError, body } = await help({ tool: "tasks", action: "create" });
    expect(isError).toBe(false);
    expect(body).toMatchObject({
      tool: "tasks",
      action: "create",
      notes: "Names need not be unique.",
      context: "tasks are stored in memory",
    });
    const list = (await help({ tool: "tasks", action: "list" })).body;
    expect(list).not.toHaveProperty("context");
  });

  test.each([
    ["an unknown tool", { tool: "task" }, { error: "unknown_tool", validTools: ["tasks"], help: "help {}" }],
    ["an empty tool name", { tool: "" }, { error: "unknown_tool", validTools: ["tasks"], help: "help {}" }],
    [
      "an unknown action",
      { tool: "tasks", action: "crate" },
      { error: "unknown_action", validActions: ["close", "create", "explode", "list", "lookup", "refuse"], help: "help {}" },
    ],
    ["action without tool", { action: "create" }, { error: "invalid_arguments", validTools: ["tasks"], help: "help {}" }],
    ["an unknown help parameter", { tool: "tasks", verbose: true }, { error: "invalid_arguments", help: "help {}" }],
    ["a non-string tool", { tool: 1 }, { error: "invalid_arguments", help: "help {}" }],
    ["arguments that are not an object", "tasks", { error: "invalid_arguments", help: "help {}" }],
  ])("%s is an error naming the valid targets and pointing at the index", async (_label, args, expected) => {
    const { isError, body } = await help(args);
    expect(isError).toBe(true);
    expect(body).toMatchObject(expected);
  });

  test("refused parameters are named as problems", async () => {
    const { body } = await help({ action: "create", verbose: true });
    expect(body.problems.map((p: { code: string; key: string }) => `${p.code} ${p.key}`)).toEqual([
      "unknown_argument verbose",
      "missing_tool tool",
    ]);
  });

  test("with no tools the index is empty and the listing says so", async () => {
    const router = createRouter();
    expect(readAnswer(await router.callTool("help", {})).body.tools).toEqual([]);
    expect(JSON.stringify(router.listTools()[0]!.inputSchema)).toContain("no tools are registered");
  });
});
