/**
 * The meta-schema check's fast yes: a subschema copy (its own subschemas
 * already replaced by `true`, see `meta-view.ts`) written only with the
 * common keywords, each of the type the 2020-12 meta-schema asks for, is
 * valid without asking the validator — which then never even compiles the
 * meta-schema for a project of ordinary schemas. Anything else (a reference,
 * an unusual keyword, a value of another type) is left to the validator, so
 * every refusal and its wording still come from it. Held against the
 * validator by `test/meta-fast-yes.property.test.ts`.
 */

import { nestedRepetition } from "./regex-cost.js";
import { schemaArrayKeyword, schemaKeyword, schemaMapKeyword } from "@cfworker/json-schema";

type KeywordCheck = (value: unknown) => boolean;

const SIMPLE_TYPES = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);

const isString: KeywordCheck = (value) => typeof value === "string";
const isBoolean: KeywordCheck = (value) => typeof value === "boolean";
const isNumber: KeywordCheck = (value) => typeof value === "number" && Number.isFinite(value);
const isNonNegativeInteger: KeywordCheck = (value) => isNumber(value) && Number.isInteger(value) && (value as number) >= 0;

/** How deep the fast yes looks into a literal (`const`, `default`…) before leaving it to the validator. */
const MAX_LITERAL_DEPTH = 32;
/** A literal whose every number is finite (JSON has no `Infinity` or `NaN`; the validator refuses them). */
function isFiniteLiteral(value: unknown, depth = 0): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "object" || value === null) return true;
  return depth < MAX_LITERAL_DEPTH && Object.values(value).every((inner) => isFiniteLiteral(inner, depth + 1));
}
const isLiteralList: KeywordCheck = (value) => Array.isArray(value) && isFiniteLiteral(value);
/** A subschema: in the copy, `true` (or a boolean schema the author wrote). */
const isSubschema: KeywordCheck = isBoolean;
const isSubschemaList: KeywordCheck = (value) => Array.isArray(value) && value.length > 0 && value.every(isSubschema);
function isSubschemaMap(value: unknown): value is Record<string, boolean> {
  return isPlainObject(value) && Object.values(value).every(isSubschema);
}

/** As the validator reads the `regex` format: ECMAScript with the u flag, and no `\Z` anchor. */
function isRegex(value: unknown): boolean {
  // A pattern that can take exponential time is valid but refused: the slow path names it (`regex-cost.ts`).
  if (typeof value !== "string" || /[^\\]\\Z/.test(value) || nestedRepetition(value)) return false;
  try {
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}

function isType(value: unknown): boolean {
  if (typeof value === "string") return SIMPLE_TYPES.has(value);
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((name) => typeof name === "string" && SIMPLE_TYPES.has(name)) &&
    new Set(value).size === value.length
  );
}

