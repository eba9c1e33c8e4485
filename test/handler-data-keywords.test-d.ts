/**
 * A handler's `data` matches what the call gate admits, keyword by keyword
 * (JSON Schema draft 2020-12 plus the closure). Each case declares a real
 * tool, so the types are inferred exactly as an author's are (`const`
 * inference through `defineTool`), and pins the handler's view with
 * `toEqualTypeOf` — a wider or narrower type fails the test.
 */
import { describe, expectTypeOf, test } from "vitest";
import { defineTool, type ActionData, type InferSchema } from "../src/index.js";

/**
 * The handler's view of an optional property `v` declared with `schema`:
 * the literal is inferred as `defineTool` infers it (a `const` type
 * parameter), then read through `ActionData` as a handler's `data` is.
 */
declare function dataOf<const P extends object>(schema: P): ActionData<{ description: "A"; properties: { v: P } }>["v"];

describe("type", () => {
  test("each JSON type; integer is a number", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        a: {
          description: "A",
          properties: {
            s: { type: "string" },
            n: { type: "number" },
            i: { type: "integer" },
            b: { type: "boolean" },
            z: { type: "null" },
            o: { type: "object" },
            l: { type: "array" },
          },
          required: ["s", "n", "i", "b", "z", "o", "l"],
        },
      },
      handlers: {
        a: (data) =>
          expectTypeOf(data).toEqualTypeOf<{
            s: string;
            n: number;
            i: number;
            b: boolean;
            z: null;
            o: { [key: string]: unknown };
            l: unknown[];
          }>(),
      },
    });
  });

  test("a list of types is their union; null only where listed", () => {
    expectTypeOf<InferSchema<{ type: ["string", "null"] }>>().toEqualTypeOf<string | null>();
    expectTypeOf<InferSchema<{ type: ["integer", "boolean"] }>>().toEqualTypeOf<number | boolean>();
    expectTypeOf<InferSchema<{ type: ["array", "null"]; items: { type: "string" } }>>().toEqualTypeOf<string[] | null>();
    expectTypeOf<InferSchema<{ type: ["object", "null"]; properties: { a: { type: "string" } } }>>().toEqualTypeOf<{ a?: string } | null>();
    // A single type never admits null: the gate refuses it.
    expectTypeOf<InferSchema<{ type: "string" }>>().not.toEqualTypeOf<string | null>();
  });

  test("without type a schema admits every JSON type: unknown unless enum, const, $ref or a combinator narrows it", () => {
    expectTypeOf<InferSchema<{}>>().toEqualTypeOf<unknown>();
    expectTypeOf<InferSchema<{ minLength: 1 }>>().toEqualTypeOf<unknown>();
    // `properties` alone does not make an object: the gate lets `"text"` through such a schema.
    expectTypeOf<InferSchema<{ properties: { a: { type: "string" } } }>>().toEqualTypeOf<unknown>();
  });
});

describe("enum and const", () => {
  test("the listed values, narrowed by type", () => {
    expectTypeOf(dataOf({ enum: ["open", "closed", 3, null] })).toEqualTypeOf<"open" | "closed" | 3 | null | undefined>();
    expectTypeOf(dataOf({ type: "string", enum: ["a", "b", null] })).toEqualTypeOf<"a" | "b" | undefined>();
    expectTypeOf(dataOf({ type: ["string", "null"], enum: ["a", null] })).toEqualTypeOf<"a" | null | undefined>();
    expectTypeOf(dataOf({ const: 42 })).toEqualTypeOf<42 | undefined>();
    expectTypeOf(dataOf({ const: null })).toEqualTypeOf<null | undefined>();
    expectTypeOf(dataOf({ type: "integer", const: 7 })).toEqualTypeOf<7 | undefined>();
  });
});

