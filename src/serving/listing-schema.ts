/**
 * One action's data schema as a listing mode publishes it. `complete` is
 * the schema as written with every place the closure closes marked
 * `additionalProperties: false`. `strict` and `gemini` reshape it into what
 * those providers accept; what they cannot express is left out of the
 * listing (and named, so the build lint can warn), what they do not enforce
 * is moved into the description — the gate still checks all of it.
 */
import { deepCopy, defineOwn } from "../util/deep-copy.js";
import { hasOwn, isArray, isPlainObject, read } from "../util/inspect.js";
import { admitsNull } from "../validation/null-as-absent.js";
import type { PathSegment } from "../validation/offence.js";
import { rerootProperties } from "../validation/json-schema/reroot.js";

type Json = Record<string, unknown>;
/** The three modes that list data schemas. */
export type DataListingMode = "complete" | "strict" | "gemini";

/** A place in an action schema, as offences name it: the holding object's path from the action schema, and the key. */
export interface SchemaPlace {
  readonly path: readonly PathSegment[];
  readonly key: string;
}

/** A listed schema, the properties the mode cannot express (left out), and the keywords it does not enforce (moved into descriptions). */
export interface ListedSchema {
  readonly schema: Json;
  readonly omitted: readonly SchemaPlace[];
  readonly moved: readonly SchemaPlace[];
}

interface Report {
  readonly omitted: SchemaPlace[];
  readonly moved: SchemaPlace[];
}

/** The string formats both strict providers enforce (Anthropic's helper keeps only these). */
const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);

/** Keywords both reshaping modes keep as keywords. */
const KEPT_BY_BOTH: readonly string[] = [
  "type",
  "enum",
  "description",
  "title",
  "properties",
  "required",
  "items",
  "anyOf",
  "format",
  "minItems",
];
/** Keywords each reshaping mode keeps as keywords; every other one is written into the description. */
const KEPT: Record<"strict" | "gemini", ReadonlySet<string>> = {
  strict: new Set([...KEPT_BY_BOTH, "additionalProperties"]),
  gemini: new Set([...KEPT_BY_BOTH, "nullable", "maxItems", "minLength", "maxLength", "minimum", "maximum", "pattern", "default"]),
};

/**
 * The data schema of one action in a mode: an object of its `properties`,
 * `required` as the mode wants it, and the action's defaults beside the
 * keys they fill.
 *
 * @example
 * ```ts
 * listedDataSchema({ limit: { type: "integer" } }, [], { limit: 10 }, "strict").schema;
 * // { type: "object", properties: { limit: { type: ["integer", "null"], description: "{default: 10}" } },
 * //   required: ["limit"], additionalProperties: false }
 * ```
 */
export function listedDataSchema(
  properties: unknown,
  required: readonly string[],
  defaults: Readonly<Record<string, unknown>> | undefined,
  mode: DataListingMode,
): ListedSchema {
  const copied = (deepCopy(properties) ?? {}) as Json;
  // Listed at #/properties/<key>, a property's own definitions move to the root and its references follow them.
  const { properties: placed, defs } = mode === "complete" ? rerootProperties(copied) : { properties: copied, defs: {} };
  const withDefaults: Json = {};
  for (const [key, schema] of Object.entries(placed)) {
    const value =
      defaults !== undefined && hasOwn(defaults, key) && isPlainObject(schema)
        ? { ...schema, default: deepCopy(read(defaults, key)) }
        : schema;
    defineOwn(withDefaults, key, value);
  }
  const root: Json = { type: "object", properties: withDefaults, required: [...required] };
  if (mode === "complete")
    return { schema: { ...closed(root), ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }) }, omitted: [], moved: [] };
  const report: Report = { omitted: [], moved: [] };
  const schema = reshape(root, mode, [], report) ?? { type: "object", properties: {}, required: [], additionalProperties: false };
  return { schema, ...report };
}

