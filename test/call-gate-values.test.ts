/**
 * The call gate checks every value of a call's data against its property's
 * JSON Schema (draft 2020-12), keyword by keyword, through the SDK's own
 * `Client` over an in-memory transport: for every keyword, calls that pass
 * reach the handler with exactly the data sent plus the defaults, and calls
 * that fail are refused with the problem's code, data path and keyword —
 * and never reach the handler.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createRouter, defineTool, type ActionSchema } from "../src/index.js";
import { connectSdk, type SdkSession } from "./support/sdk-session.js";

/** What a test asserts of one problem. */
interface Expected {
  readonly code: string;
  readonly at: string;
  readonly keyword?: string;
  readonly key?: string;
}

interface Row {
  readonly label: string;
  /** The schema of property `v`. */
  readonly schema: Record<string, unknown>;
  readonly valid: readonly unknown[];
  readonly invalid: readonly { readonly value: unknown; readonly problems: readonly Expected[] }[];
}

const V = 'data["v"]';
const value = (keyword: string, at = V): Expected => ({ code: "invalid_value", at, keyword });
const unknownKey = (key: string, at = V): Expected => ({ code: "unknown_key", at, key });
const missing = (key: string, at = V): Expected => ({ code: "missing_required", at, key });

const tree = {
  $ref: "#/$defs/node",
  $defs: {
    node: {
      type: "object",
      properties: { value: { type: "integer" }, kids: { type: "array", items: { $ref: "#/$defs/node" } } },
      required: ["value"],
      additionalProperties: false,
    },
  },
};

