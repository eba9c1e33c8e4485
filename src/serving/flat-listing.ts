/**
 * The `inputSchema` of a flat tool: its one action's data schema as one
 * JSON Schema 2020-12 document, closed at the top as the gate closes it
 * (`additionalProperties: false`), `requiredOneOf` as `anyOf` of
 * `required` groups. A property's own `$defs` move to the document's root,
 * where its `#/$defs/…` references then point; a name two properties define
 * differently stays in its property, its references rewritten to the
 * property's place.
 */
import type { CheckedActionSchema } from "../validation/obtaining.js";
import { deepCopy } from "../util/deep-copy.js";

/** The JSON Schema dialect every property schema is written in. */
export const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

type Json = Record<string, unknown>;

/**
 * @example
 * ```ts
 * flatInputSchema({ description: "Add", properties: { a: { type: "number" } }, required: ["a"] });
 * // { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object",
 * //   properties: { a: { type: "number" } }, required: ["a"], additionalProperties: false }
 * ```
 */
export function flatInputSchema(schema: CheckedActionSchema): { readonly type: "object"; readonly [keyword: string]: unknown } {
  const properties = deepCopy(schema.properties) as Record<string, unknown>;
  const defs: Json = {};
  const local: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    // A boolean schema has no $defs.
    if (typeof property !== "object" || property === null) continue;
    const own = (property as Json).$defs;
    if (typeof own !== "object" || own === null || Array.isArray(own)) continue;
    const clashes = Object.entries(own).some(
      ([key, value]) => Object.hasOwn(defs, key) && JSON.stringify(defs[key]) !== JSON.stringify(value),
    );
    if (clashes) {
      local.push(name);
      continue;
    }
    Object.assign(defs, own);
    delete (property as Json).$defs;
  }
  for (const name of local) properties[name] = rewriteRefs(properties[name], `#/properties/${pointerToken(name)}/$defs/`);
  const required = schema.required;
  const groups = schema.requiredOneOf;
  return {
    $schema: DRAFT_2020_12,
    type: "object",
    properties,
    ...(required === undefined || required.length === 0 ? {} : { required: [...required] }),
    ...(groups === undefined || groups.length === 0 ? {} : { anyOf: groups.map((group) => ({ required: [...group] })) }),
    additionalProperties: false,
    ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }),
  };
}

/** A JSON Pointer token (RFC 6901): `~` and `/` escaped. */
function pointerToken(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** `#/$defs/…` references inside a value, pointed at `base` instead (a copy; the value is a tree). */
function rewriteRefs(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => rewriteRefs(entry, base));
  if (typeof value !== "object" || value === null) return value;
  const out: Json = {};
  for (const [key, entry] of Object.entries(value)) {
    out[key] =
      key === "$ref" && typeof entry === "string" && entry.startsWith("#/$defs/")
        ? base + entry.slice("#/$defs/".length)
        : rewriteRefs(entry, base);
  }
  return out;
}
