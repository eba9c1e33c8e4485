import { describe, expect, test } from "vitest";
import type { Offence } from "../src/index.js";
import { nested, offencesOf, offencesOfSchema, validSchema } from "./support/tools.js";

/** The parts of an offence a row pins. */
type Expected = Partial<Pick<Offence, "action" | "location" | "key" | "index" | "code" | "kind" | "problem">>;

const withProperties = (properties: unknown, extra: Record<string, unknown> = {}) => ({ description: "d", properties, ...extra });

class Task {}

const SHAPE_ROWS: readonly [name: string, schema: unknown, expected: readonly Expected[]][] = [
  [
    "schema value is a string",
    "create a task",
    [{ location: 'actions["a"]', code: "schema_not_object", problem: "the action schema is a string" }],
  ],
  ["schema value is an array", [], [{ location: 'actions["a"]', code: "schema_not_object", problem: "the action schema is an array" }]],
  ["schema value is a class instance", new Task(), [{ code: "schema_not_object", problem: "the action schema is an instance of Task" }]],
  ["schema value is null", null, [{ code: "schema_not_object", problem: "the action schema is null" }]],
  ["description with \\n", validSchema({ description: "a\nb" }), [{ key: "description", code: "line_break" }]],
  ["description with \\r", validSchema({ description: "a\rb" }), [{ key: "description", code: "line_break" }]],
  ["properties is a Map", withProperties(new Map()), [{ key: "properties", code: "wrong_type", problem: '"properties" is a Map' }]],
  ["properties is an array", withProperties([]), [{ key: "properties", code: "wrong_type", problem: '"properties" is an array' }]],
  [
    "properties is a class instance",
    withProperties(new Task()),
    [{ key: "properties", code: "wrong_type", problem: '"properties" is an instance of Task' }],
  ],
  [
    "property schema is a string",
    withProperties({ o: "string" }),
    [{ location: 'actions["a"].properties', key: "o", code: "wrong_type", problem: '"o" is a string' }],
  ],
  [
    "property schema is an array",
    withProperties({ o: [] }),
    [{ location: 'actions["a"].properties', key: "o", problem: '"o" is an array' }],
  ],
  [
    "property schema is a Map",
    withProperties({ o: new Map() }),
    [{ location: 'actions["a"].properties', key: "o", problem: '"o" is a Map' }],
  ],
  [
    "symbol key in properties",
    withProperties({ [Symbol("s")]: {} }),
    [{ location: 'actions["a"].properties', key: "Symbol(s)", code: "symbol_key" }],
  ],
  [
    "symbol key in nested properties",
    withProperties({ o: { properties: { [Symbol("t")]: {} } } }),
    [{ location: 'actions["a"].properties["o"]["properties"]', code: "symbol_key" }],
  ],
  [
    "nested properties is an array",
    withProperties({ p: { items: { properties: [] } } }),
    [{ location: 'actions["a"].properties["p"]["items"]', key: "properties", problem: '"properties" is an array' }],
  ],
  [
    "items is a string",
    withProperties({ o: { type: "array", items: "string" } }),
    [{ location: 'actions["a"].properties["o"]', key: "items", problem: '"items" is a string' }],
  ],
  ["items is null", withProperties({ o: { items: null } }), [{ key: "items", problem: '"items" is null' }]],
  [
    "items schema's property is a number",
    withProperties({ o: { items: { properties: { n: 1 } } } }),
    [{ location: 'actions["a"].properties["o"]["items"]["properties"]', key: "n" }],
  ],
  [
    "additionalProperties is a string",
    withProperties({ o: { additionalProperties: "no" } }),
    [{ key: "additionalProperties", problem: '"additionalProperties" is a string' }],
  ],
  [
    "additionalProperties is an array",
    withProperties({ o: { additionalProperties: [] } }),
    [{ key: "additionalProperties", problem: '"additionalProperties" is an array' }],
  ],
  [
    "additionalProperties schema holds a bad items",
    withProperties({ o: { additionalProperties: { items: 3 } } }),
    [{ location: 'actions["a"].properties["o"]["additionalProperties"]', key: "items" }],
  ],
  ["required is not an array", validSchema({ required: "name" }), [{ key: "required", code: "wrong_type" }]],
  [
    "required entry is a number",
    validSchema({ required: ["name", 3] }),
    [{ location: 'actions["a"].required', index: 1, code: "wrong_type" }],
  ],
  [
    "required entry listed twice",
    validSchema({ required: ["name", "name"] }),
    [{ location: 'actions["a"].required', key: "name", index: 1, code: "duplicate_entry" }],
  ],
  [
    "required entry not declared",
    validSchema({ required: ["nmae"] }),
    [{ location: 'actions["a"].required', key: "nmae", index: 0, code: "undeclared_name" }],
  ],
  [
    "requiredOneOf group is a string",
    validSchema({ requiredOneOf: ["name"] }),
    [{ location: 'actions["a"].requiredOneOf', index: 0, code: "wrong_type" }],
  ],
  [
    "requiredOneOf group is empty",
    validSchema({ requiredOneOf: [["name"], []] }),
    [{ location: 'actions["a"].requiredOneOf', index: 1, code: "empty_group" }],
  ],
  [
    "requiredOneOf entry not declared",
    validSchema({ requiredOneOf: [["x"]] }),
    [{ location: 'actions["a"].requiredOneOf[0]', key: "x", code: "undeclared_name" }],
  ],
  [
    "requiredOneOf entry repeated",
    validSchema({ requiredOneOf: [["name", "name"]] }),
    [{ location: 'actions["a"].requiredOneOf[0]', key: "name", index: 1, code: "duplicate_entry" }],
  ],
  [
    "requiredOneOf duplicate group (any order)",
    validSchema({
      requiredOneOf: [
        ["name", "opts"],
        ["opts", "name"],
      ],
    }),
    [{ index: 1, code: "duplicate_group" }],
  ],
  [
    "requiredOneOf strict superset",
    validSchema({ requiredOneOf: [["name", "opts"], ["name"]] }),
    [{ location: 'actions["a"].requiredOneOf', index: 0, code: "superset_group" }],
  ],
  ["defaults is an array", validSchema({ defaults: [] }), [{ key: "defaults", code: "wrong_type" }]],
  ["notes is a number", validSchema({ notes: 1 }), [{ key: "notes", code: "wrong_type" }]],
  [
    "related entry is a number",
    validSchema({ related: ["list", 2] }),
    [{ location: 'actions["a"].related', index: 1, code: "wrong_type" }],
  ],
  [
    "examples entry is an array",
    validSchema({ examples: [{}, []] }),
    [{ location: 'actions["a"].examples', index: 1, code: "wrong_type" }],
  ],
  ["description missing", { properties: {} }, [{ key: "description", code: "missing_key" }]],
  [
    "a type that is not a JSON Schema type",
    withProperties({ o: { type: "strng" } }),
    [
      {
        location: 'actions["a"].properties["o"]',
        key: "type",
        code: "invalid_schema",
        problem: '"type" is "strng", not a JSON Schema type',
      },
    ],
  ],
  [
    "a bound that is not a number",
    withProperties({ o: { type: "integer", minimum: "1" } }),
    [{ location: 'actions["a"].properties["o"]', key: "minimum", code: "invalid_schema" }],
  ],
  [
    "a pattern that is not a regular expression",
    withProperties({ o: { type: "string", pattern: "(" } }),
    [{ key: "pattern", code: "invalid_schema", problem: '"pattern" is "(", not a valid regular expression (ECMAScript, with the u flag)' }],
  ],
  [
    "a bad keyword deep in an anyOf branch",
    withProperties({ o: { anyOf: [{ type: "string" }, { type: "array", items: { maxItems: -1 } }] } }),
    [{ location: 'actions["a"].properties["o"]["anyOf"][1]["items"]', key: "maxItems", code: "invalid_schema" }],
  ],
  [
    "every keyword a dialect refuses, each its own offence",
    withProperties({ o: { type: "strnig", enum: 3, format: {}, required: "x" } }),
    [
      { key: "enum", code: "invalid_schema" },
      { key: "format", code: "invalid_schema" },
      { key: "required", code: "invalid_schema" },
      { key: "type", code: "invalid_schema" },
    ],
  ],
  [
    "N3: the legacy tuple items is refused for prefixItems, and its entries still checked",
    withProperties({ pair: { type: "array", items: [{ type: "string" }, "not a schema"] } }),
    [
      { location: 'actions["a"].properties["pair"]', key: "items", code: "invalid_schema" },
      { location: 'actions["a"].properties["pair"]["items"]', index: 1, code: "invalid_schema" },
    ],
  ],
  [
    "a $ref that points nowhere",
    withProperties({ o: { $ref: "#/$defs/missing" } }),
    [
      {
        location: 'actions["a"].properties["o"]',
        key: "$ref",
        code: "invalid_schema",
        problem: '"$ref" "#/$defs/missing" points to no schema',
      },
    ],
  ],
  [
    "a nested required naming a key the closure refuses",
    withProperties({ o: { type: "object", properties: { due: {} }, required: ["dew"] } }),
    [{ location: 'actions["a"].properties["o"]["required"]', key: "dew", index: 0, code: "unsatisfiable_required" }],
  ],
  [
    "a nested required under additionalProperties: false",
    withProperties({ o: { type: "object", additionalProperties: false, required: ["x"] } }),
    [{ key: "x", code: "unsatisfiable_required" }],
  ],
  ["a schema nested more than 300 subschemas deep", withProperties({ o: nestedSchema(310) }), [{ code: "too_large" }]],
  [
    "both mandatory keys missing",
    {},
    [
      { key: "description", code: "missing_key" },
      { key: "properties", code: "missing_key" },
    ],
  ],
];

