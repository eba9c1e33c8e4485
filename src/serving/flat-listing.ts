/**
 * The `inputSchema` of a flat tool: its one action's data schema as one
 * JSON Schema 2020-12 document, by the complete listing's rule — every
 * place the gate closes closed (`additionalProperties: false`), each
 * property's definitions at the root `$defs` and its references rewritten
 * to match (`rerootProperties`: no two properties' definitions or anchors clash),
 * defaults beside the keys they fill — with `requiredOneOf` as `anyOf` of
 * `required` groups.
 */
import type { CheckedActionSchema } from "../validation/obtaining.js";
import { defaultsOf, requiredOf, requiredOneOfOf } from "../validation/schema-read.js";
import { listedDataSchema } from "./listing-schema.js";

/** The JSON Schema dialect every property schema is written in. */
export const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * @example
 * ```ts
 * flatInputSchema({ description: "Add", properties: { a: { type: "number" } }, required: ["a"] });
 * // { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object",
 * //   properties: { a: { type: "number" } }, required: ["a"], additionalProperties: false }
 * ```
 */
export function flatInputSchema(schema: CheckedActionSchema): { readonly type: "object"; readonly [keyword: string]: unknown } {
  const { schema: listed } = listedDataSchema(schema.properties, requiredOf(schema), defaultsOf(schema), "complete");
  const { type: _type, required, ...rest } = listed;
  const groups = requiredOneOfOf(schema);
  return {
    $schema: DRAFT_2020_12,
    type: "object",
    ...rest,
    ...((required as unknown[]).length === 0 ? {} : { required }),
    ...(groups.length === 0 ? {} : { anyOf: groups.map((group) => ({ required: [...group] })) }),
  };
}
