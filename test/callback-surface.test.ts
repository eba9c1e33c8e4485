import { describe, expect, test } from "vitest";
import { callbackSurfaceOffences, CallbackSurfaceError, checkCallbackSurface, defineTool } from "../src/index.js";

const action = { description: "d", properties: {} };
const good = () => ({
  name: "tasks",
  description: "Tasks",
  actions: () => ({ create: action, list: action }),
  handlers: { create: () => 1, list: () => 2 },
});

describe("the callback-surface check", () => {
  test("a well-formed tool passes", () => {
    expect(callbackSurfaceOffences(good())).toEqual([]);
    expect(() =>
      checkCallbackSurface(defineTool({ name: "t", description: "t", actions: { a: action }, handlers: { a: () => 1 } })),
    ).not.toThrow();
  });

  test.each([
    ["the reserved name help", { name: "help" }, "name", "reserved_name"],
    ["an empty name", { name: "" }, "name", "invalid_name"],
    ["a name with a space", { name: "my tool" }, "name", "invalid_name"],
    ["a name of 129 characters", { name: "x".repeat(129) }, "name", "invalid_name"],
    ["a numeric name", { name: 5 }, "name", "invalid_name"],
    ["a missing description", { description: undefined }, "description", "wrong_type"],
    ["a blank description", { description: "  " }, "description", "wrong_type"],
    ["actions that is an object", { actions: {} }, "actions", "wrong_type"],
    ["handlers that is an array", { handlers: [] }, "handlers", "wrong_type"],
    ["a missing handler", { handlers: { create: (): number => 1 } }, 'handlers["list"]', "missing_handler"],
    ["a handler that is not a function", { handlers: { create: (): number => 1, list: "x" } }, 'handlers["list"]', "missing_handler"],
    [
      "a handler without an action",
      { handlers: { create: (): number => 1, list: (): number => 2, close: (): number => 3 } },
      'handlers["close"]',
      "handler_without_action",
    ],
    ["a numeric title", { title: 3 }, "title", "wrong_type"],
    ["an outputSchema without type object", { outputSchema: { type: "array" } }, "outputSchema", "wrong_type"],
    ["a hint that is not a string", { hints: { not_found: 3 } }, "hints", "wrong_type"],
    ["handleError that is not a function", { handleError: "x" }, "handleError", "wrong_type"],
    ["actionContext that is a number", { actionContext: 1 }, "actionContext", "wrong_type"],
  ])("%s", (_label, change, field, code) => {
    const offences = callbackSurfaceOffences({ ...good(), ...change });
    expect(offences).toEqual([expect.objectContaining({ field, code })]);
    expect(offences[0]!.fix).toMatch(/\.$/);
  });

  test.each([
    ["a string outputSchema", { outputSchema: "schema" }, "outputSchema is a string"],
    ["an outputSchema of another type", { outputSchema: { type: "array" } }, 'outputSchema\'s type is "array", not "object"'],
    ["an outputSchema without type", { outputSchema: {} }, 'outputSchema has no "type"'],
    ["a hint that is a number", { hints: { invalid_data: 1 } }, 'hints["invalid_data"] is a number, not a string'],
    ["a string handleError", { handleError: "log it" }, "handleError is a string"],
    ["a string icons", { icons: "icon.png" }, "icons is a string"],
    ["a blank title", { title: "  " }, "title is empty"],
    ["an actionContext that is an object", { actionContext: {} }, "actionContext is an object"],
  ])("the problem of %s says what the value is", (_label, change, problem) => {
    expect(callbackSurfaceOffences({ ...good(), ...change }).map((offence) => offence.problem)).toEqual([problem]);
  });

  test("a value that is not a tool is one offence", () => {
    expect(callbackSurfaceOffences(undefined)).toEqual([expect.objectContaining({ field: "tool", code: "not_object" })]);
  });

  test("every problem is named in one error", () => {
    expect(() => checkCallbackSurface({ ...good(), name: "help", description: "", handlers: {} })).toThrow(CallbackSurfaceError);
    try {
      checkCallbackSurface({ ...good(), name: "help", description: "", handlers: {} });
    } catch (error) {
      expect((error as CallbackSurfaceError).offences.map((o) => o.code)).toEqual([
        "reserved_name",
        "wrong_type",
        "missing_handler",
        "missing_handler",
      ]);
      expect((error as Error).message.split("\n")[0]).toBe("4 tool problems");
      expect((error as Error).message).toContain('tool "help" handlers["create"]: action "create" has no handler. Fix:');
    }
  });

  test("an unobtainable action record leaves the handler comparison to the action-schema chain", () => {
    expect(
      callbackSurfaceOffences({
        ...good(),
        actions: () => {
          throw new Error("x");
        },
      }),
    ).toEqual([]);
  });
});