describe("the offence catalogue", () => {
  test.each(SHAPE_ROWS)("%s", (_name, schema, expected) => {
    const offences = offencesOfSchema(schema);
    expect(offences).toHaveLength(expected.length);
    expected.forEach((row, position) => expect(offences[position]).toMatchObject({ action: "a", kind: "shape", ...row }));
    for (const offence of offences) expect(offence.fix).toMatch(/\.$/);
  });
});

function nestedSchema(levels: number): unknown {
  let schema: unknown = { type: "string" };
  for (let level = 0; level < levels; level++) schema = { anyOf: [schema] };
  return schema;
}

const ACCEPTED: readonly [name: string, schema: unknown][] = [
  [
    "null-prototype schema, properties and property schema",
    Object.assign(Object.create(null), {
      description: "d",
      properties: Object.assign(Object.create(null), { o: Object.assign(Object.create(null), { type: "string" }) }),
    }),
  ],
  [
    "tuples written with prefixItems",
    withProperties({
      next: { type: "array", prefixItems: [{ type: "string" }], items: false },
    }),
  ],
  [
    "a nested required under additionalProperties: true or a schema",
    withProperties({
      a: { properties: {}, additionalProperties: true, required: ["x"] },
      b: { properties: {}, additionalProperties: { type: "string" }, required: ["y"] },
    }),
  ],
  ["$ref into the property's own $defs", withProperties({ o: { $defs: { id: { type: "integer", minimum: 1 } }, $ref: "#/$defs/id" } })],
  ["a schema nested 300 subschemas deep", withProperties({ o: nestedSchema(299) })],
  ["additionalProperties true", withProperties({ o: { additionalProperties: true } })],
  ["additionalProperties false", withProperties({ o: { additionalProperties: false } })],
  [
    "keywords outside the dialect pass through (annotations of other tools)",
    withProperties({ o: { type: "string", "x-widget": { kind: "date" }, deprecated: true } }),
  ],
  ["empty properties", withProperties({})],
  ["empty description", { description: "", properties: {} }],
  ["optional keys written as undefined", validSchema({ notes: undefined, defaults: undefined, required: undefined })],
  [
    "a well-formed schema shared by two properties",
    (() => {
      const shared = { type: "object", properties: { x: { type: "string" } } };
      return withProperties({ a: shared, b: { items: shared } });
    })(),
  ],
  ["multi-line notes", validSchema({ notes: "line one\nline two" })],
];

