/**
 * `wymcp/testing` as a tool author's tests use it: `testTool` calls each
 * action through a router of the tool's own and reads every answer back as
 * data — the value, or the refusal's code, report and problems, a handler's
 * exception beside its `handler_error` — with nothing written to standard
 * error; `readAnswer` reads the SDK Client's answers the same way.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { content, createRouter, defineTool, text, ToolError, ToolRegistrationError } from "../src/index.js";
import { readAnswer, testTool } from "../src/testing/index.js";
import { connectSdk } from "./support/sdk-session.js";

const notes = defineTool({
  name: "notes",
  description: "Notes",
  outputSchema: { type: "object", properties: { id: { type: "integer" } } },
  actions: {
    add: {
      description: "Add a note",
      properties: { text: { type: "string", minLength: 1 }, pinned: { type: "boolean" } },
      required: ["text"],
      defaults: { pinned: false },
    },
    get: { description: "Get a note", properties: { id: { type: "integer" } }, required: ["id"] },
    count: { description: "Count the notes", properties: {} },
    broken: { description: "A handler with a bug", properties: {} },
    wrong: { description: "A result the outputSchema refuses", properties: {} },
  },
  handlers: {
    add: ({ text: body, pinned }) => ({ id: 1, text: body, pinned }),
    get: ({ id }) => {
      throw new ToolError("not_found", `no note ${id}`, { hint: 'Call notes {action: "count"}.' });
    },
    count: () => content([text("2 notes")], { structuredContent: { id: 2 } }),
    broken: () => {
      throw new RangeError("index out of range");
    },
    wrong: () => ({ id: "one" }),
  },
});

afterEach(() => vi.restoreAllMocks());

describe("testTool", () => {
  test("an answered call: the handler's result as a value, with the content and structuredContent the client receives", async () => {
    const tester = testTool(notes);
    expect(await tester.call("add", { text: "Buy milk" })).toEqual({
      ok: true,
      value: { id: 1, text: "Buy milk", pinned: false },
      content: [{ type: "text", text: '{"id":1,"text":"Buy milk","pinned":false}' }],
      structuredContent: { id: 1, text: "Buy milk", pinned: false },
    });
    // A content result is not JSON text: no value, the blocks as they are.
    expect(await tester.call("count")).toEqual({
      ok: true,
      value: undefined,
      content: [{ type: "text", text: "2 notes" }],
      structuredContent: { id: 2 },
    });
    expect(tester.log).toEqual([]);
  });

  test("a refusal: its code, the report the model reads, and every problem as data", async () => {
    const refused = await testTool(notes).send({ action: "add", data: { txt: "Buy milk", pinned: "yes" } });
    expect(refused).toMatchObject({
      ok: false,
      error: "invalid_data",
      report: { tool: "notes", action: "add", help: 'help {tool: "notes", action: "add"}' },
    });
    expect(refused.ok ? [] : refused.problems.map(({ code, at, key }) => [code, at, key])).toEqual([
      ["invalid_value", 'data["pinned"]', undefined],
      ["missing_required", "data", "text"],
      ["unknown_key", "data", "txt"],
    ]);
  });

  test("a handler's ToolError: its code and hint; an unknown action: the valid names", async () => {
    const tester = testTool(notes);
    expect(await tester.call("get", { id: 7 })).toMatchObject({
      ok: false,
      error: "not_found",
      report: { message: "no note 7", hint: 'Call notes {action: "count"}.' },
      problems: [],
    });
    expect(await tester.send({ action: "remove" })).toMatchObject({
      ok: false,
      error: "unknown_action",
      report: { validActions: expect.arrayContaining(["add"]) },
    });
  });

  test("a handler's exception comes back with its answer and stays in the tester's log: nothing on standard error", async () => {
    const stderr = vi.spyOn(console, "error");
    const tester = testTool(notes);
    const failed = await tester.call("broken");
    expect(failed).toMatchObject({ ok: false, error: "handler_error", thrown: { name: "RangeError", reason: "index out of range" } });
    expect(failed.ok ? undefined : failed.thrown?.stack).toMatch(/^RangeError: index out of range\n\s+at /);
    // The model is told an error id, never the exception; the log entry carries the same id.
    const { report } = failed as Extract<typeof failed, { ok: false }>;
    expect(report.message).not.toContain("index out of range");
    expect(tester.log).toEqual([
      { message: expect.stringContaining(report.errorId!), details: expect.objectContaining({ errorId: report.errorId }) },
    ]);
    expect(stderr).not.toHaveBeenCalled();
  });

  test("a result the outputSchema refuses: invalid_result with its problem, reported on the log", async () => {
    const tester = testTool(notes);
    expect(await tester.call("wrong")).toMatchObject({
      ok: false,
      error: "invalid_result",
      problems: [{ at: 'structuredContent["id"]', keyword: "type" }],
    });
    expect(tester.log).toEqual([
      { message: expect.stringMatching(/^notes\.wrong: the handler's result does not match/), details: expect.anything() },
    ]);
  });

  test("a flat tool is called with its action's data as the arguments", async () => {
    const add = defineTool({
      name: "add",
      description: "Add",
      flat: true,
      actions: { add: { description: "Add", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
      handlers: { add: ({ a, b }) => a + b },
    });
    expect(await testTool(add).call("add", { a: 2, b: 3 })).toMatchObject({ ok: true, value: 5 });
  });

  test("the router's options apply: exposeErrors answers the exception's own message", async () => {
    expect(await testTool(notes, { exposeErrors: true }).call("broken")).toMatchObject({
      report: { message: "notes.broken failed: index out of range" },
    });
  });

  test("a malformed tool fails at testTool, as registration at start-up does", () => {
    const typo = { name: "typo", description: "T", actions: { a: { descripton: "A", properties: {} } }, handlers: { a: () => 1 } };
    expect(() => testTool(typo as never)).toThrow(ToolRegistrationError);
  });
});

describe("readAnswer", () => {
  test("reads an answer from the SDK Client as it reads the router's", async () => {
    const router = createRouter({ tools: [notes] });
    const session = await connectSdk(router);
    try {
      for (const args of [
        { action: "add", data: { text: "x" } },
        { action: "get", data: { id: 1 } },
        { action: "add", data: {} },
      ]) {
        const viaClient = readAnswer(await session.client.callTool({ name: "notes", arguments: args }));
        expect(viaClient).toEqual(readAnswer(await router.callTool("notes", args)));
      }
    } finally {
      await session.close();
    }
  });

  test("refuses what is not a wymcp tool answer", () => {
    expect(() => readAnswer(undefined)).toThrow(/^not a tool answer/);
    expect(() => readAnswer({ content: [{ type: "text", text: "Input validation error" }], isError: true })).toThrow(
      /^not a wymcp error answer/,
    );
  });
});
