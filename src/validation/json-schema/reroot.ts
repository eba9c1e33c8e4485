/**
 * Property schemas moved into one larger document (a listing's input
 * schema) with their references still meaning what the gate reads them as.
 * The gate checks each property schema as its own document, so `#` is the
 * property and `#/$defs/zip` its own definition. Listed at
 * `#/properties/addr`, a property's own `$defs` move to the document's root
 * `$defs` (where every 2020-12 reader, and the conformance suite, looks for
 * them), renamed where two properties define the same name; every local
 * reference is rewritten to where its target now sits, and each `$anchor`
 * reference to the JSON Pointer of the anchored schema (the anchors
 * themselves are dropped, so two properties naming the same anchor never
 * collide). Registration refuses `$id` in a property schema, so no
 * reference inside one resolves against another base.
 */
import { schemaArrayKeyword, schemaKeyword, schemaMapKeyword } from "@cfworker/json-schema";
import { defineOwn } from "../../util/deep-copy.js";

type Json = Record<string, unknown>;

/** Property schemas as one document lists them: each rewritten for its place, and the definitions moved to the root. */
export interface RerootedProperties {
  readonly properties: Json;
  /** The root `$defs`: every property's own definitions, each under a name no other property's takes. */
  readonly defs: Json;
}

/**
 * The property schemas of an object listed at the root of a document: a
 * property's own `$defs` hoisted to the root (a clashing name qualified by
 * the property's: `work.address`), its references rewritten to match.
 *
 * @example
 * ```ts
 * rerootProperties({ addr: { $defs: { zip: { type: "string" } }, properties: { zip: { $ref: "#/$defs/zip" } } } });
 * // { properties: { addr: { properties: { zip: { $ref: "#/$defs/zip" } } } }, defs: { zip: { type: "string" } } }
 * ```
 */
export function rerootProperties(properties: Json): RerootedProperties {
  const listed: Json = {};
  const defs: Json = {};
  for (const key of Object.keys(properties)) {
    const schema = properties[key];
    const own = isObject(schema) && isObject((schema as Json).$defs) ? ((schema as Json).$defs as Json) : {};
    const hoisted = new Map<string, string>();
    for (const name of Object.keys(own)) hoisted.set(name, freeName(defs, name, key));
    const anchors = new Map<string, string>();
    collectAnchors(schema, "", anchors);
    const place: Place = { base: `#/properties/${fragmentToken(key)}`, anchors, hoisted };
    defineOwn(listed, key, rewrite(schema, place, true));
    for (const [name, rootName] of hoisted) defineOwn(defs, rootName, rewrite(own[name], place, false));
  }
  return { properties: listed, defs };
}

/** The name a definition takes at the root (reserved at once): its own, else qualified by its property's, else numbered. */
function freeName(taken: Json, name: string, property: string): string {
  let candidate = name;
  for (let count = 1; Object.hasOwn(taken, candidate); count++)
    candidate = count === 1 ? `${property}.${name}` : `${property}.${name}_${count}`;
  defineOwn(taken, candidate, true);
  return candidate;
}

/** Where one property now sits: its base fragment, its anchors' pointers, its definitions' root names. */
interface Place {
  readonly base: string;
  readonly anchors: ReadonlyMap<string, string>;
  readonly hoisted: ReadonlyMap<string, string>;
}

/** A URI fragment's JSON Pointer token for `name` (RFC 6901 escapes, then percent-encoding where a fragment needs it). */
export function fragmentToken(name: string): string {
  const escaped = name.replaceAll("~", "~0").replaceAll("/", "~1");
  return escaped.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      // A lone surrogate has no UTF-8 form; the replacement character stands for it.
      return "%EF%BF%BD";
    }
  });
}

/** Each subschema of a schema object: its keyword path tokens and value. */
function* subschemas(schema: Json): Generator<[string, unknown]> {
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword];
    if (schemaKeyword[keyword] === true && !Array.isArray(value)) yield [fragmentToken(keyword), value];
    else if (schemaArrayKeyword[keyword] === true && Array.isArray(value))
      for (const [index, entry] of value.entries()) yield [`${fragmentToken(keyword)}/${index}`, entry];
    else if (schemaMapKeyword[keyword] === true && isObject(value))
      for (const name of Object.keys(value)) yield [`${fragmentToken(keyword)}/${fragmentToken(name)}`, (value as Json)[name]];
  }
}

// A checked property schema is a tree nested at most a few hundred levels: recursion is bounded.
function collectAnchors(schema: unknown, pointer: string, anchors: Map<string, string>): void {
  if (!isObject(schema)) return;
  const anchor = (schema as Json).$anchor;
  if (typeof anchor === "string" && !anchors.has(anchor)) anchors.set(anchor, pointer);
  for (const [token, inner] of subschemas(schema as Json)) collectAnchors(inner, `${pointer}/${token}`, anchors);
}

