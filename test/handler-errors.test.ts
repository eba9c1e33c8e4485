/**
 * Handler errors (hardening, second round, item 6): an exception's message
 * never reaches the client by default — the answer is a generic message with
 * an error id, and the full error (message and stack) goes to the
 * server-level log under that id. A ToolError, written for the client,
 * passes unchanged; handleError translations keep working; `exposeErrors`
 * sends raw messages for development.
 */
import { firstText } from "./support/tools.js";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createRouter, defineTool, ToolError, type ServerLog } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";

const SECRET_PATH = "ENOENT: no such file or directory, open '/srv/app/secrets/config.json'";
const SECRET_DB = "db password=hunter2 failed";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

class Missing extends Error {}

function failingTool() {
  return defineTool({
    name: "tasks",
    description: "Task management",
    hints: { "*": "call help first" },
    handleError: (error) =>
      error instanceof Missing ? new ToolError("not_found", "no such task", { hint: "list the tasks first" }) : undefined,
    actions: {
      create: { description: "Create a task", properties: { name: { type: "string" } } },
      read: { description: "Read the config", properties: {} },
      text: { description: "Throws a string", properties: {} },
      quota: { description: "Refuses on purpose", properties: {} },
      missing: { description: "Throws an error handleError translates", properties: {} },
      proxy: { description: "Throws a Proxy whose every trap throws", properties: {} },
    },
    handlers: {
      create: async () => {
        throw new Error(SECRET_DB);
      },
      read: () => {
        throw new Error(SECRET_PATH);
      },
      text: () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a handler may throw anything
        throw SECRET_DB;
      },
      quota: () => {
        throw new ToolError("quota_exceeded", "no more tasks today", { details: { limit: 3 } });
      },
      missing: () => {
        throw new Missing("/srv/app/db/tasks.sqlite has no row 7");
      },
      proxy: () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a handler may throw anything
        throw new Proxy(
          {},
          {
            get: () => {
              throw new Error(SECRET_PATH);
            },
            getPrototypeOf: () => {
              throw new Error(SECRET_PATH);
            },
          },
        );
      },
    },
  });
}

