/**
 * Listings tell the truth: whatever the complete and flat listings publish
 * compiles in Ajv 2020 and accepts exactly what the gate accepts, with
 * references inside a property re-rooted to the property's place; keywords
 * the gate cannot honour are refused at registration (the build runs the
 * same `validate`); a flat tool is callable by every listed name, obtaining
 * its schema once per call. Named cases N1–N12 of the third correctness
 * round, then a property test over random data per mode and feature.
 */
import fc from "fast-check";
import Ajv2020Module from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import {
  createRouter,
  defineTool,
  ToolRegistrationError,
  type ListingMode,
  type PropertySchema,
  type Tool,
  type ToolListing,
} from "../src/index.js";
import { FEATURES, values } from "./support/listing-features.js";

type AjvClass = typeof Ajv2020Module.default;
const Ajv2020: AjvClass = (Ajv2020Module as unknown as { default?: AjvClass }).default ?? (Ajv2020Module as unknown as AjvClass);

/** Ajv 2020 refusing unknown keywords (its style lints off), formats left unasserted as the dialect's default. */
const compile = (schema: object) =>
  new Ajv2020({ strictSchema: true, strictTypes: false, strictTuples: false, strictRequired: false, validateFormats: false }).compile(
    schema,
  );

function toolOf(properties: Record<string, unknown>, options: { flat?: boolean; required?: string[] } = {}): Tool {
  return defineTool({
    name: "t",
    description: "T",
    ...(options.flat === true ? { flat: true } : {}),
    actions: { go: { description: "Go", properties, ...(options.required === undefined ? {} : { required: options.required }) } },
    handlers: { go: () => ({ ok: true }) },
  } as never);
}

/** The listing a call to `go` is formed from in `mode` (flat or per action), with the name to call. */
function listed(tool: Tool, mode: ListingMode): ToolListing {
  const listings = createRouter({ tools: [tool], listing: mode }).listTools();
  return listings.find((listing) => listing.name === "t" || listing.name === "t_go")!;
}

async function gateAccepts(tool: Tool, mode: ListingMode, data: unknown): Promise<boolean> {
  const router = createRouter({ tools: [tool], listing: mode });
  const name = mode === "compact" ? "t" : "t_go";
  const answer = await router.callTool(name, mode === "compact" && tool.flat !== true ? { action: "go", data } : data);
  return answer.isError !== true;
}

const LISTED: readonly { mode: ListingMode; flat: boolean }[] = [
  { mode: "complete", flat: false },
  { mode: "compact", flat: true },
  { mode: "complete", flat: true },
];

