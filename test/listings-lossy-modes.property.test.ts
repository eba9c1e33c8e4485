/**
 * The strict and gemini listings tell the truth within what they document:
 * for every JSON Schema feature the gate supports (and the shapes providers
 * read well), a property the mode lists is accepted unchanged by the
 * provider's own converter, compiles in Ajv 2020, and never turns away data
 * the gate accepts once the data takes the mode's form (strict: every key
 * sent, `null` for one left out; gemini: no `null` for a key left out); where
 * the mode keeps every keyword, the listing also refuses what the gate
 * refuses. A property the mode cannot express is left out and named in the
 * action's description.
 */
import fc from "fast-check";
import Ajv2020Module from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { createRouter, defineTool, type ListingMode, type PropertySchema, type ToolListing } from "../src/index.js";
import { FEATURES, values } from "./support/listing-features.js";
import { anthropicStrict, geminiDeclarations, maskTypeArrays, openAiStrict, schemaPlaces } from "./support/provider-helpers.js";

type AjvClass = typeof Ajv2020Module.default;
type Json = Record<string, unknown>;
const Ajv2020: AjvClass = (Ajv2020Module as unknown as { default?: AjvClass }).default ?? (Ajv2020Module as unknown as AjvClass);

/** Gemini's OpenAPI subset carries `nullable`, which Ajv reads as an unknown keyword: strictness off for it. */
const compile = (schema: object, mode: ListingMode) =>
  new Ajv2020({
    strict: mode === "strict",
    strictTypes: false,
    strictRequired: false,
    validateFormats: false,
    allowMatchingProperties: true,
  }).compile(mode === "gemini" ? withNullable(schema) : schema);

/** Shapes the providers express in full, beside the gate's feature table. */
const PROVIDER_SHAPES: Record<string, Json> = {
  choice: { type: "string", enum: ["a", "ab", "no"] },
  tags: { type: "array", items: { type: "string", minLength: 1 }, maxItems: 3 },
  code: { type: "string", pattern: "^[a-c]+$" },
  either: { anyOf: [{ type: "integer" }, { type: "string" }] },
  flag: { type: "boolean" },
  maybe: { type: ["integer", "null"] },
  nested: { type: "object", properties: { k: { type: "integer" }, n: { type: "object", properties: { m: { type: "string" } } } } },
};

const SHAPES = { ...FEATURES, ...PROVIDER_SHAPES } as Record<string, PropertySchema>;

function listingOf(property: string, mode: ListingMode) {
  const tool = defineTool({
    name: "t",
    description: "T",
    actions: { go: { description: "Go", properties: { [property]: SHAPES[property]! } } },
    handlers: { go: () => ({ ok: true }) },
  });
  const router = createRouter({ tools: [tool], listing: mode });
  return { router, listing: router.listTools().find((entry) => entry.name === "t_go")! };
}

describe.each<ListingMode>(["strict", "gemini"])("%s", (mode) => {
  test.each(Object.keys(SHAPES))("%s", async (property) => {
    const { router, listing } = listingOf(property, mode);
    const properties = listing.inputSchema.properties as Json;
    if (!(property in properties)) {
      expect(listing.description, "a property left out is named in the description").toContain(property);
      return;
    }
    await expectProvidersAccept(listing, mode);
    const validate = compile(listing.inputSchema, mode);
    // Keywords the mode does not enforce are moved into descriptions: only then may the listing admit more than the gate.
    // Gemini lists no additionalProperties: there the gate alone closes an object.
    const keptWhole = ![...schemaPlaces(properties[property])].some(
      ([, place]) => "description" in place || (mode === "gemini" && "properties" in place),
    );
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        const data = { [property]: value };
        const formed = inModeForm(data, listing.inputSchema, mode);
        const gate = (await router.callTool("t_go", data)).isError !== true;
        if (gate) {
          expect(validate(formed), `listing refuses ${JSON.stringify(formed)}, which the gate accepts`).toBe(true);
          expect((await router.callTool("t_go", formed)).isError, `the gate reads ${JSON.stringify(formed)} as it read the data`).not.toBe(
            true,
          );
        } else if (keptWhole) {
          expect(validate(formed), `listing accepts ${JSON.stringify(formed)}, which the gate refuses`).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });
});

/** The providers' own converters take the listing as it is. */
async function expectProvidersAccept(listing: ToolListing, mode: ListingMode): Promise<void> {
  if (mode === "strict") {
    expect(openAiStrict(listing.inputSchema)).toEqual(listing.inputSchema);
    expect(maskTypeArrays(anthropicStrict(listing.inputSchema))).toEqual(maskTypeArrays(listing.inputSchema));
    return;
  }
  const [declaration] = await geminiDeclarations([listing]);
  expect(declaration).toMatchObject({ name: listing.name });
  expect(declaration!["parameters"] ?? declaration!["parametersJsonSchema"]).toBeDefined();
}

/**
 * Data as the mode asks a model to send it: strict sends every key, `null`
 * for one left out; gemini never sends `null` for a key whose listed schema
 * is not nullable. The gate reads both as the data itself.
 */
function inModeForm(data: unknown, schema: unknown, mode: ListingMode): unknown {
  if (!isObject(data) || !isObject(schema) || !isObject(schema["properties"])) return data;
  const listed = schema["properties"];
  const formed: Json = {};
  for (const [key, value] of Object.entries(data)) {
    if (mode === "gemini" && value === null && isObject(listed[key]) && listed[key]["nullable"] !== true) continue;
    formed[key] = key in listed ? inModeForm(value, listed[key], mode) : value;
  }
  if (mode === "strict" && Array.isArray(schema["required"]))
    for (const key of schema["required"] as string[]) if (!(key in formed)) formed[key] = null;
  return formed;
}

/** Gemini's `nullable: true` as the type list Ajv reads. */
function withNullable(schema: unknown): Json {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    if (!isObject(value) || value["nullable"] !== true) return value;
    const { nullable: _, type, ...rest } = value;
    return { ...rest, type: [type, "null"] };
  }) as Json;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
