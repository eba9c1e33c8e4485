import { describe, expect, test } from "vitest";
import { createRouter, defineTool, ToolError, type HandlerContext } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { fixtureRouter, reports, tasks } from "./fixtures/runtime/tools.js";
import { capturedLog } from "./support/captured-log.js";

const call = async (args: unknown, tool = "tasks") => readAnswer(await fixtureRouter().callTool(tool, args));

describe("the call gate: argument shape", () => {
  test.each([
    ["arguments that are not an object", [1], "wrong_type", "arguments"],
    ["a missing action", { data: {} }, "missing_action", "arguments"],
    ["a non-string action", { action: 3 }, "wrong_type", "arguments"],
  ])("%s is refused, naming the valid actions and pointing at the tool's help", async (_label, args, code, at) => {
    const { isError, body } = await call(args);
    expect(isError).toBe(true);
    expect(body).toMatchObject({ error: "invalid_arguments", tool: "tasks", help: 'help {tool: "tasks"}' });
    expect(body.validActions).toEqual(["close", "create", "explode", "list", "lookup", "refuse"]);
    expect(body.problems).toContainEqual(expect.objectContaining({ code, at }));
  });

  test.each([
    ["an extra argument", { action: "list", status: "open" }, { code: "unknown_argument", key: "status" }],
    ["data that is an array", { action: "list", data: [] }, { code: "wrong_type", key: "data" }],
    ["data that is null", { action: "list", data: null }, { code: "wrong_type", key: "data" }],
  ])("%s is refused with the action's schema and help pointer", async (_label, args, problem) => {
    const { isError, body } = await call(args);
    expect(isError).toBe(true);
    expect(body).toMatchObject({ error: "invalid_arguments", action: "list", help: 'help {tool: "tasks", action: "list"}' });
    expect(body.problems).toEqual([expect.objectContaining(problem)]);
    expect(body.schema).toMatchObject({ action: "list", description: "List tasks" });
  });

  test("fields sent beside data instead of inside it: one answer names the stray argument and the data's own problems", async () => {
    const { body } = await call({ action: "create", name: "x" });
    expect(body.error).toBe("invalid_arguments");
    expect(body.problems.map((p: { code: string; key: string }) => `${p.code} ${p.key}`)).toEqual([
      "unknown_argument name",
      "missing_required name",
    ]);
    expect(body.problems[0].fix).toBe("put the action's fields inside data.");
  });

  test("absent arguments read as {} and are refused for the missing action", async () => {
    expect((await call(undefined)).body.problems).toEqual([expect.objectContaining({ code: "missing_action" })]);
  });

  test("an unknown action names the valid ones and points at the tool's help", async () => {
    const { isError, body } = await call({ action: "crate" });
    expect(isError).toBe(true);
    expect(body).toMatchObject({ error: "unknown_action", action: "crate", help: 'help {tool: "tasks"}' });
    expect(body.validActions).toContain("create");
  });

  test("an unknown action's answer names the arguments' other problems too", async () => {
    const { body } = await call({ action: "crate", name: "x", data: 5 });
    expect(body.error).toBe("unknown_action");
    expect(body.problems.map((problem: { code: string; key: string }) => `${problem.code} ${problem.key}`)).toEqual([
      "unknown_argument name",
      "wrong_type data",
    ]);
    expect((await call({ action: "crate" })).body).not.toHaveProperty("problems");
  });

  test("an unknown tool names the valid ones and points at the index", async () => {
    const { isError, body } = await call({ action: "x" }, "nope");
    expect(isError).toBe(true);
    expect(body).toMatchObject({ error: "unknown_tool", validTools: ["tasks", "reports", "flaky", "admin"], help: "help {}" });
  });
});

