/**
 * Registration fails, in the registering code path, for each offence the
 * gate's wider reading added: a property schema the 2020-12 meta-schema
 * refuses, a nested `required` the closure refuses, a default or an example
 * the gate would refuse, an output schema that is not valid JSON Schema.
 * And obtaining re-checks what it obtains: a schema that goes bad after
 * registration is answered `malformed_action`, its siblings keep serving.
 */
import { describe, expect, test } from "vitest";
import { createRouter, defineTool, ToolRegistrationError, type Offence, type Tool } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";

const toolWith = (schema: object, parts: object = {}): Tool =>
  ({
    name: "orders",
    description: "Orders",
    actions: () => ({ place: schema }),
    handlers: { place: () => "ok" },
    ...parts,
  }) as unknown as Tool;

function registrationError(tool: Tool): ToolRegistrationError {
  try {
    createRouter({ tools: [tool] });
  } catch (error) {
    if (error instanceof ToolRegistrationError) return error;
    throw error;
  }
  throw new Error("registration did not fail");
}

type Row = [name: string, schema: object, expected: Partial<Offence>];

const ROWS: Row[] = [
  [
    "a type name that does not exist",
    { description: "d", properties: { sku: { type: "strng" } } },
    { code: "invalid_schema", location: 'actions["place"].properties["sku"]', key: "type", kind: "shape" },
  ],
  [
    "an invalid pattern",
    { description: "d", properties: { code: { type: "string", pattern: "[" } } },
    { code: "invalid_schema", key: "pattern" },
  ],
  [
    "a bound of the wrong type deep in an array item",
    { description: "d", properties: { rows: { type: "array", items: { type: "object", properties: { n: { maximum: "9" } } } } } },
    { code: "invalid_schema", location: 'actions["place"].properties["rows"]["items"]["properties"]["n"]', key: "maximum" },
  ],
  ["a $ref that points nowhere", { description: "d", properties: { id: { $ref: "#/$defs/id" } } }, { code: "invalid_schema", key: "$ref" }],
  [
    "a nested required the closure refuses",
    { description: "d", properties: { ship: { type: "object", properties: { city: {} }, required: ["town"] } } },
    { code: "unsatisfiable_required", location: 'actions["place"].properties["ship"]["required"]', key: "town", index: 0 },
  ],
  [
    "a default of the wrong type",
    { description: "d", properties: { n: { type: "integer" } }, defaults: { n: "3" } },
    { code: "invalid_default", kind: "default", location: 'actions["place"].defaults', key: "n" },
  ],
  [
    "a default breaking a nested schema",
    {
      description: "d",
      properties: { o: { type: "object", properties: { due: { type: "string", format: "date" } } } },
      defaults: { o: { due: "soon" } },
    },
    { code: "invalid_default", location: 'actions["place"].defaults["o"]', key: "due" },
  ],
  [
    "an example with an undeclared key",
    { description: "d", properties: { name: { type: "string" } }, examples: [{ nmae: "x" }] },
    { code: "invalid_example", kind: "default", location: 'actions["place"].examples[0]', key: "nmae" },
  ],
  [
    "an example missing a required key",
    { description: "d", properties: { name: { type: "string" } }, required: ["name"], examples: [{}] },
    { code: "invalid_example", location: 'actions["place"].examples[0]', key: "name" },
  ],
  [
    "an example with a wrong value",
    { description: "d", properties: { tags: { type: "array", items: { type: "string" } } }, examples: [{ tags: ["a", 2] }] },
    { code: "invalid_example", location: 'actions["place"].examples[0]["tags"]', index: 1 },
  ],
];

