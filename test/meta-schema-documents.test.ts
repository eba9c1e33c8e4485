import { schemaArrayKeyword, schemaKeyword, schemaMapKeyword } from "@cfworker/json-schema";
import { describe, expect, test } from "vitest";
import { DIALECT, META_SCHEMA_DOCUMENTS } from "../src/validation/json-schema/meta-schema-documents.js";
import { compiledMetaSchema } from "../src/validation/json-schema/meta-schema.js";
import { compileSchema } from "../src/validation/json-schema/validator.js";
import { PUBLISHED_META_SCHEMA } from "./support/published-meta-schema.js";

/**
 * The runtime carries the 2020-12 meta-schema without what the validator
 * never reads: it must be the published documents with exactly those
 * members left out, and check every schema as they do.
 */

/** What the validator never reads in a schema object: annotations, and the dialect a document names. */
const UNREAD = new Set(["title", "description", "$comment", "deprecated", "default", "$schema"]);

/** A meta-schema document without its unread members, subschema by subschema (a property named `default` stays). */
function withoutUnread(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !UNREAD.has(key))
      .map(([key, value]) => {
        if (schemaKeyword[key] === true) return [key, withoutUnread(value)];
        if (schemaArrayKeyword[key] === true && Array.isArray(value)) return [key, value.map(withoutUnread)];
        if (schemaMapKeyword[key] === true)
          return [key, Object.fromEntries(Object.entries(value as object).map(([name, inner]) => [name, withoutUnread(inner)]))];
        return [key, value];
      }),
  );
}

const published = compileSchema({
  $defs: Object.fromEntries(PUBLISHED_META_SCHEMA.map((document, index) => [`document${index}`, document])),
  $ref: DIALECT,
});

describe("the meta-schema the runtime carries", () => {
  test("is the published documents without their annotations and $schema", () => {
    expect(META_SCHEMA_DOCUMENTS).toEqual(PUBLISHED_META_SCHEMA.map(withoutUnread));
    // Property names that are keywords of the meta-data vocabulary stay: they are not annotations here.
    expect(JSON.stringify(META_SCHEMA_DOCUMENTS)).toContain('"default":true');
  });

  test.each([
    [{ type: "strng" }],
    [{ minimum: "1", maxLength: -1, multipleOf: 0 }],
    [{ pattern: "(", required: ["a", "a"], enum: 3 }],
    [{ $id: "#x", $anchor: "1a", $schema: "not a uri", $vocabulary: { x: 1 } }],
    [{ anyOf: [], items: [true], properties: { a: 3 }, patternProperties: { "(": true } }],
    [{ dependencies: { a: 1 }, dependentRequired: { a: [1] }, $recursiveRef: 1, definitions: 1, deprecated: "yes", default: 1 }],
    [{ contentSchema: 1, readOnly: 1, title: 1, $comment: 1, format: 1, unevaluatedItems: 1 }],
    [[]],
    ["schema"],
  ])("and finds in %j what the published documents find", (schema) => {
    expect(compiledMetaSchema().failures(schema)).toEqual(published.failures(schema));
    expect(compiledMetaSchema().failures(schema).named.length).toBeGreaterThan(0);
  });
});