describe("N1, N2: references inside a property survive re-rooting", () => {
  const cases: [string, Record<string, unknown>, unknown[], unknown[]][] = [
    [
      "N1: #/$defs/… of a property's own $defs",
      { addr: { type: "object", $defs: { zip: { type: "string", pattern: "^[0-9]{5}$" } }, properties: { zip: { $ref: "#/$defs/zip" } } } },
      [{ addr: { zip: "12345" } }, {}],
      [{ addr: { zip: "1" } }, { addr: { zip: 5 } }, { addr: { other: 1 } }],
    ],
    [
      'N2: "#" is the property itself (recursion through an open place)',
      { tree: { type: "array", items: { anyOf: [{ type: "integer" }, { $ref: "#" }] } } },
      [{ tree: [1, [2, [3]], []] }],
      [{ tree: [1, ["x"]] }, { tree: [[[{}]]] }],
    ],
    [
      'N2: "#/properties/a" points inside the property',
      { p: { type: "object", properties: { a: { type: "integer" }, b: { $ref: "#/properties/a" } } } },
      [{ p: { a: 1, b: 2 } }],
      [{ p: { b: "x" } }],
    ],
    [
      "N4: the same $anchor in two properties",
      {
        one: { $defs: { n: { $anchor: "n", type: "integer" } }, $ref: "#n" },
        two: { $defs: { n: { $anchor: "n", type: "string" } }, $ref: "#n" },
      },
      [{ one: 1, two: "x" }],
      [{ one: "x" }, { two: 1 }],
    ],
    [
      "the same definition name in two properties, and a property named like the qualified name",
      {
        home: { $defs: { a: { type: "integer" } }, $ref: "#/$defs/a" },
        work: { $defs: { a: { type: "string" } }, $ref: "#/$defs/a" },
        "work.a": {
          $defs: { a: { type: "boolean" }, "work.a": { type: "null" } },
          anyOf: [{ $ref: "#/$defs/a" }, { $ref: "#/$defs/work.a" }],
        },
      },
      [{ home: 1, work: "x", "work.a": true }, { "work.a": null }],
      [{ home: "x" }, { work: 1 }, { "work.a": 1 }],
    ],
    [
      "a recursive definition that refers to itself and to a sibling definition",
      {
        list: {
          $ref: "#/$defs/node",
          $defs: {
            item: { type: "integer" },
            node: {
              type: "object",
              properties: { head: { $ref: "#/$defs/item" }, tail: { anyOf: [{ type: "null" }, { $ref: "#/$defs/node" }] } },
            },
          },
        },
      },
      [{ list: { head: 1, tail: { head: 2, tail: null } } }],
      [{ list: { head: 1, tail: { head: "x" } } }, { list: { tail: 5 } }],
    ],
    [
      "names a pointer must escape",
      { "a/b~c d": { $defs: { "x y": { type: "boolean" } }, $ref: "#/$defs/x%20y" } },
      [{ "a/b~c d": true }],
      [{ "a/b~c d": 1 }],
    ],
  ];
  for (const { mode, flat } of LISTED) {
    test.each(cases)(`${mode}${flat ? " flat" : ""}: %s`, async (_name, properties, good, bad) => {
      const tool = toolOf(properties, { flat });
      const validate = compile(listed(tool, mode).inputSchema);
      for (const data of good) {
        expect(validate(data), JSON.stringify(data)).toBe(true);
        expect(await gateAccepts(tool, mode, data), JSON.stringify(data)).toBe(true);
      }
      for (const data of bad) {
        expect(validate(data), JSON.stringify(data)).toBe(false);
        expect(await gateAccepts(tool, mode, data), JSON.stringify(data)).toBe(false);
      }
    });
  }
});

/** The offences registration throws for one property schema. */
function offencesOf(schema: unknown): readonly { location: string; key?: string; problem: string; fix: string }[] {
  try {
    createRouter({ tools: [toolOf({ p: schema })] });
  } catch (error) {
    if (error instanceof ToolRegistrationError) return error.schemaErrors.flatMap((schemaError) => schemaError.offences);
    throw error;
  }
  return [];
}

