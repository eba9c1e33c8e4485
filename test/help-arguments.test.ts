/**
 * The help tool's arguments, through the SDK's own `Client`: help takes
 * exactly `{}`, `{tool: string}` or `{tool: string, action: string}`.
 * Anything else — a non-string tool or action (null included), an action
 * without a tool, an unknown parameter — is refused with `invalid_arguments`
 * and problems that each say what to change.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { connectSdk, type SdkSession } from "./support/sdk-session.js";

const t = defineTool({
  name: "t",
  description: "A tool",
  actionContext: "t keeps nothing",
  actions: {
    a: { description: "Action a", properties: { n: { type: "integer" } }, notes: "n counts", examples: [{ n: 1 }] },
    b: { description: "Action b", properties: {} },
  },
  handlers: { a: () => "a", b: () => "b" },
});
const other = defineTool({
  name: "other",
  description: "Another tool",
  actions: { go: { description: "Go", properties: {} } },
  handlers: { go: () => "gone" },
});

const router = createRouter({ tools: [t, other] });
let session: SdkSession;

beforeAll(async () => {
  session = await connectSdk(router);
});

afterAll(async () => {
  await session.close();
});

const help = (args: Record<string, unknown>) => session.call("help", args);

describe("help accepts {}, {tool} and {tool, action}", () => {
  test("{} answers the index of every tool with its action summaries", async () => {
    const { isError, body } = await help({});
    expect(isError).toBe(false);
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual(["t", "other"]);
    expect(body.tools[0]).toMatchObject({
      name: "t",
      actions: [
        { action: "a", description: "Action a" },
        { action: "b", description: "Action b" },
      ],
      help: 'help {tool: "t"}',
    });
  });

  test("absent arguments (an in-process call) read as {}", async () => {
    const { isError, body } = readAnswer(await router.callTool("help", undefined));
    expect(isError).toBe(false);
    expect(body.tools).toHaveLength(2);
  });

  test("{tool} answers that tool complete", async () => {
    const { isError, body } = await help({ tool: "t" });
    expect(isError).toBe(false);
    expect(body).toMatchObject({ tool: "t", description: "A tool" });
    expect(body.actions.map((action: { action: string }) => action.action)).toEqual(["a", "b"]);
    expect(body.actions[0]).toMatchObject({ notes: "n counts", examples: [{ n: 1 }] });
  });

  test("{tool, action} answers one action complete, with the tool's actionContext", async () => {
    const { isError, body } = await help({ tool: "t", action: "a" });
    expect(isError).toBe(false);
    expect(body).toMatchObject({
      tool: "t",
      action: "a",
      description: "Action a",
      properties: { n: { type: "integer" } },
      context: "t keeps nothing",
      help: 'help {tool: "t", action: "a"}',
    });
  });
});

describe("help refuses every other shape with invalid_arguments", () => {
  test.each([
    ["tool: null", { tool: null }, [{ code: "wrong_type", key: "tool" }]],
    ["tool: 1", { tool: 1 }, [{ code: "wrong_type", key: "tool" }]],
    ["tool: true", { tool: true }, [{ code: "wrong_type", key: "tool" }]],
    ["tool as an array", { tool: ["t"] }, [{ code: "wrong_type", key: "tool" }]],
    ["tool as an object", { tool: { name: "t" } }, [{ code: "wrong_type", key: "tool" }]],
    ["action without tool", { action: "x" }, [{ code: "missing_tool", key: "tool" }]],
    ["action without tool, for a real action", { action: "a" }, [{ code: "missing_tool", key: "tool" }]],
    ["action: null", { tool: "t", action: null }, [{ code: "wrong_type", key: "action" }]],
    ["action: 2", { tool: "t", action: 2 }, [{ code: "wrong_type", key: "action" }]],
    ["action: null and no tool", { action: null }, [{ code: "wrong_type", key: "action" }]],
    ["an unknown key beside nothing", { verbose: true }, [{ code: "unknown_argument", key: "verbose" }]],
    ["an unknown key beside tool", { tool: "t", extra: 1 }, [{ code: "unknown_argument", key: "extra" }]],
    ["an unknown key beside tool and action", { tool: "t", action: "a", data: {} }, [{ code: "unknown_argument", key: "data" }]],
    ["a misspelt parameter", { tools: "t" }, [{ code: "unknown_argument", key: "tools" }]],
  ])("%s", async (_label, args, expected) => {
    const { isError, body } = await help(args);
    expect(isError).toBe(true);
    expect(body).toMatchObject({ error: "invalid_arguments", help: "help {}" });
    expect(body.validTools).toEqual(["t", "other"]);
    expect(body.problems.map(({ code, key }: { code: string; key?: string }) => ({ code, key }))).toEqual(expected);
    for (const problem of body.problems) {
      expect(problem.at).toBe("arguments");
      expect(typeof problem.problem).toBe("string");
      expect(problem.problem.length).toBeGreaterThan(0);
      expect(typeof problem.fix).toBe("string");
      expect(problem.fix.trim().length).toBeGreaterThan(0);
      expect(problem.fix).not.toMatch(/[\r\n]/);
    }
  });

  test("every problem of one call in one answer", async () => {
    const { isError, body } = await help({ tool: 7, action: null, extra: 1, more: 2 });
    expect(isError).toBe(true);
    expect(body.error).toBe("invalid_arguments");
    const found = body.problems.map(({ code, key }: { code: string; key: string }) => `${code} ${key}`);
    expect(found).toHaveLength(4);
    expect(found).toEqual(
      expect.arrayContaining(["unknown_argument extra", "unknown_argument more", "wrong_type tool", "wrong_type action"]),
    );
  });

  test("a refusal never falls through to an answer for a guessed target", async () => {
    // null must not read as "no tool" (the index), nor a number as a tool name.
    for (const args of [{ tool: null }, { tool: "t", action: null }, { tool: 0 }]) {
      const { isError, body } = await help(args);
      expect(isError).toBe(true);
      expect(body.tools).toBeUndefined();
      expect(body.actions).toBeUndefined();
      expect(body.error).toBe("invalid_arguments");
    }
  });

  test("well-formed arguments naming nothing registered are a different error: unknown_tool / unknown_action", async () => {
    const tool = await help({ tool: "nope" });
    expect(tool.isError).toBe(true);
    expect(tool.body).toMatchObject({ error: "unknown_tool", validTools: ["t", "other"], help: "help {}" });
    const action = await help({ tool: "t", action: "nope" });
    expect(action.isError).toBe(true);
    expect(action.body).toMatchObject({ error: "unknown_action", validActions: ["a", "b"], help: "help {}" });
  });
});
