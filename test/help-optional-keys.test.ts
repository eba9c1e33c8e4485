/**
 * One reading of optional keys (hardening, second round, item 15): help, the
 * schema summary of error answers and dispatch read every optional key
 * through src/validation/schema-read.ts — a wrong-typed or unreadable value
 * reads as absent, never published as it is. Registration refuses such
 * values, so the tools here have a function `actions` that returns them
 * only after registration.
 */
import { describe, expect, test } from "vitest";
import { createRouter, type Router } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";

const valid = {
  description: "Create a task",
  properties: { name: { type: "string" }, opts: { type: "object", properties: { due: { type: "string" } } } },
};

/** A router whose tool `tasks` serves `valid` at registration and `later` afterwards. */
function routerChangingTo(later: Record<string, unknown>): Router {
  let registered = false;
  const tool = {
    name: "tasks",
    description: "Task management",
    // Descriptors, not a spread: a getter in `later` must reach the schema unread.
    actions: () => ({ create: registered ? Object.defineProperties({ ...valid }, Object.getOwnPropertyDescriptors(later)) : valid }),
    handlers: { create: (data: unknown) => ({ got: data }) },
  };
  const router = createRouter({ tools: [tool as never], log: { error: () => {} } });
  registered = true;
  return router;
}

async function helpAction(router: Router) {
  return readAnswer(await router.callTool("help", { tool: "tasks", action: "create" })).body;
}

async function helpTool(router: Router) {
  return readAnswer(await router.callTool("help", { tool: "tasks" })).body.actions[0];
}

/** The schema summary an error answer carries (an unknown key makes the refusal). */
async function summary(router: Router) {
  return readAnswer(await router.callTool("tasks", { action: "create", data: { stray: 1 } })).body.schema;
}

describe("wrong-typed optional keys read as absent in help", () => {
  test.each([
    ["notes: 42", { notes: 42 }],
    ["notes: an array", { notes: ["a"] }],
    ['examples: "e"', { examples: "e" }],
    ["examples holding a string", { examples: [{ name: "x" }, "e"] }],
    ["examples holding an array", { examples: [[1]] }],
    ["related: a string", { related: "list" }],
    ["related holding a number", { related: ["list", 1] }],
    [
      "a notes getter that throws",
      Object.defineProperty({}, "notes", {
        enumerable: true,
        get: () => {
          throw new Error("getter");
        },
      }),
    ],
    [
      "a related Proxy whose traps throw",
      {
        related: new Proxy(["list"], {
          get: () => {
            throw new Error("trap");
          },
        }),
      },
    ],
  ])("%s is left out of both help levels", async (_name, later) => {
    const router = routerChangingTo(later);
    for (const complete of [await helpAction(router), await helpTool(router)]) {
      expect(complete.action).toBe("create");
      expect(complete).not.toHaveProperty("notes");
      expect(complete).not.toHaveProperty("examples");
      expect(complete).not.toHaveProperty("related");
    }
  });

  test("well-typed optional keys are published as declared", async () => {
    const router = routerChangingTo({ notes: "Names need not be unique.", related: ["list"], examples: [{ name: "Write docs" }] });
    const expected = { notes: "Names need not be unique.", related: ["list"], examples: [{ name: "Write docs" }] };
    expect(await helpAction(router)).toMatchObject(expected);
    expect(await helpTool(router)).toMatchObject(expected);
  });
});

describe("help, the error answers' summary and dispatch read the same value", () => {
  test.each([
    ["required holding a number", { required: ["name", 42] }],
    ["required: a string", { required: "name" }],
    ["requiredOneOf holding an empty group", { requiredOneOf: [["name"], []] }],
    ["requiredOneOf holding a non-array", { requiredOneOf: [["name"], "opts"] }],
  ])("%s: no summary shows it and dispatch does not enforce it", async (_name, later) => {
    const router = routerChangingTo(later);
    expect(await summary(router)).not.toHaveProperty("required");
    expect(await summary(router)).not.toHaveProperty("requiredOneOf");
    expect(await helpAction(router)).not.toHaveProperty("required");
    expect(await helpAction(router)).not.toHaveProperty("requiredOneOf");
    // Absent means absent for the gate too: a call without name is served.
    expect(readAnswer(await router.callTool("tasks", { action: "create", data: {} }))).toMatchObject({ isError: false, body: { got: {} } });
  });

  test("a well-typed required is shown everywhere and enforced", async () => {
    const router = routerChangingTo({ required: ["name"] });
    expect((await summary(router)).required).toEqual(["name"]);
    expect((await helpAction(router)).required).toEqual(["name"]);
    expect(readAnswer(await router.callTool("tasks", { action: "create", data: {} })).body).toMatchObject({
      error: "invalid_data",
      problems: [{ code: "missing_required", key: "name" }],
    });
  });

  test("defaults that are not a plain object are neither shown nor merged", async () => {
    const router = routerChangingTo({ defaults: [["opts", {}]] });
    expect(await summary(router)).not.toHaveProperty("defaults");
    expect(await helpAction(router)).not.toHaveProperty("defaults");
    expect(readAnswer(await router.callTool("tasks", { action: "create", data: { name: "x" } })).body).toEqual({ got: { name: "x" } });
  });
});