const ROWS: readonly Row[] = [
  {
    label: "type string",
    schema: { type: "string" },
    valid: ["x", ""],
    invalid: [
      { value: 1, problems: [value("type")] },
      { value: ["x"], problems: [value("type")] },
    ],
  },
  { label: "type number", schema: { type: "number" }, valid: [1.5, 2, -0.25], invalid: [{ value: "1", problems: [value("type")] }] },
  {
    label: "type integer",
    schema: { type: "integer" },
    valid: [3, -7, 0],
    invalid: [
      { value: 3.5, problems: [value("type")] },
      { value: "3", problems: [value("type")] },
    ],
  },
  {
    label: "type boolean",
    schema: { type: "boolean" },
    valid: [false, true],
    invalid: [
      { value: "true", problems: [value("type")] },
      { value: 0, problems: [value("type")] },
    ],
  },
  {
    label: "type null",
    schema: { type: "null" },
    valid: [null],
    invalid: [
      { value: 0, problems: [value("type")] },
      { value: "null", problems: [value("type")] },
    ],
  },
  {
    label: "type array",
    schema: { type: "array" },
    valid: [[1, "a"], []],
    invalid: [
      { value: {}, problems: [value("type")] },
      { value: "[]", problems: [value("type")] },
    ],
  },
  {
    label: "type object",
    schema: { type: "object" },
    valid: [{ a: 1 }, {}],
    invalid: [
      { value: [], problems: [value("type")] },
      { value: null, problems: [value("type")] },
    ],
  },
  {
    label: "a type array",
    schema: { type: ["string", "integer"] },
    valid: ["a", 2],
    invalid: [
      { value: true, problems: [value("type")] },
      { value: 2.5, problems: [value("type")] },
    ],
  },
  {
    label: "enum",
    schema: { enum: ["a", 1, null, { k: [1] }] },
    valid: ["a", 1, null, { k: [1] }],
    invalid: [
      { value: "b", problems: [value("enum")] },
      { value: { k: [2] }, problems: [value("enum")] },
    ],
  },
  {
    label: "const",
    schema: { const: { x: [1] } },
    valid: [{ x: [1] }],
    invalid: [
      { value: { x: [2] }, problems: [value("const")] },
      { value: { x: [1], y: 1 }, problems: [value("const")] },
    ],
  },
  { label: "minimum", schema: { type: "number", minimum: 0 }, valid: [0, 5], invalid: [{ value: -1, problems: [value("minimum")] }] },
  { label: "maximum", schema: { type: "number", maximum: 10 }, valid: [10, -3], invalid: [{ value: 10.5, problems: [value("maximum")] }] },
  {
    label: "exclusiveMinimum",
    schema: { type: "number", exclusiveMinimum: 0 },
    valid: [0.5],
    invalid: [
      { value: 0, problems: [value("exclusiveMinimum")] },
      { value: -1, problems: [value("exclusiveMinimum")] },
    ],
  },
  {
    label: "exclusiveMaximum",
    schema: { type: "number", exclusiveMaximum: 1 },
    valid: [0.99],
    invalid: [{ value: 1, problems: [value("exclusiveMaximum")] }],
  },
  {
    label: "multipleOf",
    schema: { type: "number", multipleOf: 0.5 },
    valid: [2.5, -1, 0],
    invalid: [{ value: 2.2, problems: [value("multipleOf")] }],
  },
  // Lengths count code points, not UTF-16 units: "😀" is one character.
  {
    label: "minLength",
    schema: { type: "string", minLength: 2 },
    valid: ["ab", "😀😀"],
    invalid: [
      { value: "a", problems: [value("minLength")] },
      { value: "😀", problems: [value("minLength")] },
    ],
  },
  {
    label: "maxLength",
    schema: { type: "string", maxLength: 2 },
    valid: ["😀😀", ""],
    invalid: [{ value: "abc", problems: [value("maxLength")] }],
  },
  {
    label: "pattern",
    schema: { type: "string", pattern: "^[a-z]+-\\d+$" },
    valid: ["ab-12"],
    invalid: [
      { value: "AB-12", problems: [value("pattern")] },
      { value: "ab-", problems: [value("pattern")] },
    ],
  },
  {
    label: "format date",
    schema: { type: "string", format: "date" },
    valid: ["2024-02-29", "2026-12-01"],
    invalid: [
      { value: "2026-13-01", problems: [value("format")] },
      { value: "01/12/2026", problems: [value("format")] },
    ],
  },
  {
    label: "format email",
    schema: { type: "string", format: "email" },
    valid: ["ada@example.com"],
    invalid: [{ value: "ada.example.com", problems: [value("format")] }],
  },
  {
    label: "items (a single schema)",
    schema: { type: "array", items: { type: "integer" } },
    valid: [[1, 2], []],
    invalid: [
      { value: [1, "2"], problems: [value("type", `${V}[1]`)] },
      { value: ["1", 2, 3.5], problems: [value("type", `${V}[0]`), value("type", `${V}[2]`)] },
    ],
  },
  {
    label: "prefixItems with items: false",
    schema: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
    valid: [["a", 1], ["a"], []],
    invalid: [
      { value: ["a", 1, true], problems: [value("false", `${V}[2]`)] },
      { value: ["a", "b"], problems: [value("type", `${V}[1]`)] },
    ],
  },
  { label: "minItems", schema: { type: "array", minItems: 1 }, valid: [[1]], invalid: [{ value: [], problems: [value("minItems")] }] },
  {
    label: "maxItems",
    schema: { type: "array", maxItems: 2 },
    valid: [[1, 2], []],
    invalid: [{ value: [1, 2, 3], problems: [value("maxItems")] }],
  },
  {
    label: "uniqueItems",
    schema: { type: "array", uniqueItems: true },
    valid: [[1, "1", { a: 1 }, { a: 2 }, [1], [1, 1]]],
    invalid: [
      { value: [1, 1], problems: [value("uniqueItems")] },
      {
        value: [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
        problems: [value("uniqueItems")],
      },
    ],
  },
  {
    label: "contains",
    schema: { type: "array", contains: { type: "string" } },
    valid: [[1, "a"], ["a"]],
    invalid: [
      { value: [1, 2], problems: [value("contains")] },
      { value: [], problems: [value("contains")] },
    ],
  },
  {
    label: "nested properties and required",
    schema: { type: "object", properties: { due: { type: "string" }, n: { type: "integer" } }, required: ["due"] },
    valid: [{ due: "x" }, { due: "x", n: 1 }],
    invalid: [
      { value: { n: "1" }, problems: [missing("due"), value("type", `${V}["n"]`)] },
      { value: { due: 1 }, problems: [value("type", `${V}["due"]`)] },
      { value: { due: "x", extra: 1 }, problems: [unknownKey("extra")] },
    ],
  },
  {
    label: "properties two levels deep",
    schema: {
      type: "object",
      properties: { opts: { type: "object", properties: { due: { type: "string", format: "date" } }, required: ["due"] } },
    },
    valid: [{ opts: { due: "2026-12-01" } }, {}],
    invalid: [
      { value: { opts: { due: "tomorrow" } }, problems: [value("format", `${V}["opts"]["due"]`)] },
      { value: { opts: {} }, problems: [missing("due", `${V}["opts"]`)] },
      { value: { opts: { due: "2026-12-01", at: 9 } }, problems: [unknownKey("at", `${V}["opts"]`)] },
    ],
  },
  {
    label: "an additionalProperties schema (values of extra keys checked)",
    schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "integer" } },
    valid: [{ a: "x", b: 1, c: 2 }, {}],
    invalid: [
      { value: { a: "x", b: "y" }, problems: [value("type", `${V}["b"]`)] },
      { value: { a: 1, c: 2 }, problems: [value("type", `${V}["a"]`)] },
    ],
  },
  {
    label: "an additionalProperties schema with properties of its own (closed below)",
    schema: { type: "object", additionalProperties: { type: "object", properties: { n: { type: "integer" } } } },
    valid: [{ k: { n: 1 }, j: {} }],
    invalid: [
      { value: { k: { n: 1, m: 2 } }, problems: [unknownKey("m", `${V}["k"]`)] },
      { value: { k: { n: "1" } }, problems: [value("type", `${V}["k"]["n"]`)] },
      { value: { k: 1 }, problems: [value("type", `${V}["k"]`)] },
    ],
  },
  {
    label: "additionalProperties: false without properties",
    schema: { type: "object", additionalProperties: false },
    valid: [{}],
    invalid: [{ value: { x: 1 }, problems: [unknownKey("x")] }],
  },
  {
    label: "propertyNames",
    schema: { type: "object", propertyNames: { pattern: "^[a-z]+$" } },
    valid: [{ ab: 1 }, {}],
    invalid: [{ value: { Ab: 1 }, problems: [value("propertyNames")] }],
  },
  {
    label: "minProperties",
    schema: { type: "object", minProperties: 1 },
    valid: [{ a: 1 }],
    invalid: [{ value: {}, problems: [value("minProperties")] }],
  },
  {
    label: "maxProperties",
    schema: { type: "object", maxProperties: 1 },
    valid: [{}, { a: 1 }],
    invalid: [{ value: { a: 1, b: 2 }, problems: [value("maxProperties")] }],
  },
  {
    label: "dependentRequired",
    schema: { type: "object", dependentRequired: { card: ["cvv"] } },
    valid: [{ card: "1", cvv: "2" }, { cvv: "2" }, {}],
    invalid: [{ value: { card: "1" }, problems: [value("dependentRequired")] }],
  },
  {
    label: "anyOf",
    schema: { anyOf: [{ type: "string", minLength: 1 }, { type: "integer" }] },
    valid: ["a", 3],
    invalid: [
      { value: true, problems: [value("anyOf")] },
      { value: "", problems: [value("anyOf")] },
      { value: 1.5, problems: [value("anyOf")] },
    ],
  },
  {
    label: "oneOf (none, or two, refused)",
    schema: { oneOf: [{ type: "integer" }, { type: "number", minimum: 0 }] },
    valid: [-3, 1.5],
    invalid: [
      { value: 3, problems: [value("oneOf")] },
      { value: "x", problems: [value("oneOf")] },
    ],
  },
  {
    label: "allOf",
    schema: { allOf: [{ type: "string" }, { minLength: 2 }] },
    valid: ["ab"],
    invalid: [
      { value: "a", problems: [value("minLength")] },
      { value: 5, problems: [value("type")] },
    ],
  },
  { label: "not", schema: { not: { type: "string" } }, valid: [1, null, {}], invalid: [{ value: "x", problems: [value("not")] }] },
  {
    label: "if/then/else",
    schema: { if: { type: "string" }, then: { minLength: 2 }, else: { type: "integer" } },
    valid: ["ab", 3],
    invalid: [
      { value: "a", problems: [value("minLength")] },
      { value: 1.5, problems: [value("type")] },
    ],
  },
  {
    label: "$ref and $defs inside a property",
    schema: { $ref: "#/$defs/positive", $defs: { positive: { type: "integer", minimum: 1 } } },
    valid: [2],
    invalid: [
      { value: 0, problems: [value("minimum")] },
      { value: "2", problems: [value("type")] },
    ],
  },
  {
    label: "a recursive tree through $ref",
    schema: tree,
    valid: [{ value: 1, kids: [{ value: 2 }, { value: 3, kids: [{ value: 4, kids: [] }] }] }, { value: 0 }],
    invalid: [
      { value: { value: 1, kids: [{ value: "x" }] }, problems: [value("type", `${V}["kids"][0]["value"]`)] },
      { value: { value: 1, kids: [{ value: 2, kids: [{ value: 3, w: 1 }] }] }, problems: [unknownKey("w", `${V}["kids"][0]["kids"][0]`)] },
      { value: { value: 1, kids: [{ kids: [] }] }, problems: [missing("value", `${V}["kids"][0]`)] },
    ],
  },
  {
    label: "unevaluatedProperties: false",
    schema: { type: "object", allOf: [{ properties: { a: { type: "string" } } }], unevaluatedProperties: false },
    valid: [{ a: "x" }, {}],
    invalid: [{ value: { a: "x", b: 1 }, problems: [unknownKey("b")] }],
  },
];

