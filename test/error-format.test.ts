import { describe, expect, test } from "vitest";
import { ActionSchemaError } from "../src/index.js";
import { formatOffences } from "../src/validation/format.js";
import { validationError, validSchema } from "./support/tools.js";

describe("ActionSchemaError's message", () => {
  test("25 offences give a header, exactly ten offence lines and “…and 15 more”", () => {
    const record = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`action${String(i).padStart(2, "0")}`, validSchema({ note: "x" })]),
    );
    const error = validationError(record);
    const lines = error.message.split("\n");
    expect(lines[0]).toBe('tool "tasks": 25 action-schema offences');
    expect(lines).toHaveLength(12);
    expect(
      lines.slice(1, 11).every((line) => /^ {2}actions\["action\d\d"\]: unknown key "note"\. Fix: did you mean "notes"\?/.test(line)),
    ).toBe(true);
    expect(lines[11]).toBe("  …and 15 more");
    expect(error.offences).toHaveLength(25);
  });

  test("ten offences or fewer have no “…and” line; one is singular", () => {
    expect(validationError({ a: validSchema({ note: 1 }) }).message).toBe(
      'tool "tasks": 1 action-schema offence\n  actions["a"]: unknown key "note". Fix: did you mean "notes"? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples.',
    );
    const ten = validationError(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`a${i}`, validSchema({ note: 1 })])));
    expect(ten.message.split("\n")).toHaveLength(11);
    expect(ten.message).not.toContain("more");
  });

  test("it is a TypeError carrying the tool name and structured offences", () => {
    const error = validationError({ a: validSchema({ required: ["ghost"] }) }, "notes-tool");
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toBeInstanceOf(ActionSchemaError);
    expect(error.name).toBe("ActionSchemaError");
    expect(error.tool).toBe("notes-tool");
    expect(error.offences[0]).toEqual({
      action: "a",
      path: ["required"],
      key: "ghost",
      index: 0,
      location: 'actions["a"].required',
      problem: '"ghost" is not declared in properties',
      fix: 'declare "ghost" in properties, or remove it from required.',
      kind: "shape",
      code: "undeclared_name",
    });
  });

  test("the spec's example reads as documented", () => {
    const error = validationError({
      create: {
        description: "Create a task",
        note: "typo",
        properties: { o: { type: "array", items: "string" }, p: { items: { properties: [] } } },
      },
    });
    expect(error.message.split("\n")).toEqual([
      'tool "tasks": 3 action-schema offences',
      '  actions["create"]: unknown key "note". Fix: did you mean "notes"? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples.',
      '  actions["create"].properties["o"]: "items" is a string. Fix: write a schema object such as { type: "string" }, or an array of schemas.',
      '  actions["create"].properties["p"]["items"]: "properties" is an array. Fix: write an object mapping each property name to its schema.',
    ]);
  });
});

describe("sort order", () => {
  test("by action, then by location segment by segment, a holder before what it holds", () => {
    const error = validationError({
      b: { description: "b", properties: { z: { items: 1 }, a: { properties: { y: 2 } } }, extra: 1 },
      a: { description: 1, properties: { m: { items: { items: 3 } } } },
    });
    expect(error.offences.map((o) => `${o.location} ${o.key ?? ""}`)).toEqual([
      'actions["a"] description',
      'actions["a"].properties["m"]["items"] items',
      'actions["b"] extra',
      'actions["b"].properties["a"]["properties"] y',
      'actions["b"].properties["z"] items',
    ]);
  });

  test("array indices sort numerically, not as text", () => {
    const tags = Array.from({ length: 12 }, () => ({ x: 1 }));
    const error = validationError({ a: { description: "a", properties: { t: { items: { properties: {} } } }, defaults: { t: tags } } });
    expect(error.offences.map((o) => o.path.at(-1))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test("the record's own offences come before every action's", () => {
    const error = validationError({ "": validSchema(), a: validSchema({ note: 1 }) });
    expect(error.offences.map((o) => [o.location, o.code])).toEqual([
      ["actions", "invalid_action_name"],
      ['actions["a"]', "unknown_key"],
    ]);
  });
});

describe("shape before defaults", () => {
  const badDefault = { description: "d", properties: { a: {} }, defaults: { ghost: 1 } };

  test("defaults are checked only once an action has no shape offences", () => {
    const error = validationError({ a: { ...badDefault, notes: 5 } });
    expect(error.offences.map((o) => o.kind)).toEqual(["shape"]);
  });

  test("shape offences are listed before default offences, whatever their actions", () => {
    const error = validationError({ a: badDefault, b: validSchema({ notes: 5 }) });
    expect(error.offences.map((o) => [o.kind, o.action])).toEqual([
      ["shape", "b"],
      ["default", "a"],
    ]);
    expect(error.message.split("\n").slice(1)).toEqual([
      '  actions["b"]: "notes" is a number. Fix: write a string; line breaks are allowed.',
      '  actions["a"].defaults: default key "ghost" is not declared in properties. Fix: declare "ghost" in properties, or remove it from defaults.',
    ]);
  });

  test("formatOffences renders exactly what it is given", () => {
    expect(formatOffences(undefined, [])).toBe("tool <unnamed>: 0 action-schema offences");
  });
});