describe("N3, N5, N4: keywords the gate cannot honour are refused, naming the keyword and the fix", () => {
  test.each([
    ["N3: tuple items", { type: "array", items: [{ type: "string" }] }, "items", /"prefixItems"/],
    ["N5: $dynamicRef", { $defs: { s: { $dynamicAnchor: "x", type: "string" } }, $dynamicRef: "#x" }, "$dynamicRef", /"\$ref"/],
    ["N5: $dynamicAnchor", { $defs: { s: { $dynamicAnchor: "x", type: "string" } }, $ref: "#/$defs/s" }, "$dynamicAnchor", /\$defs/],
    ["N4: $id", { $id: "urn:x", type: "string" }, "$id", /remove "\$id"/],
    ["$recursiveRef", { $recursiveRef: "#" }, "$recursiveRef", /"\$ref"/],
    ["additionalItems", { prefixItems: [true], additionalItems: false }, "additionalItems", /"items"/],
    ["dependencies", { dependencies: { a: ["b"] } }, "dependencies", /dependentRequired/],
    ["a misspelt keyword", { type: "string", minLenght: 2 }, "minLenght", /did you mean "minLength"/],
    ["$schema inside a subschema", { items: { $schema: "https://json-schema.org/draft/2020-12/schema" } }, "$schema", /remove it/],
    ["$schema of another dialect", { $schema: "http://json-schema.org/draft-07/schema#" }, "$schema", /2020-12/],
    [
      'N2: "#" from inside a place the closure closes',
      { type: "object", properties: { kids: { type: "array", items: { $ref: "#" } } } },
      "$ref",
      /"\$defs"/,
    ],
    ["a $ref to itself", { $ref: "#" }, "$ref", /enters the value/],
    ["a $ref back to its own definition", { $defs: { a: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" }, "$ref", /enters the value/],
    [
      "two definitions referring to each other through allOf",
      { $defs: { a: { $ref: "#/$defs/b" }, b: { allOf: [{ $ref: "#/$defs/a" }] } }, $ref: "#/$defs/a" },
      "$ref",
      /enters the value/,
    ],
    ["a $ref to itself in one branch of anyOf", { anyOf: [{ type: "string" }, { $ref: "#" }] }, "$ref", /enters the value/],
    ["a $ref to an anchor enclosing it, through not", { $defs: { a: { $anchor: "x", not: { $ref: "#x" } } } }, "$ref", /enters the value/],
  ])("%s", (_name, schema, key, fix) => {
    const found = offencesOf(schema).filter((offence) => offence.key === key);
    expect(found, JSON.stringify(offencesOf(schema))).toHaveLength(1);
    expect(found[0]!.fix).toMatch(fix);
  });

  test.each([
    ["items", { type: "array", items: { $ref: "#" } }, JSON.parse("[".repeat(50) + "]".repeat(50)) as unknown, [[1]]],
    [
      "a definition's properties",
      { $defs: { n: { type: "object", properties: { next: { $ref: "#/$defs/n" } } } }, $ref: "#/$defs/n" },
      { next: { next: { next: {} } } },
      { next: { next: 1 } },
    ],
    [
      "two branches naming one definition",
      { $defs: { s: { type: "string" } }, anyOf: [{ $ref: "#/$defs/s" }, { $ref: "#/$defs/s" }] },
      "x",
      1,
    ],
  ])("a recursion through %s enters the value on the way: no loop, and the gate decides", async (_name, schema, valid, invalid) => {
    expect(offencesOf(schema)).toEqual([]);
    expect(await gateAccepts(toolOf({ p: schema }), "complete", { p: valid })).toBe(true);
    expect(await gateAccepts(toolOf({ p: schema }), "complete", { p: invalid })).toBe(false);
  });

  test("N5: { p: 5 } never reaches the handler through an ignored $dynamicRef", () => {
    expect(() => toolOf({ p: { $defs: { s: { $dynamicAnchor: "x", type: "string" } }, $dynamicRef: "#x" } })).not.toThrow();
    expect(() =>
      createRouter({ tools: [toolOf({ p: { $defs: { s: { $dynamicAnchor: "x", type: "string" } }, $dynamicRef: "#x" } })] }),
    ).toThrow(ToolRegistrationError);
  });

  test("annotations pass: x- keywords, the 2020-12 $schema at a property's top (left out of the listing)", () => {
    expect(offencesOf({ type: "string", "x-widget": "date", $schema: "https://json-schema.org/draft/2020-12/schema" })).toEqual([]);
    const schema = listed(toolOf({ p: { type: "string", $schema: "https://json-schema.org/draft/2020-12/schema" } }), "complete");
    expect(schema.inputSchema).toEqual({
      type: "object",
      properties: { p: { type: "string" } },
      required: [],
      additionalProperties: false,
    });
  });
});

describe("N7, N11, N12: flat tools", () => {
  let obtained = 0;
  const add = defineTool({
    name: "math",
    description: "Math",
    flat: true,
    actions: () => {
      obtained++;
      return {
        add: {
          description: "Add",
          properties: {
            a: { type: "number" },
            b: { type: "number" },
            opts: { type: "object", properties: { round: { type: "boolean" } } },
          },
          required: ["a", "b"],
        },
      };
    },
    handlers: { add: ({ a, b }: { a: number; b: number }) => ({ sum: a + b }) },
  });

  test.each<ListingMode>(["compact", "complete", "strict", "gemini"])("N7: callable by its listed name in %s", async (mode) => {
    const router = createRouter({ tools: [add], listing: mode });
    const name = router.listTools()[1]!.name;
    const answer = await router.callTool(name, { a: 1, b: 2 });
    expect(answer.isError, JSON.stringify(answer)).not.toBe(true);
    expect(answer.content).toEqual([{ type: "text", text: '{"sum":3}' }]);
  });

  test.each<ListingMode>(["compact", "complete"])("N11: a call obtains the schema once (%s)", async (mode) => {
    const router = createRouter({ tools: [add], listing: mode });
    const before = obtained;
    await router.callTool(router.listTools()[1]!.name, { a: 1, b: 2 });
    expect(obtained - before).toBe(1);
  });

  test("N12: the flat listing closes nested places as the gate does", async () => {
    const router = createRouter({ tools: [add] });
    const schema = router.listTools()[1]!.inputSchema as unknown as { properties: { opts: Record<string, unknown> } };
    expect(schema.properties.opts.additionalProperties).toBe(false);
    const validate = compile(schema);
    const data = { a: 1, b: 2, opts: { round: true, extra: 1 } };
    expect(validate(data)).toBe(false);
    expect((await router.callTool("math", data)).isError).toBe(true);
  });
});

// ---------------------------------------------------------------- property test: listing verdicts equal the gate's

describe("property: each listed schema compiles in Ajv 2020 and judges random data as the gate does", () => {
  for (const { mode, flat } of LISTED) {
    test.each(Object.keys(FEATURES))(`${mode}${flat ? " flat" : ""}: %s`, async (feature) => {
      const tool = toolOf({ [feature]: FEATURES[feature]! }, { flat });
      const router = createRouter({ tools: [tool], listing: mode });
      const listing = router.listTools().find((entry) => entry.name === "t" || entry.name === "t_go")!;
      const validate = compile(listing.inputSchema);
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          const data = { [feature]: value };
          const args = mode === "compact" && !flat ? { action: "go", data } : data;
          const answer = await router.callTool(listing.name, args);
          expect(validate(data), JSON.stringify(data)).toBe(answer.isError !== true);
        }),
        { numRuns: 150 },
      );
    });
  }
});