describe("accepted shapes", () => {
  test.each(ACCEPTED)("%s", (_name, schema) => {
    expect(offencesOfSchema(schema)).toEqual([]);
  });
});

describe("locations with awkward names", () => {
  test.each([
    ['a "quoted" name', 'actions["a \\"quoted\\" name"]'],
    ["with space", 'actions["with space"]'],
    ["ключ", 'actions["ключ"]'],
    ["emoji 🚀", 'actions["emoji 🚀"]'],
    ["back\\slash", 'actions["back\\\\slash"]'],
  ])("action %j is spelled %s", (action, location) => {
    const offences = offencesOf({ [action]: validSchema({ note: "" }) });
    expect(offences[0]).toMatchObject({ action, location });
  });

  test.each([
    ["", 'actions["a"].properties[""]'],
    ['say "hi"', 'actions["a"].properties["say \\"hi\\""]'],
    ["two words", 'actions["a"].properties["two words"]'],
    ["ünï", 'actions["a"].properties["ünï"]'],
  ])("property %j is spelled %s", (name, location) => {
    const offences = offencesOfSchema(withProperties({ [name]: { items: 1 } }));
    expect(offences).toEqual([expect.objectContaining({ location, key: "items", path: ["properties", name] })]);
  });

  test("an empty or multi-line action name is an offence of the record", () => {
    const offences = offencesOf({ "": validSchema(), "two\nlines": validSchema(), ok: validSchema() });
    expect(offences.map((o) => [o.location, o.key, o.code])).toEqual([
      ["actions", "", "invalid_action_name"],
      ["actions", "two\nlines", "invalid_action_name"],
    ]);
  });

  test("a symbol action name is an offence of the record", () => {
    expect(offencesOf({ [Symbol("x")]: validSchema(), ok: validSchema() })).toEqual([
      expect.objectContaining({ action: null, location: "actions", code: "symbol_key" }),
    ]);
  });

  test.each([
    ["a string", "nope"],
    ["an array", []],
    ["a Map", new Map()],
  ])("an action record that is %s is one offence", (_label, record) => {
    expect(offencesOf(record)).toEqual([expect.objectContaining({ action: null, location: "actions", code: "actions_not_object" })]);
  });
});

