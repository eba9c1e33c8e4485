import { describe, expect, test } from "vitest";
import { actionNames, ActionSchemaError, checkMandatoryKeys, defineTool, fetchSchema, fetchSchemas } from "../src/index.js";
import { toolOf, validSchema, thrownActionSchemaError } from "./support/tools.js";

const healthy = validSchema();
const malformed = { description: "Broken\nsummary", properties: { o: { items: "string" } } };

function mixedTool() {
  return toolOf({ good: healthy, bad: malformed });
}

const thrown = thrownActionSchemaError;

describe("malformed-sibling isolation on the read side", () => {
  test("fetchSchema of the healthy action succeeds", () => {
    const found = fetchSchema(mixedTool(), "good");
    expect(found).toEqual({ ok: true, schema: healthy });
  });

  test("fetchSchema of the bad action throws naming only its offences", () => {
    const error = thrown(() => fetchSchema(mixedTool(), "bad"));
    expect(error.offences.map((o) => [o.action, o.location, o.code])).toEqual([
      ["bad", 'actions["bad"]', "line_break"],
      ["bad", 'actions["bad"].properties["o"]', "wrong_type"],
    ]);
    expect(error.message.split("\n")[0]).toBe('tool "tasks": 2 action-schema offences');
  });

  test("fetchSchemas throws naming the bad action's offences", () => {
    const error = thrown(() => fetchSchemas(mixedTool()));
    expect(new Set(error.offences.map((o) => o.action))).toEqual(new Set(["bad"]));
    expect(error.offences).toHaveLength(2);
  });

  test("fetchSchemas of a healthy tool returns every schema by name", () => {
    const schemas = fetchSchemas(toolOf({ b: healthy, a: healthy }));
    expect(Object.keys(schemas)).toEqual(["a", "b"]);
    // A copy, its accessors read once (N6); a deep-frozen declaration would be handed out as it is.
    expect(schemas["a"]).toEqual(healthy);
  });

  test("an unknown name answers the valid names, sorted", () => {
    expect(fetchSchema(mixedTool(), "nope")).toEqual({ ok: false, validNames: ["bad", "good"] });
    expect(fetchSchema(mixedTool(), "__proto__")).toEqual({ ok: false, validNames: ["bad", "good"] });
    expect(fetchSchema(mixedTool(), "toString")).toEqual({ ok: false, validNames: ["bad", "good"] });
  });

  test("actionNames lists the names sorted and obtains no schema", () => {
    const getters: string[] = [];
    const record = {};
    for (const name of ["list", "close", "create"]) {
      Object.defineProperty(record, name, { enumerable: true, get: () => (getters.push(name), healthy) });
    }
    expect(actionNames(toolOf(record))).toEqual(["close", "create", "list"]);
    expect(getters).toEqual([]);
  });
});

describe("each entry point calls tool.actions() exactly once", () => {
  test.each([
    ["actionNames", (tool: ReturnType<typeof mixedTool>) => actionNames(tool)],
    ["fetchSchema (found)", (tool: ReturnType<typeof mixedTool>) => fetchSchema(tool, "good")],
    ["fetchSchema (unknown name)", (tool: ReturnType<typeof mixedTool>) => fetchSchema(tool, "nope")],
    ["fetchSchema (malformed)", (tool: ReturnType<typeof mixedTool>) => fetchSchema(tool, "bad")],
    ["fetchSchemas", (tool: ReturnType<typeof mixedTool>) => fetchSchemas(tool)],
  ])("%s", (_name, run) => {
    const tool = mixedTool();
    try {
      run(tool);
    } catch (error) {
      if (!(error instanceof ActionSchemaError)) throw error;
    }
    expect(tool.calls).toBe(1);
  });
});

describe("checkMandatoryKeys: the chain's own validators, the mandatory pair only", () => {
  test("checks the schema's shape, then description and properties at every depth", () => {
    expect(thrown(() => checkMandatoryKeys("t", "a", "x")).offences[0]!.code).toBe("schema_not_object");
    expect(thrown(() => checkMandatoryKeys("t", "a", { properties: {} })).offences[0]).toMatchObject({
      key: "description",
      code: "missing_key",
    });
    expect(
      thrown(() => checkMandatoryKeys("t", "a", { description: "d", properties: { x: { items: { properties: 1 } } } })).offences[0],
    ).toMatchObject({
      location: 'actions["a"].properties["x"]["items"]',
      key: "properties",
    });
  });

  test("defaults and optional keys are left to the registration moments", () => {
    const schema = { description: "d", properties: {}, defaults: { ghost: 1 }, notes: 5, typo: 1 };
    expect(checkMandatoryKeys("t", "a", schema)).toBe(schema);
  });

  test("a schema changed after an earlier check is checked again", () => {
    const schema: Record<string, unknown> = { description: "d", properties: {} };
    const tool = toolOf({ a: schema });
    expect(fetchSchema(tool, "a").ok).toBe(true);
    schema["description"] = "two\nlines";
    expect(thrown(() => fetchSchema(tool, "a")).offences[0]!.code).toBe("line_break");
  });

  test("a declaration from defineTool is frozen, so its verdict cannot go stale", () => {
    const tool = defineTool({
      name: "t",
      description: "t",
      actions: { a: { description: "d", properties: { x: { type: "string" } } } },
      handlers: { a: () => 1 },
    });
    expect(fetchSchema(tool, "a").ok).toBe(true);
    expect(Object.isFrozen(tool.actions().a.properties["x"])).toBe(true);
    expect(() => {
      (tool.actions().a as { description: string }).description = "two\nlines";
    }).toThrow(TypeError);
    expect(fetchSchema(tool, "a").ok).toBe(true);
  });
});

describe("an unobtainable record is an ActionSchemaError, never another error", () => {
  test.each([
    [
      "actions() throws",
      {
        name: "t",
        actions: () => {
          throw new Error("db down");
        },
      },
      "actions_threw",
    ],
    ["actions is missing", { name: "t" }, "actions_not_function"],
    ["actions is not a function", { name: "t", actions: {} }, "actions_not_function"],
    ["actions() returns null", { name: "t", actions: () => null }, "actions_not_object"],
    ["the tool is null", null, "actions_not_function"],
  ])("%s", (_label, tool, code) => {
    for (const run of [() => actionNames(tool), () => fetchSchema(tool, "a"), () => fetchSchemas(tool)]) {
      expect(thrown(run).offences).toEqual([expect.objectContaining({ action: null, location: "actions", code })]);
    }
  });
});

test("checkMandatoryKeys names the tool whether given the tool or its name", () => {
  const tool = toolOf({});
  expect(thrown(() => checkMandatoryKeys(tool, "a", {})).message.split("\n")[0]).toBe('tool "tasks": 2 action-schema offences');
  expect(thrown(() => checkMandatoryKeys("notes", "a", {})).tool).toBe("notes");
  expect(thrown(() => checkMandatoryKeys(undefined, "a", 1)).message.split("\n")[0]).toBe("tool <unnamed>: 1 action-schema offence");
});