/** A log that keeps what it is told. */
function capturingLog() {
  const entries: { message: string; details: Readonly<Record<string, unknown>> | undefined }[] = [];
  const log: ServerLog = { error: (message, details) => void entries.push({ message, details }) };
  return { log, entries };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a handler's exception: generic answer, full error in the log", () => {
  test.each([
    ["create", SECRET_DB],
    ["read", SECRET_PATH],
    ["text", SECRET_DB],
  ])("%s: the client gets an error id, never the message; the log gets the message and stack under that id", async (action, secret) => {
    const { log, entries } = capturingLog();
    const answer = await createRouter({ tools: [failingTool()], log }).callTool("tasks", { action });
    const text = firstText(answer);
    expect(text).not.toContain("secrets");
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("ENOENT");
    const { isError, body } = readAnswer(answer);
    expect(isError).toBe(true);
    expect(body.errorId).toMatch(UUID);
    expect(body).toMatchObject({
      error: "handler_error",
      tool: "tasks",
      action,
      message: `tasks.${action} failed (error id ${body.errorId})`,
      hint: "call help first",
      help: `help {tool: "tasks", action: "${action}"}`,
    });
    expect(body.schema.action).toBe(action);

    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry!.message).toContain(body.errorId);
    expect(entry!.details).toMatchObject({ errorId: body.errorId, tool: "tasks", action, reason: secret });
    if (action !== "text") {
      // An Error's stack: its message, then the frames of the throwing handler.
      expect(entry!.details!["stack"]).toEqual(expect.stringContaining(secret));
      expect(entry!.details!["stack"]).toMatch(/handler-errors\.test\.ts/);
    }
  });

  test("every failure gets its own random id", async () => {
    const { log, entries } = capturingLog();
    const router = createRouter({ tools: [failingTool()], log });
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add(readAnswer(await router.callTool("tasks", { action: "read" })).body.errorId);
    expect(ids.size).toBe(20);
    expect(entries.map((entry) => entry.details!["errorId"])).toEqual([...ids]);
  });

  test("a thrown Proxy whose traps throw is answered and logged, never an exception", async () => {
    const { log, entries } = capturingLog();
    const answer = await createRouter({ tools: [failingTool()], log }).callTool("tasks", { action: "proxy" });
    expect(firstText(answer)).not.toContain("secrets");
    const { body } = readAnswer(answer);
    expect(body).toMatchObject({ error: "handler_error", errorId: expect.stringMatching(UUID) });
    // handleError's instanceof meets the throwing trap too: the translator's failure, then the handler's, under one id.
    expect(entries.map((entry) => entry.details)).toEqual([
      expect.objectContaining({ errorId: body.errorId, reason: SECRET_PATH }),
      expect.objectContaining({ errorId: body.errorId, reason: "an unprintable value" }),
    ]);
  });

  test("the default log writes to standard error through console.error, never to standard output", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    const write = vi.spyOn(process.stdout, "write");
    const { body } = readAnswer(await createRouter({ tools: [failingTool()] }).callTool("tasks", { action: "read" }));
    expect(error).toHaveBeenCalledTimes(1);
    const line = String(error.mock.calls[0]![0]);
    expect(line).toContain(body.errorId);
    expect(line).toContain(SECRET_PATH);
    // One entry, one line: the stack sits in the JSON details, its line breaks escaped.
    expect(line).not.toContain("\n");
    expect(line).toMatch(/"stack":"Error: [^"]*\\n\s+at /);
    expect(info).not.toHaveBeenCalled();
    expect(write.mock.calls.some(([chunk]) => String(chunk).includes(body.errorId))).toBe(false);
  });

  test("a log hook that throws changes nothing in the answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const log: ServerLog = {
      error: () => {
        throw new Error("log down");
      },
    };
    const { body } = readAnswer(await createRouter({ tools: [failingTool()], log }).callTool("tasks", { action: "read" }));
    expect(body).toMatchObject({ error: "handler_error", errorId: expect.stringMatching(UUID) });
  });

  test("an unexpected failure outside the handler (a throwing getter in in-process data) is internal_error with an id, logged", async () => {
    const { log, entries } = capturingLog();
    const data = {
      get name(): string {
        throw new Error(SECRET_DB);
      },
    };
    const { body } = readAnswer(await createRouter({ tools: [failingTool()], log }).callTool("tasks", { action: "create", data }));
    expect(body).toMatchObject({
      error: "internal_error",
      message: `tasks failed (error id ${body.errorId})`,
      errorId: expect.stringMatching(UUID),
    });
    expect(JSON.stringify(body)).not.toContain("hunter2");
    expect(entries).toEqual([expect.objectContaining({ details: expect.objectContaining({ errorId: body.errorId, reason: SECRET_DB }) })]);
  });
});

describe("what is written for the client still reaches it", () => {
  test("a ToolError passes unchanged, with its details, and is not logged", async () => {
    const { log, entries } = capturingLog();
    const { body } = readAnswer(await createRouter({ tools: [failingTool()], log }).callTool("tasks", { action: "quota" }));
    expect(body).toMatchObject({ error: "quota_exceeded", message: "no more tasks today", details: { limit: 3 } });
    expect(body.errorId).toBeUndefined();
    expect(entries).toEqual([]);
  });

  test("handleError's translation answers as before", async () => {
    const { log } = capturingLog();
    const { body } = readAnswer(await createRouter({ tools: [failingTool()], log }).callTool("tasks", { action: "missing" }));
    expect(body).toMatchObject({ error: "not_found", message: "no such task", hint: "list the tasks first" });
  });

  test("a handleError that throws falls back to the generic answer; both errors are logged under the one id", async () => {
    const { log, entries } = capturingLog();
    const tool = defineTool({
      name: "fragile",
      description: "Fragile",
      handleError: () => {
        throw new Error("translator saw /srv/app/secrets");
      },
      actions: { go: { description: "Go", properties: {} } },
      handlers: { go: () => Promise.reject(new Error(SECRET_DB)) },
    });
    const answer = await createRouter({ tools: [tool], log }).callTool("fragile", { action: "go" });
    expect(firstText(answer)).not.toMatch(/secrets|hunter2/);
    const { body } = readAnswer(answer);
    expect(body).toMatchObject({ error: "handler_error", message: `fragile.go failed (error id ${body.errorId})` });
    expect(entries.map((entry) => [entry.details!["errorId"], entry.details!["reason"]])).toEqual([
      [body.errorId, "translator saw /srv/app/secrets"],
      [body.errorId, SECRET_DB],
    ]);
  });
});