describe("the call gate: data problems, all in one answer", () => {
  test("missing required, unknown keys at every depth (data paths), with did-you-mean and the schema summary", async () => {
    const { isError, body } = await call({ action: "create", data: { nmae: "x", opts: { due: "today", colour: "red", tags: ["a"] } } });
    expect(isError).toBe(true);
    expect(body.error).toBe("invalid_data");
    expect(body.problems).toEqual([
      { code: "missing_required", at: "data", key: "name", problem: 'missing required key "name"', fix: 'add "name".' },
      {
        code: "unknown_key",
        at: "data",
        key: "nmae",
        problem: 'unknown key "nmae" (did you mean "name"?); declared here: name, opts',
        fix: 'rename it to "name", or remove it.',
      },
      {
        code: "unknown_key",
        at: 'data["opts"]',
        key: "colour",
        problem: 'unknown key "colour"; declared here: due, tags',
        fix: "remove it.",
      },
    ]);
    expect(body.schema).toEqual({
      action: "create",
      description: "Create a task",
      properties: tasks.actions().create.properties,
      required: ["name"],
      defaults: { opts: { tags: [] } },
    });
    expect(body).toMatchObject({
      help: 'help {tool: "tasks", action: "create"}',
      context: "tasks are stored in memory",
      hint: "send data as help describes it",
    });
  });

  test("unknown keys inside array elements carry the element's index", async () => {
    const router = createRouter({
      tools: [
        defineTool({
          name: "lists",
          description: "Lists",
          actions: {
            put: {
              description: "Put",
              properties: { rows: { type: "array", items: { type: "object", properties: { id: { type: "number" } } } } },
            },
          },
          handlers: { put: () => "ok" },
        }),
      ],
    });
    const { body } = readAnswer(await router.callTool("lists", { action: "put", data: { rows: [{ id: 1 }, { id: 2, x: 1 }, { y: 2 }] } }));
    expect(body.problems.map((p: { at: string; key: string }) => `${p.at} ${p.key}`)).toEqual(['data["rows"][1] x', 'data["rows"][2] y']);
  });

  test("no satisfied requiredOneOf group is one problem naming the groups", async () => {
    const { body } = await call({ action: "close", data: {} });
    expect(body.problems).toEqual([
      expect.objectContaining({
        code: "no_required_group",
        at: "data",
        problem: 'no requiredOneOf group is complete: send every key of ["id"] or ["name"]',
      }),
    ]);
    expect(body.schema.requiredOneOf).toEqual([["id"], ["name"]]);
    expect((await call({ action: "close", data: { name: "x" } })).isError).toBe(false);
  });

  test("the problem list is capped, with a count of the rest", async () => {
    const data = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, i]));
    const { body } = await call({ action: "list", data });
    expect(body.problems).toHaveLength(50);
    expect(body.moreProblems).toBe(30);
    expect(body.message).toContain("80 problems");
  });
});

describe("the call gate: defaults, handlers and results", () => {
  test("defaults are merged as a fresh deep copy per call: a mutating handler never changes the shared default", async () => {
    const router = fixtureRouter();
    const first = readAnswer(await router.callTool("tasks", { action: "create", data: { name: "a" } }));
    const second = readAnswer(await router.callTool("tasks", { action: "create", data: { name: "b" } }));
    expect(first.body).toEqual({ created: "a", opts: { tags: ["seen"] } });
    expect(second.body).toEqual({ created: "b", opts: { tags: ["seen"] } });
    expect(tasks.actions().create.defaults).toEqual({ opts: { tags: [] } });
  });

  test("a sent key replaces its default whole (a shallow merge)", async () => {
    const { body } = await call({ action: "create", data: { name: "a", opts: { due: "today" } } });
    expect(body).toEqual({ created: "a", opts: { due: "today" } });
  });

  test("the caller's data object is not the handler's", async () => {
    const data = { name: "a", opts: { tags: [] as string[] } };
    await fixtureRouter().callTool("tasks", { action: "create", data });
    expect(Object.keys(data)).toEqual(["name", "opts"]);
  });

  test("a result becomes JSON text; structuredContent only when an outputSchema is declared", async () => {
    const plain = readAnswer(await fixtureRouter().callTool("tasks", { action: "list", data: { status: "closed" } }));
    expect(plain).toEqual({ isError: false, body: { status: "closed", tasks: [] }, structuredContent: undefined });
    const structured = readAnswer(await fixtureRouter().callTool("reports", { action: "summary" }));
    expect(structured).toEqual({ isError: false, body: { total: 3 }, structuredContent: { total: 3 } });
  });

  test("an outputSchema tool whose handler returns a non-object answers invalid_result", async () => {
    const log = capturedLog();
    const { isError, body } = readAnswer(await createRouter({ tools: [reports], log }).callTool("reports", { action: "listing" }));
    expect(log.entries).toHaveLength(1);
    expect(isError).toBe(true);
    expect(body).toMatchObject({ error: "invalid_result", action: "listing", help: 'help {tool: "reports", action: "listing"}' });
  });

  test("a result JSON cannot spell answers invalid_result instead of throwing", async () => {
    const router = createRouter({
      tools: [
        defineTool({
          name: "big",
          description: "Big",
          actions: { n: { description: "N", properties: {} } },
          handlers: { n: () => ({ n: 1n }) },
        }),
      ],
      log: capturedLog(),
    });
    expect(readAnswer(await router.callTool("big", { action: "n" })).body.error).toBe("invalid_result");
  });

  test("undefined results read as null", async () => {
    const router = createRouter({
      tools: [
        defineTool({
          name: "quiet",
          description: "Quiet",
          actions: { n: { description: "N", properties: {} } },
          handlers: { n: () => undefined },
        }),
      ],
    });
    expect(readAnswer(await router.callTool("quiet", { action: "n" }))).toMatchObject({ isError: false, body: null });
  });

  test("the handler gets tool, action and a signal in its context", async () => {
    let seen: unknown;
    const router = createRouter({
      tools: [
        defineTool({
          name: "ctx",
          description: "Ctx",
          actions: { n: { description: "N", properties: {} } },
          handlers: { n: (_data, context) => ((seen = context), 1) },
        }),
      ],
    });
    const controller = new AbortController();
    await router.callTool("ctx", { action: "n" }, { signal: controller.signal, request: "req" });
    expect(seen).toMatchObject({ tool: "ctx", action: "n", signal: controller.signal, request: "req" });
    // The client channel's parts too (test/handler-context.test.ts pins them); the log is made on first use, so it is read, not an own key.
    expect(Object.keys(seen as object).sort()).toEqual(["action", "elicit", "listRoots", "request", "sample", "signal", "tool"]);
    const { log, sample, elicit, listRoots } = seen as HandlerContext;
    expect(typeof log.info).toBe("function");
    await expect(sample({ messages: [], maxTokens: 1 })).rejects.toMatchObject({ code: "client_unavailable" });
    await expect(elicit({ message: "?", requestedSchema: { type: "object", properties: {} } })).rejects.toMatchObject({
      code: "client_unavailable",
    });
    await expect(listRoots()).rejects.toMatchObject({ code: "client_unavailable" });
  });
});