describe("cycles", () => {
  test.each([
    [
      "through properties",
      () => {
        const s: { properties: Record<string, unknown> } = { properties: {} };
        s.properties.self = s;
        return s;
      },
      'actions["a"].properties["o"]["properties"]',
      "self",
    ],
    [
      "through items",
      () => {
        const s: Record<string, unknown> = { type: "array" };
        s.items = s;
        return s;
      },
      'actions["a"].properties["o"]',
      "items",
    ],
    [
      "through additionalProperties",
      () => {
        const s: Record<string, unknown> = {};
        s.additionalProperties = { additionalProperties: s };
        return s;
      },
      'actions["a"].properties["o"]["additionalProperties"]',
      "additionalProperties",
    ],
  ])("a cycle %s is one offence", (_label, make, location, key) => {
    const offences = offencesOfSchema(withProperties({ o: make() }));
    expect(offences).toEqual([expect.objectContaining({ code: "cycle", location, key })]);
  });

  test.each([
    ["const", (c: object) => ({ const: c }), 'actions["a"].properties["o"]', "const"],
    ["an enum entry", (c: object) => ({ enum: [c] }), 'actions["a"].properties["o"]', "enum"],
    [
      "a keyword of a definition",
      (c: object) => ({ $defs: { d: { type: "object", default: c } } }),
      'actions["a"].properties["o"]["$defs"]["d"]',
      "default",
    ],
  ])("a value containing itself in %s is a cycle at the keyword, not a value nested too deep", (_label, make, location, key) => {
    const value: Record<string, unknown> = { type: "object" };
    value.self = value;
    expect(offencesOfSchema(withProperties({ o: make(value) }))).toEqual([
      expect.objectContaining({ code: "cycle", location, key, problem: `"${key}" holds a value that contains itself (a cycle)` }),
    ]);
  });

  test("a property map containing itself", () => {
    const map: Record<string, unknown> = {};
    map.o = { properties: map };
    expect(offencesOfSchema(withProperties(map))).toEqual([expect.objectContaining({ code: "cycle", key: "properties" })]);
  });
});

