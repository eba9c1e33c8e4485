/**
 * The JSON Schema vocabulary of a property schema, as a closed list: the
 * 2020-12 keywords the gate honours, and for every other keyword an offence
 * with its fix. One list read at the build, at registration and at
 * obtaining (through the meta-schema check), so what the gate ignores is
 * never accepted and never published: `$dynamicRef` is refused, not
 * skipped; a tuple `items` is refused with the `prefixItems` form as fix.
 * Keywords starting `x-` are annotations of other tools and pass through.
 */
import { closest } from "../../util/suggest.js";

/** The 2020-12 keywords a property schema may carry: each is checked by the meta-schema and honoured by the gate (or is an annotation). */
export const SUPPORTED_KEYWORDS: readonly string[] = [
  // Core (references stay inside the property: see REFUSED for $id and the dynamic pair).
  "$ref",
  "$defs",
  "$anchor",
  "$comment",
  "$schema",
  // Applicators.
  "prefixItems",
  "items",
  "contains",
  "additionalProperties",
  "properties",
  "patternProperties",
  "dependentSchemas",
  "propertyNames",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "unevaluatedItems",
  "unevaluatedProperties",
  // Validation.
  "type",
  "const",
  "enum",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  // Annotations: meta-data, format, content.
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "format",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  // 2020-12 keeps the name reserved; references may point into it.
  "definitions",
];

const SUPPORTED = new Set(SUPPORTED_KEYWORDS);

const VIA_DEFS = 'name the schema in this property\'s "$defs" and reach it with "$ref": "#/$defs/<name>".';

/** Keywords the gate does not honour, each with its problem and fix. */
export const REFUSED_KEYWORDS: Readonly<Record<string, { readonly problem: string; readonly fix: string }>> = {
  $dynamicRef: { problem: '"$dynamicRef" is not followed by the gate', fix: `write "$ref" instead: ${VIA_DEFS}` },
  $dynamicAnchor: { problem: '"$dynamicAnchor" is not followed by the gate', fix: `remove it; ${VIA_DEFS}` },
  $recursiveRef: { problem: '"$recursiveRef" is a draft 2019-09 keyword, not 2020-12', fix: `write "$ref" instead: ${VIA_DEFS}` },
  $recursiveAnchor: { problem: '"$recursiveAnchor" is a draft 2019-09 keyword, not 2020-12', fix: `remove it; ${VIA_DEFS}` },
  $id: {
    problem: '"$id" in a property schema would change what its references mean once the property is listed inside a tool\'s input schema',
    fix: `remove "$id"; ${VIA_DEFS}`,
  },
  $vocabulary: { problem: '"$vocabulary" belongs to a meta-schema, not a property schema', fix: "remove it." },
  additionalItems: {
    problem: '"additionalItems" is not a 2020-12 keyword',
    fix: 'write the tuple as "prefixItems": [ … ] and the rest as "items" (false for no more entries).',
  },
  dependencies: {
    problem: '"dependencies" is not a 2020-12 keyword',
    fix: 'write "dependentRequired" for lists of property names, "dependentSchemas" for schemas.',
  },
};

const ANNOTATION_FIX = 'remove it, or prefix an annotation for another tool with "x-".';

/** The dialect a `$schema` may name. */
export const DIALECT_URI = "https://json-schema.org/draft/2020-12/schema";

/**
 * The offence of one keyword of a schema object, or `undefined` when the
 * keyword is supported. `value` is the keyword's value; `atRoot` whether
 * the object is the property schema itself (the only place `$schema` may sit).
 *
 * @example
 * ```ts
 * keywordFault("items", [{ type: "string" }], false)?.fix; // 'write the tuple as "prefixItems": [{ … }, …] …'
 * keywordFault("minLenght", 1, false)?.fix;               // 'did you mean "minLength"? …'
 * ```
 */
export function keywordFault(keyword: string, value: unknown, atRoot: boolean): { problem: string; fix: string } | undefined {
  if (keyword === "items" && Array.isArray(value))
    return {
      problem: '"items" is an array (the tuple form of drafts before 2020-12, where "items" is one schema)',
      fix: 'write the tuple as "prefixItems": [ … ], and "items": false to allow no more entries.',
    };
  if (keyword === "$schema" && (!atRoot || value !== DIALECT_URI))
    return {
      problem: atRoot ? `"$schema" is ${JSON.stringify(value)}, not the 2020-12 dialect` : '"$schema" sits inside a subschema',
      fix: `remove it (every property schema is read as 2020-12), or write ${JSON.stringify(DIALECT_URI)} at the property schema's top.`,
    };
  if (SUPPORTED.has(keyword) || keyword.startsWith("x-")) return undefined;
  const refused = REFUSED_KEYWORDS[keyword];
  if (refused !== undefined) return refused;
  const guess = closest(keyword, SUPPORTED_KEYWORDS);
  return {
    problem: `unknown keyword ${JSON.stringify(keyword)}: the gate would not check it`,
    fix: `${guess === undefined ? "" : `did you mean ${JSON.stringify(guess)}? Otherwise `}${ANNOTATION_FIX}`,
  };
}