describe("the call gate: handler errors are tool-dialect answers", () => {
  test("a throwing handler answers handler_error with the tool's hint; the router keeps serving", async () => {
    const log = capturedLog();
    const router = fixtureRouter(log);
    const { isError, body } = readAnswer(await router.callTool("tasks", { action: "explode" }));
    // The operator gets the error in full, under the id the client was given.
    expect(log.entries).toEqual([
      { message: expect.stringContaining(body.errorId), details: expect.objectContaining({ reason: expect.any(String) }) },
    ]);
    expect(isError).toBe(true);
    expect(body).toMatchObject({
      error: "handler_error",
      message: expect.stringMatching(/^tasks\.explode failed \(error id [0-9a-f-]{36}\)$/),
      hint: "call help first",
      help: 'help {tool: "tasks", action: "explode"}',
    });
    expect(body.schema.description).toBe("Always fails");
    expect(readAnswer(await router.callTool("tasks", { action: "list" })).isError).toBe(false);
  });

  test("a ToolError answers its own code, message and details", async () => {
    const { body } = await call({ action: "refuse" });
    expect(body).toMatchObject({ error: "quota_exceeded", message: "no more tasks today", details: { limit: 3 }, hint: "call help first" });
  });

  test("handleError translates a thrown error into a ToolError whose hint wins over the tool's", async () => {
    const { body } = await call({ action: "lookup", data: { id: 7 } });
    expect(body).toMatchObject({ error: "not_found", message: "no task 7", hint: "list the tasks first" });
  });

  test("a throwing handleError falls back to the default answer", async () => {
    const tool = defineTool({
      name: "fragile",
      description: "Fragile",
      handleError: () => {
        throw new Error("translator failed");
      },
      actions: { go: { description: "Go", properties: {} } },
      handlers: { go: () => Promise.reject(new Error("async boom")) },
    });
    const log = capturedLog();
    const { body } = readAnswer(await createRouter({ tools: [tool], log }).callTool("fragile", { action: "go" }));
    expect(log.entries.map((entry) => entry.details?.["reason"])).toContain("async boom");
    expect(body).toMatchObject({
      error: "handler_error",
      message: expect.stringMatching(/^fragile\.go failed \(error id [0-9a-f-]{36}\)$/),
    });
  });

  test("a ToolError thrown synchronously and one rejected asynchronously answer the same", async () => {
    const error = () => new ToolError("gone", "it is gone");
    const tool = defineTool({
      name: "both",
      description: "Both",
      actions: { sync: { description: "S", properties: {} }, async: { description: "A", properties: {} } },
      handlers: {
        sync: () => {
          throw error();
        },
        async: async () => {
          throw error();
        },
      },
    });
    const router = createRouter({ tools: [tool] });
    const sync = readAnswer(await router.callTool("both", { action: "sync" })).body;
    const async = readAnswer(await router.callTool("both", { action: "async" })).body;
    expect({ ...sync, action: undefined, schema: undefined, help: undefined }).toEqual({
      ...async,
      action: undefined,
      schema: undefined,
      help: undefined,
    });
    expect(sync.error).toBe("gone");
  });
});