describe("registration fails for every value-level offence", () => {
  test.each(ROWS)("%s", (_name, schema, expected) => {
    const error = registrationError(toolWith(schema));
    const offences = error.schemaErrors.flatMap((schemaError) => schemaError.offences);
    expect(offences).toEqual([expect.objectContaining(expected)]);
    expect(offences[0]!.fix).toMatch(/\.$/);
    expect(error.message).toContain(offences[0]!.location);
  });

  test.each([
    [
      "a value that is not JSON beside a wrong one",
      { description: "d", properties: { a: { type: "string" }, n: {} }, required: ["n"], examples: [{ a: 1, n: Number.NaN }] },
      ["invalid_example n", "invalid_example a"],
    ],
    [
      "a Date beside an undeclared key",
      { description: "d", properties: { a: { type: "string" }, n: {} }, examples: [{ zz: 1, n: new Date(0) }] },
      ["invalid_example n", "invalid_example zz"],
    ],
    [
      "a wrong default beside an undeclared one",
      { description: "d", properties: { a: { type: "string" } }, defaults: { a: 1, zz: 1 } },
      ["undeclared_default zz", "invalid_default a"],
    ],
  ])("one error names every offence of author data: %s", (_name, schema, expected) => {
    const offences = registrationError(toolWith(schema)).schemaErrors.flatMap((schemaError) => schemaError.offences);
    expect(offences.map((offence) => `${offence.code} ${String(offence.key)}`).sort()).toEqual([...expected].sort());
  });

  test("an outputSchema that is not valid JSON Schema is a surface offence naming its place", () => {
    const error = registrationError(
      toolWith({ description: "d", properties: {} }, { outputSchema: { type: "object", properties: { id: { type: "integr" } } } }),
    );
    expect(error.surfaceOffences).toEqual([
      expect.objectContaining({
        field: "outputSchema",
        code: "invalid_schema",
        problem: 'outputSchema["properties"]["id"]: "type" is "integr", not a JSON Schema type',
      }),
    ]);
  });

  test("a well-formed tool using the whole dialect registers", () => {
    const schema = {
      description: "d",
      properties: {
        id: { $defs: { positive: { type: "integer", minimum: 1 } }, $ref: "#/$defs/positive" },
        kind: { oneOf: [{ const: "a" }, { const: "b" }] },
        when: { if: { type: "string" }, then: { format: "date" }, else: { type: "null" } },
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
      },
      defaults: { kind: "a" },
      examples: [{ id: 1, pair: ["x", 1] }, { when: null }],
    };
    expect(() => createRouter({ tools: [toolWith(schema)] })).not.toThrow();
  });
});

describe("obtaining re-checks what it obtains", () => {
  test("a property schema that goes bad after registration answers malformed_action; the sibling keeps serving", async () => {
    const place = { description: "Place", properties: { sku: { type: "string" } } as Record<string, unknown> };
    const track = { description: "Track", properties: { id: { type: "integer" } } };
    const tool = {
      name: "orders",
      description: "Orders",
      actions: () => ({ place, track }),
      handlers: { place: () => "placed", track: () => "tracked" },
    } as unknown as Tool;
    const router = createRouter({ tools: [tool] });
    place.properties["sku"] = { type: "strng" };
    const bad = readAnswer(await router.callTool("orders", { action: "place", data: { sku: "x" } }));
    expect(bad.isError).toBe(true);
    expect(bad.body).toMatchObject({
      error: "malformed_action",
      offences: [{ code: "invalid_schema", location: 'actions["place"].properties["sku"]' }],
    });
    expect(readAnswer(await router.callTool("orders", { action: "track", data: { id: 1 } }))).toMatchObject({
      isError: false,
      body: "tracked",
    });
  });

  test("defineTool's frozen declaration is checked once: the compiled value checks are reused, not recompiled per call", async () => {
    const tool = defineTool({
      name: "t",
      description: "T",
      actions: { go: { description: "Go", properties: { n: { type: "integer", minimum: 0 } } } },
      handlers: { go: (data) => data.n ?? 0 },
    });
    const router = createRouter({ tools: [tool] });
    for (const n of [1, 2, 3])
      expect(readAnswer(await router.callTool("t", { action: "go", data: { n } }))).toMatchObject({ isError: false, body: n });
    expect(readAnswer(await router.callTool("t", { action: "go", data: { n: -1 } })).body.problems).toEqual([
      expect.objectContaining({ code: "invalid_value", at: 'data["n"]', keyword: "minimum" }),
    ]);
  });
});