/**
 * A place's data path as a model reads it: `data.opts.tags[]`.
 *
 * @example
 * ```ts
 * placeText({ path: ["properties", "set", "properties"], key: "fields" }); // "data.set.fields"
 * ```
 */
export function placeText(place: SchemaPlace): string {
  let text = "data";
  const segments = [...place.path, place.key];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (segment === "properties" && index + 1 < segments.length) text += `.${String(segments[++index])}`;
    else if (segment === "items") text += "[]";
    else if (segment === "anyOf" && index + 1 < segments.length) text += `|${String(segments[++index])}`;
    else text += `.${String(segment)}`;
  }
  return text;
}

/** `complete`: the schema as written, every place the closure closes marked closed. */
function closed(schema: unknown): Json {
  const copy = schema as Json;
  if (!isPlainObject(copy)) return copy;
  const properties = copy.properties;
  if (isPlainObject(properties)) {
    if (!hasOwn(copy, "additionalProperties")) copy.additionalProperties = false;
    for (const key of Object.keys(properties)) closed(properties[key]);
  }
  if (isPlainObject(copy.items)) closed(copy.items);
  if (isPlainObject(copy.additionalProperties)) closed(copy.additionalProperties);
  return copy;
}

/**
 * A property schema reshaped for `strict` or `gemini`; `undefined` when the
 * mode cannot express it. `gateCloses`: the gate's closure reaches this
 * place (through `properties` and `items` only, never into a branch of
 * `anyOf`/`oneOf`), so an object here refuses undeclared keys.
 */