const calls = new Map<string, unknown[]>();
const actionOf = (index: number) => `k${index}`;

const values = defineTool({
  name: "values",
  description: "One action per keyword",
  actions: Object.fromEntries(
    ROWS.map((row, index): [string, ActionSchema] => [
      actionOf(index),
      { description: row.label, properties: { v: row.schema, d: { type: "string" } }, defaults: { d: "dflt" } },
    ]),
  ),
  handlers: Object.fromEntries(
    ROWS.map((_, index) => [
      actionOf(index),
      (data: unknown) => {
        calls.get(actionOf(index))!.push(data);
        return { ok: true };
      },
    ]),
  ),
});

const extras = defineTool({
  name: "extras",
  description: "Mixed problems, nulls, defaults and caps",
  actions: {
    mixed: {
      description: "Key and value problems together",
      properties: {
        name: { type: "string" },
        count: { type: "integer", minimum: 1 },
        opts: {
          type: "object",
          properties: { due: { type: "string", format: "date" }, tags: { type: "array", items: { type: "string" } } },
        },
      },
      required: ["name"],
    },
    nulls: {
      description: "Null where allowed and where not",
      properties: {
        nullable: { type: ["string", "null"] },
        strict: { type: "string" },
        withDefault: { type: ["string", "null"] },
        strictDefault: { type: "string" },
        nullEnum: { enum: ["a", null] },
        inner: { type: "object", properties: { x: { type: "integer" }, y: { type: ["integer", "null"] } } },
      },
      defaults: { withDefault: "filled", strictDefault: "filled" },
    },
    many: { description: "Many value problems", properties: { list: { type: "array", items: { type: "integer" } } } },
  },
  handlers: {
    mixed: (data) => (calls.get("mixed")!.push(data), { ok: true }),
    nulls: (data) => (calls.get("nulls")!.push(data), { ok: true }),
    many: (data) => (calls.get("many")!.push(data), { ok: true }),
  },
});

