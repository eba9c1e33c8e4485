/**
 * The fast yes of the value check. Most calls carry valid data, and the
 * validator's cost grows with the structure it walks (location strings,
 * annotation bookkeeping per object), not with the assertions it checks. So
 * the structure wymcp already walks for the closure — `properties`, a
 * single-schema `items`, `additionalProperties` — is walked here, and every
 * other keyword of each schema object is checked by the validator, but for
 * the simple assertions `leaf-acceptor.ts` answers with its semantics.
 *
 * Exact by construction: in draft 2020-12 these three applicators are
 * independent of a schema's other keywords unless `patternProperties`,
 * `prefixItems`, `additionalItems`, `unevaluated*` or a reference (`$ref`,
 * `$dynamicRef`, a scope-changing `$id`/`$anchor`) sits beside them; a
 * schema object with any of those is handed to the validator whole. A no
 * from here is only "look closer": the full validation decides and names
 * the problems.
 */
import { validate, type Schema } from "@cfworker/json-schema";
import { shapedWithout } from "./schema-shape.js";
import { compileLeaf } from "./leaf-acceptor.js";

/** A compiled yes/no for one schema object. */
type Accept = (value: unknown) => boolean;

/** The validator's index of every schema it compiled, by absolute URI. */
export type Lookup = Record<string, Schema | boolean>;

const DRAFT = "2020-12";

/** Keywords whose meaning depends on `properties` / `items` / `additionalProperties` beside them, or that change scope. */
const COUPLED = [
  "patternProperties",
  "prefixItems",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
];

/** The walked applicators, taken out of the part handed to the validator. */
const WALKED = new Set(["properties", "items", "additionalProperties"]);

/** Keywords that assert nothing: a schema object left with only these needs no validator call. */
const ANNOTATIONS = new Set([
  "description",
  "title",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$schema",
  "$defs",
  "definitions",
]);

/**
 * Compiles the fast yes for a schema the validator has dereferenced.
 *
 * @example
 * ```ts
 * const lookup = dereference(copy);
 * const accepts = compileAcceptor(copy, lookup);
 * accepts({ due: "2026-12-01" }); // true
 * ```
 */
export function compileAcceptor(schema: Schema | boolean, lookup: Lookup): Accept {
  if (typeof schema === "boolean") return () => schema;
  if (COUPLED.some((keyword) => (schema as Record<string, unknown>)[keyword] !== undefined) || Array.isArray(schema.items)) {
    return (value) => validate(value, schema, DRAFT, lookup, true).valid;
  }
  const asserting: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema))
    if (value !== undefined && !WALKED.has(keyword) && !ANNOTATIONS.has(keyword)) asserting[keyword] = value;
  // The part handed to the validator is built only for a schema the leaf fast yes cannot answer.
  let rest: Schema | undefined;
  const own =
    Object.keys(asserting).length === 0
      ? undefined
      : (compileLeaf(asserting) ??
        ((value: unknown) => validate(value, (rest ??= shapedWithout(schema, WALKED)), DRAFT, lookup, true).valid));
  const properties =
    schema.properties === undefined
      ? undefined
      : new Map(Object.entries(schema.properties).map(([name, inner]) => [name, compileAcceptor(inner, lookup)]));
  const additional = schema.additionalProperties === undefined ? undefined : compileAcceptor(schema.additionalProperties, lookup);
  const items = schema.items === undefined ? undefined : compileAcceptor(schema.items, lookup);
  return (value) => {
    if (own !== undefined && !own(value)) return false;
    if (typeof value !== "object" || value === null) return true;
    if (Array.isArray(value)) return items === undefined || value.every((element) => items(element));
    if (properties === undefined && additional === undefined) return true;
    for (const key of Object.keys(value)) {
      const check = properties?.get(key) ?? additional;
      if (check !== undefined && !check((value as Record<string, unknown>)[key])) return false;
    }
    return true;
  };
}