function rewrite(schema: unknown, place: Place, root: boolean): unknown {
  if (!isObject(schema)) return schema;
  const source = schema as Json;
  const out: Json = {};
  for (const keyword of Object.keys(source)) {
    const value = source[keyword];
    if (keyword === "$anchor" || (root && (keyword === "$schema" || (keyword === "$defs" && isObject(value))))) continue;
    if (keyword === "$ref" && typeof value === "string") defineOwn(out, keyword, reference(value, place));
    else if (schemaKeyword[keyword] === true && !Array.isArray(value)) defineOwn(out, keyword, rewrite(value, place, false));
    else if (schemaArrayKeyword[keyword] === true && Array.isArray(value))
      defineOwn(
        out,
        keyword,
        value.map((entry: unknown) => rewrite(entry, place, false)),
      );
    else if (schemaMapKeyword[keyword] === true && isObject(value)) {
      const map: Json = {};
      for (const name of Object.keys(value)) defineOwn(map, name, rewrite((value as Json)[name], place, false));
      defineOwn(out, keyword, map);
    } else defineOwn(out, keyword, value);
  }
  return out;
}

/** A reference read at the property's place: a pointer into a hoisted definition sent to the root, any other prefixed with the place. */
function reference(ref: string, place: Place): string {
  const pointer =
    ref === "#" || ref.startsWith("#/") ? ref.slice(1) : ref.startsWith("#") ? place.anchors.get(safeDecode(ref.slice(1))) : undefined;
  // Registration refuses every other reference (it points to no schema): never listed.
  if (pointer === undefined) return ref;
  const [first, second, ...rest] = pointer.slice(1).split("/");
  const rootName = first === "$defs" && second !== undefined ? place.hoisted.get(tokenText(second)) : undefined;
  if (rootName !== undefined) return ["#/$defs", fragmentToken(rootName), ...rest].join("/");
  return place.base + pointer;
}

/** A pointer token's text: percent-decoded, then `~1` and `~0` unescaped. */
function tokenText(token: string): string {
  return safeDecode(token).replaceAll("~1", "/").replaceAll("~0", "~");
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The `$ref`s a listing cannot carry truthfully: a reference to a place the
 * closure closes (or to one holding such a place). The gate closes a place
 * only where its walk reaches it — never through a `$ref` — while a listing
 * that marks the place closed closes it for the reference too. A recursive
 * shape written in `$defs` has no such reference.
 *
 * @example
 * ```ts
 * closedPlaceReferences({ properties: { kids: { type: "array", items: { $ref: "#" } } } });
 * // [{ holder: ["properties", "kids", "items"], ref: "#" }]
 * ```
 */
export function closedPlaceReferences(schema: unknown): { holder: (string | number)[]; ref: string }[] {
  const closing = new Set<string>();
  markClosing(schema, [], closing);
  if (closing.size === 0) return [];
  const anchors = referenceAnchors(schema);
  const found: { holder: (string | number)[]; ref: string }[] = [];
  const visit = (node: unknown, holder: (string | number)[]): void => {
    if (!isObject(node)) return;
    const ref = (node as Json).$ref;
    if (typeof ref === "string") {
      const target = localReferenceTarget(ref, anchors);
      if (target !== undefined && closing.has(JSON.stringify(target))) found.push({ holder, ref });
    }
    for (const keyword of Object.keys(node)) {
      const value = (node as Json)[keyword];
      if (schemaKeyword[keyword] === true && !Array.isArray(value)) visit(value, [...holder, keyword]);
      else if (schemaArrayKeyword[keyword] === true && Array.isArray(value))
        value.forEach((entry: unknown, index) => visit(entry, [...holder, keyword, index]));
      else if (schemaMapKeyword[keyword] === true && isObject(value))
        for (const name of Object.keys(value)) visit((value as Json)[name], [...holder, keyword, name]);
    }
  };
  visit(schema, []);
  return found;
}

/** The JSON Pointer of every `$anchor` in a property schema, by anchor name (the first of a name counts). */
export function referenceAnchors(schema: unknown): Map<string, string> {
  const anchors = new Map<string, string>();
  collectAnchors(schema, "", anchors);
  return anchors;
}

/**
 * The place a local reference names inside its property schema, as unescaped
 * pointer segments (`#`: `[]`), through `anchors` for a plain-name fragment;
 * `undefined` for any other reference (registration refuses those).
 */
export function localReferenceTarget(ref: string, anchors: ReadonlyMap<string, string>): string[] | undefined {
  if (!ref.startsWith("#")) return undefined;
  const pointer = ref === "#" || ref.startsWith("#/") ? ref.slice(1) : anchors.get(safeDecode(ref.slice(1)));
  return pointer === undefined ? undefined : pointerSegments(pointer);
}

/** Records (as JSON text of its segments) every place along the closure's walk that is, or holds, a place a listing marks closed. */
function markClosing(node: unknown, at: string[], closing: Set<string>): boolean {
  if (!isObject(node)) return false;
  const schema = node as Json;
  let holds = false;
  if (isObject(schema.properties)) {
    if (!Object.hasOwn(schema, "additionalProperties")) holds = true;
    for (const name of Object.keys(schema.properties))
      holds = markClosing((schema.properties as Json)[name], [...at, "properties", name], closing) || holds;
  }
  if (isObject(schema.items)) holds = markClosing(schema.items, [...at, "items"], closing) || holds;
  if (isObject(schema.additionalProperties))
    holds = markClosing(schema.additionalProperties, [...at, "additionalProperties"], closing) || holds;
  if (holds) closing.add(JSON.stringify(at));
  return holds;
}

/** A fragment's JSON Pointer as its unescaped segments. */
function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(tokenText);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