let session: SdkSession;

beforeAll(async () => {
  session = await connectSdk(createRouter({ tools: [values, extras] }));
});

afterAll(async () => {
  await session.close();
});

beforeEach(() => {
  calls.clear();
  for (let index = 0; index < ROWS.length; index++) calls.set(actionOf(index), []);
  for (const name of ["mixed", "nulls", "many"]) calls.set(name, []);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are parsed JSON
type Body = any;

/** The asserted fields of each problem, in order. */
function picked(problems: readonly Record<string, unknown>[]): Expected[] {
  return problems.map(
    ({ code, at, keyword, key }) =>
      ({ code, at, ...(keyword === undefined ? {} : { keyword }), ...(key === undefined ? {} : { key }) }) as Expected,
  );
}

/** Every problem reads as one sentence and has a non-empty one-line fix. */
function expectWorded(problems: readonly Record<string, unknown>[]): void {
  for (const problem of problems) {
    expect(typeof problem["problem"], JSON.stringify(problem)).toBe("string");
    expect((problem["problem"] as string).length).toBeGreaterThan(0);
    expect(typeof problem["fix"], JSON.stringify(problem)).toBe("string");
    expect((problem["fix"] as string).trim().length, JSON.stringify(problem)).toBeGreaterThan(0);
    expect(problem["fix"], JSON.stringify(problem)).not.toMatch(/[\r\n]/);
  }
}

describe("every JSON Schema keyword, checked at the gate (SDK client over in-memory transport)", () => {
  const validCases = ROWS.flatMap((row, index) => row.valid.map((sent) => ({ label: row.label, index, sent })));
  const invalidCases = ROWS.flatMap((row, index) => row.invalid.map((bad) => ({ label: row.label, index, ...bad })));

  test("the table covers every keyword of the brief", () => {
    const keywords = new Set(ROWS.flatMap((row) => collectKeywords(row.schema)));
    for (const keyword of [
      "type",
      "enum",
      "const",
      "minimum",
      "maximum",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "multipleOf",
      "minLength",
      "maxLength",
      "pattern",
      "format",
      "items",
      "prefixItems",
      "minItems",
      "maxItems",
      "uniqueItems",
      "contains",
      "properties",
      "required",
      "additionalProperties",
      "propertyNames",
      "minProperties",
      "maxProperties",
      "dependentRequired",
      "anyOf",
      "oneOf",
      "allOf",
      "not",
      "if",
      "then",
      "else",
      "$ref",
      "$defs",
      "unevaluatedProperties",
    ])
      expect(keywords, keyword).toContain(keyword);
    for (const type of ["string", "number", "integer", "boolean", "null", "array", "object"])
      expect(
        ROWS.some((row) => row.schema["type"] === type),
        type,
      ).toBe(true);
  });

  test.each(validCases)("$label: $sent is accepted and reaches the handler exactly, defaults merged", async ({ index, sent }) => {
    const answer = await session.call("values", { action: actionOf(index), data: { v: sent } });
    expect(answer.isError, JSON.stringify(answer.body)).toBe(false);
    expect(answer.body).toEqual({ ok: true });
    expect(calls.get(actionOf(index))).toStrictEqual([{ v: sent, d: "dflt" }]);
  });

  test.each(invalidCases)(
    "$label: $value is refused at its data path with its keyword; the handler is not called",
    async ({ index, value: sent, problems }) => {
      const { isError, body } = (await session.call("values", { action: actionOf(index), data: { v: sent } })) as {
        isError: boolean;
        body: Body;
      };
      expect(isError).toBe(true);
      expect(body).toMatchObject({
        error: "invalid_data",
        tool: "values",
        action: actionOf(index),
        help: `help {tool: "values", action: "${actionOf(index)}"}`,
      });
      expect(body.schema).toMatchObject({ action: actionOf(index), defaults: { d: "dflt" } });
      expect(picked(body.problems)).toEqual(problems);
      expectWorded(body.problems);
      expect(calls.get(actionOf(index))).toEqual([]);
    },
  );

  test("a value sent for a defaulted key is checked too (the default does not hide it)", async () => {
    const { isError, body } = await session.call("values", { action: actionOf(0), data: { v: "x", d: 5 } });
    expect(isError).toBe(true);
    expect(picked(body.problems)).toEqual([value("type", 'data["d"]')]);
    expect(calls.get(actionOf(0))).toEqual([]);
  });
});

describe("key problems and value problems in one answer", () => {
  test("every problem at once, sorted by data path, each with a one-line fix", async () => {
    const { isError, body } = await session.call("extras", {
      action: "mixed",
      data: { zz: 1, count: 0, opts: { due: "soon", tags: ["a", 2], colour: "red" }, nmae: "x" },
    });
    expect(isError).toBe(true);
    expect(body.error).toBe("invalid_data");
    expect(body.message).toContain("7 problems");
    expect(picked(body.problems)).toEqual([
      value("minimum", 'data["count"]'),
      missing("name", "data"),
      unknownKey("nmae", "data"),
      unknownKey("colour", 'data["opts"]'),
      value("format", 'data["opts"]["due"]'),
      value("type", 'data["opts"]["tags"][1]'),
      unknownKey("zz", "data"),
    ]);
    expect(body.problems.find((problem: { key?: string }) => problem.key === "nmae").fix).toContain('"name"');
    expectWorded(body.problems);
    const places = body.problems.map((problem: { at: string; key?: string }) => pathOf(problem.at, problem.key));
    expect(places).toEqual([...places].sort(comparePlaces));
    expect(calls.get("mixed")).toEqual([]);
  });
});

describe("null is a value", () => {
  test.each([
    ["a nullable type", { nullable: null }],
    ["a null in an enum", { nullEnum: null }],
    ["a nullable nested property", { inner: { y: null } }],
  ])("null is accepted where the schema allows it: %s", async (_label, data) => {
    const { isError, body } = await session.call("extras", { action: "nulls", data });
    expect(isError, JSON.stringify(body)).toBe(false);
    expect(calls.get("nulls")).toStrictEqual([{ ...data, withDefault: "filled", strictDefault: "filled" }]);
  });

  test.each([
    ["a string property", { strict: null }, 'data["strict"]', "type"],
    ["an enum without null", { nullEnum: "b" }, 'data["nullEnum"]', "enum"],
    ["a nested integer", { inner: { x: null } }, 'data["inner"]["x"]', "type"],
    ["an object property", { inner: null }, 'data["inner"]', "type"],
  ])("null (or an unlisted value) is refused where the schema does not allow it: %s", async (_label, data, at, keyword) => {
    const { isError, body } = await session.call("extras", { action: "nulls", data });
    expect(isError).toBe(true);
    expect(picked(body.problems)).toEqual([value(keyword, at)]);
    expect(calls.get("nulls")).toEqual([]);
  });

  test("a key sent as null is not replaced by its default", async () => {
    const { isError } = await session.call("extras", { action: "nulls", data: { withDefault: null } });
    expect(isError).toBe(false);
    expect(calls.get("nulls")).toStrictEqual([{ withDefault: null, strictDefault: "filled" }]);
  });

  test("a key sent as null that its schema refuses is refused, not replaced by its default", async () => {
    const { isError, body } = await session.call("extras", { action: "nulls", data: { strictDefault: null } });
    expect(isError).toBe(true);
    expect(picked(body.problems)).toEqual([value("type", 'data["strictDefault"]')]);
    expect(calls.get("nulls")).toEqual([]);
  });
});

describe("the problem cap holds for value problems", () => {
  test("60 bad items: 50 problems shown, moreProblems counts the rest, the message counts all", async () => {
    const list = Array.from({ length: 60 }, (_, index) => `n${index}`);
    const { isError, body } = await session.call("extras", { action: "many", data: { list } });
    expect(isError).toBe(true);
    expect(body.message).toContain("60 problems");
    expect(body.problems).toHaveLength(50);
    expect(body.moreProblems).toBe(10);
    expect(picked(body.problems)).toEqual(Array.from({ length: 50 }, (_, index) => value("type", `data["list"][${index}]`)));
    expectWorded(body.problems);
    expect(calls.get("many")).toEqual([]);
  });

  test("key and value problems share one cap", async () => {
    const data: Record<string, unknown> = { list: Array.from({ length: 30 }, () => "x") };
    for (let index = 0; index < 30; index++) data[`extra${String(index).padStart(2, "0")}`] = index;
    const { body } = await session.call("extras", { action: "many", data });
    expect(body.message).toContain("60 problems");
    expect(body.problems).toHaveLength(50);
    expect(body.moreProblems).toBe(10);
    // Sorted by data path: data["extra00"] … data["extra29"] before data["list"][…].
    expect(body.problems[0]).toMatchObject({ code: "unknown_key", key: "extra00" });
    expect(body.problems[30]).toMatchObject(value("type", 'data["list"][0]'));
  });
});

/** The keywords a schema uses, at every depth (keys of schema objects, not of data in enum/const). */
function collectKeywords(schema: unknown, found: string[] = []): string[] {
  if (Array.isArray(schema)) {
    for (const inner of schema) collectKeywords(inner, found);
    return found;
  }
  if (typeof schema !== "object" || schema === null) return found;
  for (const [key, inner] of Object.entries(schema)) {
    found.push(key);
    if (key === "enum" || key === "const") continue;
    if (key === "properties" || key === "$defs" || key === "dependentRequired") {
      for (const sub of Object.values(inner as object)) collectKeywords(sub, found);
    } else collectKeywords(inner, found);
  }
  return found;
}

/** A problem's place as segments: its `at` data path, plus its key. */
function pathOf(at: string, key: string | undefined): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const match of at.slice("data".length).matchAll(/\[(\d+|"(?:[^"\\]|\\.)*")\]/g)) {
    const inner = match[1]!;
    segments.push(inner.startsWith('"') ? (JSON.parse(inner) as string) : Number(inner));
  }
  if (key !== undefined) segments.push(key);
  return segments;
}

function comparePlaces(a: (string | number)[], b: (string | number)[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const x = a[index]!;
    const y = b[index]!;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    if (typeof x === "number") return -1;
    if (typeof y === "number") return 1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