function reshape(
  source: unknown,
  mode: "strict" | "gemini",
  at: readonly PathSegment[],
  report: Report,
  gateCloses = true,
): Json | undefined {
  if (!isPlainObject(source)) return undefined;
  const schema = { ...source };
  // oneOf reads as anyOf (the gate still checks "exactly one"); const as a one-value enum.
  if (isArray(schema.oneOf) && !isArray(schema.anyOf)) {
    schema.anyOf = schema.oneOf;
    delete schema.oneOf;
  }
  if (hasOwn(schema, "const")) {
    schema.enum = [schema.const];
    delete schema.const;
  }
  const result: Json = {};
  const moved: Json = {};
  const move = (keyword: string, value: unknown) => {
    moved[keyword] = value;
    // Defaults are wymcp's own addition, written into the description on purpose.
    if (keyword !== "default") report.moved.push({ path: at, key: keyword });
  };
  const isObjectPlace = isPlainObject(schema.properties) || hasOwn(schema, "additionalProperties") || schema.type === "object";
  if (isObjectPlace) {
    const properties = schema.properties;
    const extra = schema.additionalProperties;
    // An open place (a map, or an object without properties) has no closed form: neither provider can list it.
    if (!isPlainObject(properties) || (extra !== undefined && extra !== false)) return undefined;
    // Strict closes every object it lists: an object the gate leaves open to some undeclared keys — keys matching
    // `patternProperties`, or any key where the closure does not reach and nothing closes it — has no strict form.
    if (mode === "strict" && (hasPatterns(schema.patternProperties) || (!gateCloses && extra !== false))) return undefined;
    if (mode === "gemini" && Object.keys(properties).length === 0 && at.length > 0) return undefined;
    const requiredHere = isArray(schema.required)
      ? (schema.required as unknown[]).filter((key): key is string => typeof key === "string")
      : [];
    const listed: Json = {};
    for (const [key, inner] of Object.entries(properties)) {
      let value = reshape(inner, mode, [...at, "properties", key], report, gateCloses);
      if (value === undefined) {
        report.omitted.push({ path: [...at, "properties"], key });
        continue;
      }
      if (mode === "strict" && !requiredHere.includes(key) && !admitsNull(value)) value = nullable(value);
      listed[key] = value;
    }
    result.type = "object";
    if (typeof schema.description === "string") result.description = schema.description;
    result.properties = listed;
    const keys = Object.keys(listed);
    result.required = mode === "strict" ? keys : requiredHere.filter((key) => keys.includes(key));
    if (mode === "strict") result.additionalProperties = false;
    for (const keyword of Object.keys(schema))
      if (!["type", "description", "properties", "required", "additionalProperties"].includes(keyword)) move(keyword, schema[keyword]);
    return withMoved(result, moved);
  }
  if (isArray(schema.items)) return undefined;
  const kinds = isArray(schema.type) ? (schema.type as unknown[]) : typeof schema.type === "string" ? [schema.type] : [];
  // An untyped value (anything goes) has no strict form.
  if (kinds.length === 0 && !isArray(schema.enum) && !isArray(schema.anyOf)) return undefined;
  // Nor has an array of untyped entries: OpenAI's strict mode and Gemini both refuse an array without items.
  if (kinds.includes("array") && !isPlainObject(schema.items)) return undefined;
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "items") {
      if (value === undefined) continue;
      const items = reshape(value, mode, [...at, "items"], report, gateCloses);
      if (items === undefined) return undefined;
      result.items = items;
    } else if (keyword === "anyOf") {
      const reshaped = (value as unknown[]).map((branch, index) => reshape(branch, mode, [...at, "anyOf", index], report, false));
      const branches = reshaped.filter((branch) => branch !== undefined);
      if (branches.length < reshaped.length) return undefined;
      result.anyOf = mode === "gemini" ? branches.filter((branch) => branch.type !== "null") : branches;
      if (mode === "gemini" && (result.anyOf as Json[]).length < branches.length) result.nullable = true;
    } else if (keyword === "type") {
      if (isArray(schema.enum) && mode === "strict") continue; // Literals carry their own type (Anthropic's helper drops it).
      const real = kinds.filter((kind) => kind !== "null");
      if (mode === "gemini" && isArray(value)) {
        if (real.length !== 1) return undefined;
        result.type = real[0];
        if (real.length < kinds.length) result.nullable = true;
      } else result.type = value;
    } else if (keyword === "format" && mode === "strict" && !STRICT_FORMATS.has(value as string)) move(keyword, value);
    else if (keyword === "minItems" && mode === "strict" && value !== 0 && value !== 1) move(keyword, value);
    else if (keyword === "enum" && !(value as unknown[]).every((entry) => entry === null || typeof entry !== "object")) return undefined;
    else if (keyword === "enum" && mode === "gemini") {
      result.enum = (value as unknown[]).filter((entry) => entry !== null).map(String);
      if ((result.enum as unknown[]).length < (value as unknown[]).length) result.nullable = true;
    } else if (KEPT[mode].has(keyword)) result[keyword] = value;
    else move(keyword, value);
  }
  return withMoved(result, moved);
}

/** Whether `patternProperties` lets any key through (an empty map admits none). */
function hasPatterns(patterns: unknown): boolean {
  return isPlainObject(patterns) && Object.keys(patterns).length > 0;
}

/** The schema with `null` admitted too: the form strict mode gives an optional key. */
function nullable(schema: Json): Json {
  if (isArray(schema.enum)) return { ...schema, enum: [...(schema.enum as unknown[]), null] };
  if (isArray(schema.anyOf)) return { ...schema, anyOf: [...(schema.anyOf as unknown[]), { type: "null" }] };
  // A type array, not a union with null: LangChain's MCP adapter drops a union whose branches are not all objects.
  const type = schema.type;
  return { ...schema, type: isArray(type) ? [...(type as unknown[]), "null"] : [type, "null"] };
}

/** Keywords a mode does not keep, written at the end of the description as `{keyword: value, …}` (as Anthropic's helper writes them). */
function withMoved(schema: Json, moved: Json): Json {
  const entries = Object.entries(moved);
  if (entries.length === 0) return schema;
  const text = `{${entries.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(", ")}}`;
  const description = typeof schema.description === "string" ? `${schema.description}\n\n${text}` : text;
  const { description: _ignored, ...rest } = schema;
  // The description keeps its place after the type, as the helpers write it.
  return { ...("type" in rest ? { type: rest.type } : {}), description, ...rest };
}