describe("exposeErrors: raw messages for development", () => {
  test("the handler's own message is answered, and still logged under its id", async () => {
    const { log, entries } = capturingLog();
    const router = createRouter({ tools: [failingTool()], log, exposeErrors: true });
    const { body } = readAnswer(await router.callTool("tasks", { action: "read" }));
    expect(body).toMatchObject({
      error: "handler_error",
      message: `tasks.read failed: ${SECRET_PATH}`,
      errorId: expect.stringMatching(UUID),
    });
    expect(entries).toHaveLength(1);
    const internal = readAnswer(
      await router.callTool("tasks", {
        action: "create",
        data: {
          get name(): string {
            throw new Error("getter");
          },
        },
      }),
    );
    expect(internal.body).toMatchObject({ error: "internal_error", message: "tasks failed: getter" });
  });

  test("a call's context cannot turn exposeErrors on", async () => {
    const { log } = capturingLog();
    const router = createRouter({ tools: [failingTool()], log });
    const { body } = readAnswer(await router.callTool("tasks", { action: "read" }, { exposeErrors: true } as never));
    expect(body.message).toBe(`tasks.read failed (error id ${body.errorId})`);
  });
});

test("src/serving stays platform-neutral: no node: import (the error id comes from the global Web Crypto)", () => {
  const folder = join(import.meta.dirname, "..", "src", "serving");
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
    const text = readFileSync(join(folder, file), "utf8");
    expect(text, file).not.toMatch(/from\s+["']node:|require\(["'](node:)?crypto["']\)|from\s+["']crypto["']/);
  }
});

test("a result whose toJSON throws: the client learns the result could not be written, the thrown text stays in the log", async () => {
  const logged: unknown[] = [];
  const tool = defineTool({
    name: "leaky",
    description: "Leaky",
    actions: { go: { description: "Go", properties: {} } },
    handlers: {
      go: () => ({
        toJSON: () => {
          throw new Error("db password=hunter2 failed");
        },
      }),
    },
  });
  const router = createRouter({ tools: [tool], log: { error: (message, details) => logged.push(message, details) } });
  const answer = await router.callTool("leaky", { action: "go" });
  expect(answer.isError).toBe(true);
  expect(firstText(answer)).not.toContain("hunter2");
  expect(JSON.stringify(logged)).toContain("hunter2");
});

describe("an actions() that throws when a call obtains it: the author's exception stays on the server", () => {
  /** Passes registration (one obtaining), then throws on every later one. */
  function flakyTool() {
    let obtained = 0;
    return defineTool({
      name: "config",
      description: "Config",
      actions: () => {
        if (obtained++ > 0) throw new Error(SECRET_PATH);
        return { read: { description: "Read", properties: {} } };
      },
      handlers: { read: () => "ok" },
    });
  }

  test.each([
    ["the call", "config", { action: "read" }],
    ["help {tool}", "help", { tool: "config" }],
    ["help {}", "help", {}],
  ])("%s answers an error id, the log the thrown text", async (_label, name, args) => {
    const { log, entries } = capturingLog();
    const router = createRouter({ tools: [flakyTool()], log });
    const answer = await router.callTool(name, args);
    const text = JSON.stringify(answer);
    expect(text).not.toContain("secrets");
    const errorId = /actions\(\) threw \(error id ([0-9a-f-]{36})\)/.exec(text)?.[1];
    expect(errorId).toMatch(UUID);
    expect(entries).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ errorId, reason: expect.stringContaining(SECRET_PATH) }) }),
    ]);
  });

  test("with exposeErrors the client reads the thrown text", async () => {
    const { log } = capturingLog();
    const router = createRouter({ tools: [flakyTool()], log, exposeErrors: true });
    expect(JSON.stringify(await router.callTool("config", { action: "read" }))).toContain("secrets/config.json");
  });
});