function isNameList(value: unknown): boolean {
  return Array.isArray(value) && value.every(isString) && new Set(value).size === value.length;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The keywords the fast yes knows, each with what the 2020-12 meta-schema asks of its value. */
const KEYWORDS: ReadonlyMap<string, KeywordCheck> = new Map<string, KeywordCheck>([
  ["type", isType],
  ["enum", isLiteralList],
  ["const", (value) => isFiniteLiteral(value)],
  ["multipleOf", (value) => isNumber(value) && (value as number) > 0],
  ["maximum", isNumber],
  ["exclusiveMaximum", isNumber],
  ["minimum", isNumber],
  ["exclusiveMinimum", isNumber],
  ["maxLength", isNonNegativeInteger],
  ["minLength", isNonNegativeInteger],
  ["pattern", isRegex],
  ["maxItems", isNonNegativeInteger],
  ["minItems", isNonNegativeInteger],
  ["uniqueItems", isBoolean],
  ["maxContains", isNonNegativeInteger],
  ["minContains", isNonNegativeInteger],
  ["maxProperties", isNonNegativeInteger],
  ["minProperties", isNonNegativeInteger],
  ["required", isNameList],
  ["format", isString],
  ["title", isString],
  ["description", isString],
  ["$comment", isString],
  ["default", (value) => isFiniteLiteral(value)],
  ["deprecated", isBoolean],
  ["readOnly", isBoolean],
  ["writeOnly", isBoolean],
  ["examples", isLiteralList],
  ["contentEncoding", isString],
  ["contentMediaType", isString],
  ["items", isSubschema],
  ["additionalProperties", isSubschema],
  ["unevaluatedProperties", isSubschema],
  ["unevaluatedItems", isSubschema],
  ["contains", isSubschema],
  ["propertyNames", isSubschema],
  ["not", isSubschema],
  ["if", isSubschema],
  ["then", isSubschema],
  ["else", isSubschema],
  ["contentSchema", isSubschema],
  ["anyOf", isSubschemaList],
  ["oneOf", isSubschemaList],
  ["allOf", isSubschemaList],
  ["prefixItems", isSubschemaList],
  ["properties", isSubschemaMap],
  ["$defs", isSubschemaMap],
  ["patternProperties", isPatternMap],
]);

function isPatternMap(value: unknown): boolean {
  return isSubschemaMap(value) && Object.keys(value).every(isRegex);
}

/**
 * Whether a subschema copy of plain JSON is certainly valid against the
 * meta-schema; `false` means "ask the validator", never "invalid".
 *
 * @example
 * ```ts
 * surelyMetaValid({ type: "string", minLength: 1, items: true }); // true
 * surelyMetaValid({ type: "strng" }); // false: the validator words the fault
 * ```
 */
export function surelyMetaValid(copy: unknown): boolean {
  if (typeof copy === "boolean") return true;
  if (!isPlainObject(copy)) return false;
  for (const key of Object.keys(copy)) {
    // A keyword the fast yes does not know is left to the validator.
    if (KEYWORDS.get(key)?.(copy[key]) !== true) return false;
  }
  return true;
}

/**
 * What a keyword's value holds, as the fast yes of a whole schema reads it
 * (`fast-properties.ts`): a plain value (checked by the keyword's rule), one
 * subschema (`true`, `false` or a schema object), a non-empty list of them,
 * a map of them, or a map of them named by regular expressions.
 */
export type Holds = "value" | "one" | "list" | "map" | "patterns";

/** One keyword's rule for the fast yes of a whole schema: what its value holds, and the check of a plain value. */
export interface KeywordRule {
  readonly holds: Holds;
  readonly check: KeywordCheck;
}

/**
 * The rules of `KEYWORDS` as the fast yes of a whole schema reads them.
 * Where the meta-schema check reads subschemas (the validator's keyword
 * tables, as `subschemaKind` in `meta-view.ts` reads them), each subschema
 * is checked on its own and the keyword asks only what their placeholders
 * in the copy answer — so a yes there is the yes of `surelyMetaValid` on
 * the copy of every subschema.
 *
 * @example
 * ```ts
 * KEYWORD_RULES.get("anyOf")?.holds; // "list"
 * KEYWORD_RULES.get("$ref");         // undefined: left to the validator
 * ```
 */
export const KEYWORD_RULES: ReadonlyMap<string, KeywordRule> = new Map(
  [...KEYWORDS].map(([key, check]): [string, KeywordRule] => {
    let holds: Holds = "value";
    if (schemaKeyword[key] === true && check(true)) holds = "one";
    else if (schemaArrayKeyword[key] === true && check === isSubschemaList) holds = "list";
    else if (schemaMapKeyword[key] === true && check === isSubschemaMap) holds = "map";
    else if (schemaMapKeyword[key] === true && check === isPatternMap) holds = "patterns";
    return [key, { holds, check }];
  }),
);

/** Whether every name of a pattern map is a regular expression as the validator reads one. */
export function allRegex(names: readonly string[]): boolean {
  return names.every(isRegex);
}
