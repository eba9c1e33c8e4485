/**
 * The copy of a schema the validator runs on: every schema object built
 * with the same keys in the same order (absent keywords `undefined`, which
 * the validator reads as absent). The validator reads ~45 keywords of every
 * schema object it visits; when all those objects share one shape, the
 * engine reads them as one hidden class instead of many, and the check of a
 * leaf costs about a fifth. Annotations (`description`, `examples`…) and
 * keywords the validator does not know are left out: they assert nothing.
 */
import { schemaArrayKeyword, schemaKeyword, schemaMapKeyword, type Schema } from "@cfworker/json-schema";
import { deepCopy } from "../../util/deep-copy.js";

/** One schema object with every keyword the validator reads, all absent: the single shape. */
function blank(): Record<string, unknown> {
  return {
    $ref: undefined,
    $recursiveRef: undefined,
    $recursiveAnchor: undefined,
    type: undefined,
    const: undefined,
    enum: undefined,
    required: undefined,
    not: undefined,
    anyOf: undefined,
    allOf: undefined,
    oneOf: undefined,
    if: undefined,
    then: undefined,
    else: undefined,
    format: undefined,
    properties: undefined,
    patternProperties: undefined,
    additionalProperties: undefined,
    unevaluatedProperties: undefined,
    minProperties: undefined,
    maxProperties: undefined,
    propertyNames: undefined,
    dependentRequired: undefined,
    dependentSchemas: undefined,
    dependencies: undefined,
    prefixItems: undefined,
    items: undefined,
    additionalItems: undefined,
    unevaluatedItems: undefined,
    contains: undefined,
    minContains: undefined,
    maxContains: undefined,
    minItems: undefined,
    maxItems: undefined,
    uniqueItems: undefined,
    minimum: undefined,
    maximum: undefined,
    exclusiveMinimum: undefined,
    exclusiveMaximum: undefined,
    multipleOf: undefined,
    minLength: undefined,
    maxLength: undefined,
    pattern: undefined,
    $id: undefined,
    $anchor: undefined,
    $defs: undefined,
    definitions: undefined,
  };
}

const KNOWN = new Set(Object.keys(blank()));

/**
 * Whether the validator reads a keyword (the shaped copy keeps it): any
 * other keyword asserts nothing.
 *
 * @example
 * ```ts
 * validatorReads("minLength"); // true
 * validatorReads("readOnly");  // false
 * ```
 */
export function validatorReads(keyword: string): boolean {
  return KNOWN.has(keyword);
}

/**
 * The shaped copy of a schema (a checked one: a tree, of bounded depth).
 *
 * @example
 * ```ts
 * const copy = shapedCopy({ type: "string", description: "A name" });
 * copy.type; // "string"; copy.description is left out, copy.minLength is undefined
 * ```
 */
export function shapedCopy(schema: unknown): Schema | boolean {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return deepCopy(schema) as Schema;
  return shaped(schema as Record<string, unknown>, blank());
}

/** Fills `target` (a `blank()` or a part of one) from `schema`: subschemas shaped, other values copied; `left` left out. */
export function shaped(schema: Readonly<Record<string, unknown>>, target: Record<string, unknown>, left?: ReadonlySet<string>): Schema {
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN.has(keyword) || !Object.hasOwn(target, keyword) || left?.has(keyword) === true) continue;
    const value = schema[keyword];
    if (value === undefined) continue;
    if (schemaKeyword[keyword] === true && !Array.isArray(value)) target[keyword] = shapedCopy(value);
    else if ((schemaArrayKeyword[keyword] === true || keyword === "items") && Array.isArray(value)) target[keyword] = value.map(shapedCopy);
    else if (schemaMapKeyword[keyword] === true && typeof value === "object" && value !== null) {
      target[keyword] = Object.fromEntries(Object.keys(value).map((name) => [name, shapedCopy((value as Record<string, unknown>)[name])]));
    } else target[keyword] = deepCopy(value);
  }
  return target;
}

/**
 * The shaped copy of a schema object's keywords except `left`: what the
 * validator checks of a schema whose `left` keywords are walked elsewhere.
 *
 * @example
 * ```ts
 * shapedExcept({ type: "object", format: "x", properties: { a: {} } }, new Set(["properties"])); // type and format, shaped
 * ```
 */
export function shapedExcept(schema: Schema, left: ReadonlySet<string>): Schema {
  return shaped(schema, blank(), left);
}

/**
 * A schema object of the single shape holding `schema`'s keywords except
 * `left` (already shaped, so values are shared, not copied again).
 */
export function shapedWithout(schema: Schema, left: ReadonlySet<string>): Schema {
  const target = blank();
  for (const keyword of Object.keys(target)) if (!left.has(keyword)) target[keyword] = (schema as Record<string, unknown>)[keyword];
  return target;
}