describe("anyOf, oneOf, allOf", () => {
  test("anyOf and oneOf are the union of their branches", () => {
    expectTypeOf(dataOf({ anyOf: [{ type: "string" }, { type: "null" }] })).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(
      dataOf({
        oneOf: [
          { type: "object", properties: { kind: { const: "circle" }, r: { type: "number" } }, required: ["kind", "r"] },
          { type: "object", properties: { kind: { const: "square" }, side: { type: "number" } }, required: ["kind", "side"] },
        ],
      }),
    ).toEqualTypeOf<{ kind: "circle"; r: number } | { kind: "square"; side: number } | undefined>();
  });

  test("a branch that only adds constraints keeps the outer type", () => {
    expectTypeOf(dataOf({ type: "string", anyOf: [{ minLength: 1 }, { pattern: "^x" }] })).toEqualTypeOf<string | undefined>();
    expectTypeOf(dataOf({ type: ["string", "number"], oneOf: [{ type: "string" }, { type: "boolean" }] })).toEqualTypeOf<
      string | undefined
    >();
  });

  test("allOf is the intersection, object intersections flattened", () => {
    expectTypeOf(
      dataOf({
        allOf: [
          { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
          { type: "object", properties: { name: { type: "string" } } },
        ],
      }),
    ).toEqualTypeOf<{ id: number; name?: string } | undefined>();
    expectTypeOf(dataOf({ allOf: [{ type: ["string", "null"] }, { type: "string" }] })).toEqualTypeOf<string | undefined>();
  });
});

describe("arrays", () => {
  test("a single-schema items: an array of it; items false: the empty tuple", () => {
    expectTypeOf(dataOf({ type: "array", items: { type: "integer" } })).toEqualTypeOf<number[] | undefined>();
    expectTypeOf(dataOf({ type: "array", items: { type: "array", items: { type: "string" } } })).toEqualTypeOf<string[][] | undefined>();
    expectTypeOf(dataOf({ type: "array", items: false })).toEqualTypeOf<[] | undefined>();
    expectTypeOf(dataOf({ type: "array", items: true })).toEqualTypeOf<unknown[] | undefined>();
  });

  test("prefixItems: a tuple; the first minItems present, the rest optional (a shorter array passes the gate)", () => {
    expectTypeOf(dataOf({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false, minItems: 2 })).toEqualTypeOf<
      [string, number] | undefined
    >();
    expectTypeOf(dataOf({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false, minItems: 1 })).toEqualTypeOf<
      [string, number?] | undefined
    >();
    expectTypeOf(dataOf({ type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false })).toEqualTypeOf<
      [string?, number?] | undefined
    >();
  });

  test("after the prefix: the items schema, nothing for items false, anything when absent", () => {
    expectTypeOf(dataOf({ type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" }, minItems: 1 })).toEqualTypeOf<
      [string, ...boolean[]] | undefined
    >();
    expectTypeOf(dataOf({ type: "array", prefixItems: [{ type: "string" }], minItems: 1 })).toEqualTypeOf<
      [string, ...unknown[]] | undefined
    >();
  });

  test("the legacy items array is a tuple too, additionalItems its rest", () => {
    expectTypeOf(
      dataOf({ type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false, minItems: 2 }),
    ).toEqualTypeOf<[string, number] | undefined>();
    expectTypeOf(dataOf({ type: "array", items: [{ type: "string" }], additionalItems: { type: "null" } })).toEqualTypeOf<
      [string?, ...null[]] | undefined
    >();
  });
});

describe("objects", () => {
  test("nested properties and required, at every depth", () => {
    expectTypeOf(
      dataOf({
        type: "object",
        properties: {
          owner: { type: "object", properties: { id: { type: "integer" }, email: { type: "string" } }, required: ["id"] },
          tags: { type: "array", items: { type: "string" } },
        },
        required: ["owner"],
      }),
    ).toEqualTypeOf<{ owner: { id: number; email?: string }; tags?: string[] } | undefined>();
  });

  test("additionalProperties false or absent beside properties: only the declared names", () => {
    expectTypeOf(dataOf({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false })).toEqualTypeOf<
      { a?: string } | undefined
    >();
    expectTypeOf(dataOf({ type: "object", additionalProperties: false })).toEqualTypeOf<{} | undefined>();
  });

  test("an additionalProperties schema without properties: an index signature of it; required names present", () => {
    expectTypeOf(dataOf({ type: "object", additionalProperties: { type: "integer" } })).toEqualTypeOf<
      { [key: string]: number } | undefined
    >();
    expectTypeOf(dataOf({ type: "object", additionalProperties: { type: "string" }, required: ["lang"] })).toEqualTypeOf<
      { [key: string]: string; lang: string } | undefined
    >();
  });

  test("additionalProperties beside properties: declared keys keep their types, the index signature is the union", () => {
    expectTypeOf(
      dataOf({
        type: "object",
        properties: { id: { type: "integer" }, note: { type: "string" } },
        required: ["id"],
        additionalProperties: { type: "boolean" },
      }),
    ).toEqualTypeOf<{ [key: string]: boolean | number | string | undefined; id: number; note?: string } | undefined>();
    expectTypeOf(
      dataOf({ type: "object", properties: { id: { type: "integer" } }, required: ["id"], additionalProperties: true }),
    ).toEqualTypeOf<{ [key: string]: unknown; id: number } | undefined>();
  });

  test("an extra-key place also admits patternProperties' values", () => {
    expectTypeOf(
      dataOf({ type: "object", patternProperties: { "^n_": { type: "number" } }, additionalProperties: { type: "string" } }),
    ).toEqualTypeOf<{ [key: string]: string | number } | undefined>();
  });
});

describe("$ref", () => {
  test("#/$defs/Name resolves against the property's own $defs", () => {
    expectTypeOf(
      dataOf({
        type: "object",
        properties: { home: { $ref: "#/$defs/address" }, work: { $ref: "#/$defs/address" } },
        required: ["home"],
        $defs: { address: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
      }),
    ).toEqualTypeOf<{ home: { city: string }; work?: { city: string } } | undefined>();
  });

  test("a reference at the top of a property, and other local pointers", () => {
    expectTypeOf(dataOf({ $ref: "#/$defs/id", $defs: { id: { type: "integer" } } })).toEqualTypeOf<number | undefined>();
    expectTypeOf(dataOf({ $ref: "#/definitions/id", definitions: { id: { type: "string" } } })).toEqualTypeOf<string | undefined>();
    expectTypeOf(dataOf({ type: "array", items: { $ref: "#/$defs/a~1b" }, $defs: { "a/b": { type: "boolean" } } })).toEqualTypeOf<
      boolean[] | undefined
    >();
  });

  test("recursive schemas are followed a bounded depth", () => {
    type Node = InferSchema<{
      $ref: "#/$defs/node";
      $defs: { node: { type: "object"; properties: { value: { type: "number" }; next: { $ref: "#/$defs/node" } }; required: ["value"] } };
    }>;
    expectTypeOf<Node["value"]>().toEqualTypeOf<number>();
    expectTypeOf<NonNullable<NonNullable<Node["next"]>["next"]>["value"]>().toEqualTypeOf<number>();
  });

  test("what cannot be resolved is unknown: a remote reference, a missing definition", () => {
    expectTypeOf(dataOf({ $ref: "https://example.com/schema.json" })).toEqualTypeOf<unknown>();
    expectTypeOf(dataOf({ $ref: "#/$defs/missing", $defs: {} })).toEqualTypeOf<unknown>();
  });
});

describe("anything unseen stays unknown", () => {
  test("a boolean schema, an unknown keyword, a wide schema", () => {
    expectTypeOf<InferSchema<true>>().toEqualTypeOf<unknown>();
    expectTypeOf<InferSchema<false>>().toEqualTypeOf<never>();
    expectTypeOf<InferSchema<{ "x-widget": "date" }>>().toEqualTypeOf<unknown>();
    expectTypeOf<InferSchema<{ [keyword: string]: unknown }>>().toEqualTypeOf<unknown>();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the point: a schema typed any
    expectTypeOf<InferSchema<any>>().toEqualTypeOf<unknown>();
  });
});