describe("N8: strict's null for an absent key is honoured inside anyOf / oneOf branches", () => {
  test.each(["anyOf", "oneOf"])("%s", async (keyword) => {
    const tool = toolOf({
      choice: {
        [keyword]: [
          {
            type: "object",
            properties: { x: { type: "string" }, y: { type: "string" } },
            required: ["x"],
            additionalProperties: false,
          },
          { type: "object", properties: { z: { type: "integer" } }, required: ["z"], additionalProperties: false },
        ],
      },
    });
    const listing = listed(tool, "strict");
    const data = { choice: { x: "a", y: null } };
    expect(compile(listing.inputSchema as object)(data)).toBe(true);
    expect(await gateAccepts(tool, "strict", data)).toBe(true);
    // Where null is listed as a value of no key, it stays refused.
    expect(await gateAccepts(tool, "strict", { choice: { x: null } })).toBe(false);
  });
});

describe("strict lists no object open to keys the gate accepts", () => {
  test.each([
    [
      "an anyOf branch without additionalProperties: false (the closure does not reach into branches)",
      { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "string" }] },
      { a: "s", b: 1 },
    ],
    [
      "a oneOf branch in items",
      { type: "array", items: { oneOf: [{ type: "object", properties: { a: { type: "integer" } } }, { type: "integer" }] } },
      [{ a: 1, c: 2 }],
    ],
    [
      "patternProperties beside properties",
      { type: "object", properties: { a: { type: "string" } }, patternProperties: { "^x": { type: "integer" } } },
      { a: "s", x1: 1 },
    ],
  ])("%s is left out and named; the gate accepts the undeclared key", async (_name, schema, value) => {
    const tool = toolOf({ p: schema });
    const listing = listed(tool, "strict");
    expect(listing.inputSchema.properties).toEqual({});
    expect(listing.description).toContain("Not in this listing (see help): data.p.");
    expect(await gateAccepts(tool, "strict", { p: value })).toBe(true);
  });
});

describe("N13: wording", () => {
  test('type: ["string", "string"] is a duplicate, not a foreign type', () => {
    const found = offencesOf({ type: ["string", "string"] });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ key: "type", problem: '"type" lists "string" twice', fix: "list each type once." });
  });
});

describe("1e400: no non-finite number reaches a handler", () => {
  test.each<PropertySchema>([
    { type: "integer" },
    { type: "number" },
    { type: "integer", minimum: 0 },
    {},
    { type: "array", items: { type: "number" } },
  ])("%j", async (schema) => {
    const received: unknown[] = [];
    const tool = defineTool({
      name: "t",
      description: "T",
      actions: { go: { description: "Go", properties: { n: schema } } },
      handlers: { go: (data: unknown) => received.push(data) },
    });
    const data = JSON.parse('{"n":1e400}') as { n: unknown };
    if ("items" in schema) data.n = [1, -Infinity];
    const answer = await createRouter({ tools: [tool] }).callTool("t", { action: "go", data });
    expect(answer.isError).toBe(true);
    expect(JSON.stringify(answer.content)).toContain("invalid_value");
    expect(received).toEqual([]);
  });
});