describe("nesting 100,000 levels deep never overflows the stack", () => {
  const DEPTH = 100_000;
  test.each([
    ["properties", (inner: unknown) => ({ type: "object", properties: { a: inner } })],
    ["items", (inner: unknown) => ({ type: "array", items: inner })],
    ["additionalProperties", (inner: unknown) => ({ additionalProperties: inner })],
  ])("a well-formed chain through %s is one too_large offence; 150 levels pass", (_keyword, wrap) => {
    expect(offencesOfSchema(withProperties({ root: nested(DEPTH, wrap) }))).toEqual([
      expect.objectContaining({ code: "too_large", location: expect.stringMatching(/^actions\["a"\]\.properties\["root"\]/) }),
    ]);
    expect(offencesOfSchema(withProperties({ root: nested(150, wrap) }))).toEqual([]);
  });

  test("a bad leaf at the bottom is reported at its full depth", () => {
    const schema = withProperties({ root: nested(DEPTH, (inner) => ({ items: inner }), { items: "bad" }) });
    const [offence] = offencesOfSchema(schema);
    expect(offence).toMatchObject({ code: "wrong_type", key: "items" });
    expect(offence!.path).toHaveLength(DEPTH + 2);
  });

  test("a deeply nested non-schema value is one offence", () => {
    let array: unknown = [];
    for (let level = 0; level < DEPTH; level++) array = [array];
    expect(offencesOfSchema(withProperties(array))).toEqual([expect.objectContaining({ key: "properties", code: "wrong_type" })]);
  });

  test("deeply nested defaults are checked without overflow", () => {
    const levels = 250;
    const schema = nested(levels, (inner) => ({ properties: { a: inner } }), {});
    let value: unknown = { bogus: 1 };
    for (let level = 0; level < levels; level++) value = { a: value };
    const offences = offencesOfSchema(withProperties({ a: schema }, { defaults: value }));
    expect(offences).toEqual([expect.objectContaining({ kind: "default", key: "bogus" })]);
    expect(offences[0]!.path).toHaveLength(levels + 1);
  });
});

describe("shared schemas", () => {
  test("a malformed schema shared by two places is named at each", () => {
    const shared = { items: "string" };
    const offences = offencesOfSchema(withProperties({ a: shared, b: { additionalProperties: shared } }));
    expect(offences.map((o) => o.location)).toEqual([
      'actions["a"].properties["a"]',
      'actions["a"].properties["b"]["additionalProperties"]',
    ]);
  });

  test("exponential sharing is cut off with one offence instead of a hang", () => {
    let schema: unknown = { type: "string" };
    for (let level = 0; level < 40; level++) schema = { properties: { left: schema, right: schema } };
    const offences = offencesOfSchema(withProperties({ root: schema }));
    expect(offences).toEqual([expect.objectContaining({ code: "too_large", location: 'actions["a"]' })]);
  });
});

describe("hostile values in a schema", () => {
  test("a throwing getter is an unreadable offence, not an exception", () => {
    const properties = {
      get o(): unknown {
        throw new Error("boom");
      },
    };
    expect(offencesOfSchema(withProperties(properties))).toEqual([expect.objectContaining({ code: "unreadable", key: "o" })]);
  });

  test("a revoked Proxy as a property schema is an offence", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(offencesOfSchema(withProperties({ o: proxy }))).toEqual([expect.objectContaining({ key: "o", code: "wrong_type" })]);
  });
});
