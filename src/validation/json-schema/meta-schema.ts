/**
 * Property schemas against the JSON Schema 2020-12 meta-schema: the gate
 * interprets every keyword of a property schema, so a keyword that cannot
 * mean anything (`type: "strng"`, `minimum: "1"`, a `pattern` that is not a
 * regular expression) is an offence at every moment `validate` and the
 * read-side check run — located at the keyword, with its fix.
 */
import { nestedRepetition } from "./regex-cost.js";
import { DIALECT, META_SCHEMA_DOCUMENTS } from "./meta-schema-documents.js";
import { describeType, reasonText } from "../../util/inspect.js";
import { compileSchema, type CompiledSchema, type SchemaFailure } from "./validator.js";
import type { PathSegment } from "../offence.js";
import { metaView, type SchemaFault } from "./meta-view.js";
import { surelyMetaValid } from "./meta-fast-yes.js";

export type { SchemaFault } from "./meta-view.js";
import { closest } from "../../util/suggest.js";

let metaSchema: CompiledSchema | undefined;

/**
 * The meta-schema, compiled on first use. The dialect and its vocabularies
 * travel as `$defs` of one wrapper, so the validator registers each by its
 * `$id` and resolves the dialect's `$ref`s among them.
 */
export function compiledMetaSchema(): CompiledSchema {
  metaSchema ??= compileSchema({
    $defs: Object.fromEntries(META_SCHEMA_DOCUMENTS.map((document, index) => [`document${index}`, document])),
    $ref: DIALECT,
  });
  return metaSchema;
}

/**
 * Every keyword of `schema` that the 2020-12 meta-schema refuses.
 *
 * @example
 * ```ts
 * schemaFaults({ type: "strng" });
 * // [{ holder: [], key: "type", problem: '"type" is "strng", not a JSON Schema type', fix: 'did you mean "string"? …' }]
 * ```
 */
export function schemaFaults(schema: unknown, options: { readonly vocabulary?: boolean } = {}): SchemaFault[] {
  return checkSchema(schema, options).faults;
}

/**
 * `schemaFaults`, and whether the schema uses references (`$ref`, `$id`…):
 * only then can compiling it fail, so only then is it compiled at once.
 * With `vocabulary: true` (property schemas) every keyword outside the
 * supported list is a fault too.
 */
export function checkSchema(
  schema: unknown,
  options: { readonly vocabulary?: boolean } = {},
): { readonly faults: SchemaFault[]; readonly references: boolean } {
  const view = metaView(schema, options);
  if ("fault" in view) return { faults: [view.fault], references: false };
  // A keyword outside the vocabulary is named beside every meta-schema fault: one error lists them all.
  const faults: SchemaFault[] = [...view.vocabulary];
  for (const { at, copy, key } of view.schemas) {
    const cached = key === undefined ? undefined : verdicts.get(key);
    const found = cached ?? [...metaFaults(copy), ...costlyPatterns(copy)];
    if (key !== undefined && cached === undefined && verdicts.size < MAX_VERDICTS) verdicts.set(key, found);
    for (const fault of found) faults.push(placed(fault, at));
  }
  return { faults, references: view.references };
}

/** A fault found in a subschema, placed in the whole schema: a fault of the subschema itself names its key or index. */
function placed(fault: SchemaFault, at: readonly PathSegment[]): SchemaFault {
  if (at.length === 0) return fault;
  const whole = fault.holder.length === 0 && fault.key === undefined && fault.index === undefined;
  const last = at.at(-1);
  if (whole && typeof last === "number")
    return { ...fault, holder: at.slice(0, -1), index: last, problem: fault.problem.replace(/^the schema/, `entry ${last}`) };
  if (whole && typeof last === "string")
    return { ...fault, holder: at.slice(0, -1), key: last, problem: fault.problem.replace(/^the schema/, JSON.stringify(last)) };
  return { ...fault, holder: [...at, ...fault.holder] };
}

/** Verdicts by the JSON text of a pure-JSON schema: the same text always gets the same verdict. */
const verdicts = new Map<string, readonly SchemaFault[]>();
const MAX_VERDICTS = 10_000;

function metaFaults(copy: unknown): SchemaFault[] {
  if (surelyMetaValid(copy)) return [];
  let failures: SchemaFailure[];
  try {
    const meta = compiledMetaSchema();
    if (meta.accepts(copy)) return [];
    failures = meta.failures(copy).named;
  } catch (error) {
    failures = [{ path: [], keyword: "unchecked", value: copy, message: `it could not be checked (${reasonText(error)})` }];
  }
  const seen = new Set<string>();
  return failures.map(faultOf).filter((fault) => {
    const identity = JSON.stringify([fault.holder, fault.key, fault.index, fault.problem]);
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

function faultOf(failure: SchemaFailure): SchemaFault {
  const holder = failure.path.slice(0, -1);
  const last = failure.path.at(-1);
  if (failure.keyword === "unchecked") {
    return {
      holder: failure.path,
      problem: `the schema ${failure.message}`,
      fix: "write the schema as plain JSON, nested at most a few hundred levels deep.",
    };
  }
  const where = typeof last === "number" ? { index: last } : last === undefined ? {} : { key: last };
  const twice = last === "type" ? duplicateType(failure.value) : undefined;
  if (twice !== undefined) return { holder, ...where, problem: `"type" lists ${JSON.stringify(twice)} twice`, fix: "list each type once." };
  const keyword = typeof last === "string" ? last : typeof failure.path.at(-2) === "string" ? (failure.path.at(-2) as string) : undefined;
  const label = last === undefined ? "the schema" : typeof last === "number" ? `entry ${last}` : JSON.stringify(last);
  return { holder, ...where, problem: `${label} is ${preview(failure.value)}${reasonOf(failure)}`, fix: fixFor(keyword, failure) };
}

const TYPE_NAMES = ["array", "boolean", "integer", "null", "number", "object", "string"];

/** The type a `type` array of valid names lists twice, if that is its only fault. */
function duplicateType(value: unknown): string | undefined {
  if (!Array.isArray(value) || !value.every((name) => typeof name === "string" && TYPE_NAMES.includes(name))) return undefined;
  return value.find((name, index) => value.indexOf(name) !== index) as string | undefined;
}

function reasonOf(failure: SchemaFailure): string {
  switch (failure.keyword) {
    case "format":
      return failure.rule === "regex"
        ? ", not a valid regular expression (ECMAScript, with the u flag)"
        : `, not a valid ${String(failure.rule)}`;
    case "anyOf":
    case "enum":
      return failure.path.at(-1) === "type" ? ", not a JSON Schema type" : "";
    case "minimum":
      return `, below ${String(failure.rule)}`;
    case "exclusiveMinimum":
      return `, not above ${String(failure.rule)}`;
    case "uniqueItems":
      return ", with an entry listed twice";
    case "type":
      return `; expected ${typeText(failure.rule)}`;
    default:
      return "";
  }
}

const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const NON_NEGATIVE = "write a whole number of 0 or more.";
const SCHEMA_OR_BOOLEAN = "write a schema object (or true / false).";

/** The fix for a keyword of a property schema, by keyword. */
const KEYWORD_FIXES: Readonly<Record<string, string>> = {
  minimum: "write a number.",
  maximum: "write a number.",
  exclusiveMinimum: "write a number.",
  exclusiveMaximum: "write a number.",
  multipleOf: "write a number greater than 0.",
  minLength: NON_NEGATIVE,
  maxLength: NON_NEGATIVE,
  minItems: NON_NEGATIVE,
  maxItems: NON_NEGATIVE,
  minProperties: NON_NEGATIVE,
  maxProperties: NON_NEGATIVE,
  minContains: NON_NEGATIVE,
  maxContains: NON_NEGATIVE,
  pattern: 'write a regular expression JavaScript accepts with the u flag, such as "^[a-z]+$".',
  format: 'write the format\'s name as a string, such as "date-time".',
  required: 'write an array of distinct property names, such as ["name"].',
  enum: "write an array of the allowed values.",
  uniqueItems: "write true or false.",
  items: SCHEMA_OR_BOOLEAN,
  additionalProperties: SCHEMA_OR_BOOLEAN,
  unevaluatedProperties: SCHEMA_OR_BOOLEAN,
  unevaluatedItems: SCHEMA_OR_BOOLEAN,
  contains: SCHEMA_OR_BOOLEAN,
  propertyNames: SCHEMA_OR_BOOLEAN,
  not: SCHEMA_OR_BOOLEAN,
  if: SCHEMA_OR_BOOLEAN,
  then: SCHEMA_OR_BOOLEAN,
  else: SCHEMA_OR_BOOLEAN,
  anyOf: "write a non-empty array of schema objects.",
  oneOf: "write a non-empty array of schema objects.",
  allOf: "write a non-empty array of schema objects.",
  prefixItems: "write a non-empty array of schema objects.",
  properties: "write an object mapping each property name to its schema.",
  patternProperties: "write an object mapping each regular expression to a schema.",
  $defs: "write an object mapping each definition name to its schema.",
  dependentSchemas: "write an object mapping each property name to a schema.",
  dependentRequired: "write an object mapping each property name to an array of property names.",
  description: "write a string.",
  title: "write a string.",
  $ref: 'write a reference string such as "#/$defs/address".',
  $id: "write a URI string.",
  $anchor: "write a plain name (letters, digits, -, _, .).",
};

function fixFor(keyword: string | undefined, failure: SchemaFailure): string {
  const entryOfSchemaList = typeof failure.path.at(-1) === "number" && SCHEMA_LISTS.has(String(keyword));
  if (failure.path.length === 0 || entryOfSchemaList) return SCHEMA_OR_BOOLEAN;
  if (keyword === "type") {
    const guess = typeof failure.value === "string" ? closest(failure.value, TYPE_NAMES) : undefined;
    const list = `write one of ${TYPE_NAMES.map((name) => JSON.stringify(name)).join(", ")}, or an array of them.`;
    return guess === undefined ? list : `did you mean ${JSON.stringify(guess)}? Otherwise ${list}`;
  }
  if (keyword === "pattern" || (keyword === "patternProperties" && failure.keyword === "format")) return KEYWORD_FIXES["pattern"]!;
  if (keyword !== undefined && Object.hasOwn(KEYWORD_FIXES, keyword)) return KEYWORD_FIXES[keyword]!;
  return `make it valid JSON Schema 2020-12 (${failure.message.replace(/\.$/, "")}).`;
}

function typeText(rule: unknown): string {
  const names = Array.isArray(rule) ? rule : [rule];
  return names.map((name) => (typeof name === "string" ? name : String(name))).join(" or ");
}

/** A short, one-line rendering of a value for a problem sentence. */
export function preview(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return describeType(value);
}

/**
 * A `pattern` (or a `patternProperties` name) that repeats a repetition
 * without a delimiter (`regex-cost.ts`): valid, and able to block the
 * server on a short string a caller sends, so refused like a fault.
 */
function costlyPatterns(schema: unknown): SchemaFault[] {
  if (typeof schema !== "object" || schema === null) return [];
  const fix =
    "repeat a group only when each round starts or ends with a character its repetitions cannot match, " +
    "such as ^[a-z]+(-[a-z]+)*$; ^(a+)+$ means ^a+$.";
  const faults: SchemaFault[] = [];
  const { pattern, patternProperties } = schema as { pattern?: unknown; patternProperties?: unknown };
  const costly = (source: string) => compiles(source) && nestedRepetition(source);
  if (typeof pattern === "string" && costly(pattern))
    faults.push({ holder: [], key: "pattern", problem: `"pattern" ${preview(pattern)} can take exponential time on a short string`, fix });
  if (typeof patternProperties === "object" && patternProperties !== null)
    for (const name of Object.keys(patternProperties))
      if (costly(name))
        faults.push({
          holder: ["patternProperties"],
          key: name,
          problem: `the pattern ${preview(name)} can take exponential time on a short string`,
          fix,
        });
  return faults;
}

function compiles(source: string): boolean {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}
