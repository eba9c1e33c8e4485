/**
 * A property schema moved into a larger document (a listing's input schema)
 * with its references still meaning what the gate reads them as. The gate
 * checks each property schema as its own document, so `#` is the property
 * and `#/$defs/zip` its own definition; listed at `#/properties/addr`, each
 * local reference is rewritten to the property's new place, and each
 * `$anchor` reference to the JSON Pointer of the anchored schema (the
 * anchors themselves are dropped, so two properties naming the same anchor
 * never collide). Registration refuses `$id` in a property schema, so no
 * reference inside one resolves against another base.
 */
import { schemaArrayKeyword, schemaKeyword, schemaMapKeyword } from "@cfworker/json-schema";
import { defineOwn } from "../../util/deep-copy.js";

type Json = Record<string, unknown>;

/**
 * The schema as it reads at `base` (a URI fragment such as `#/properties/addr`).
 *
 * @example
 * ```ts
 * rerootSchema({ $defs: { zip: { type: "string" } }, properties: { zip: { $ref: "#/$defs/zip" } } }, "#/properties/addr");
 * // { $defs: { zip: { type: "string" } }, properties: { zip: { $ref: "#/properties/addr/$defs/zip" } } }
 * ```
 */
export function rerootSchema(schema: unknown, base: string): unknown {
  const anchors = new Map<string, string>();
  collectAnchors(schema, "", anchors);
  return rewrite(schema, base, anchors, true);
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

function rewrite(schema: unknown, base: string, anchors: ReadonlyMap<string, string>, root: boolean): unknown {
  if (!isObject(schema)) return schema;
  const source = schema as Json;
  const out: Json = {};
  for (const keyword of Object.keys(source)) {
    const value = source[keyword];
    if (keyword === "$anchor" || (root && keyword === "$schema")) continue;
    if (keyword === "$ref" && typeof value === "string") defineOwn(out, keyword, reference(value, base, anchors));
    else if (schemaKeyword[keyword] === true && !Array.isArray(value)) defineOwn(out, keyword, rewrite(value, base, anchors, false));
    else if (schemaArrayKeyword[keyword] === true && Array.isArray(value))
      defineOwn(
        out,
        keyword,
        value.map((entry: unknown) => rewrite(entry, base, anchors, false)),
      );
    else if (schemaMapKeyword[keyword] === true && isObject(value)) {
      const map: Json = {};
      for (const name of Object.keys(value)) defineOwn(map, name, rewrite((value as Json)[name], base, anchors, false));
      defineOwn(out, keyword, map);
    } else defineOwn(out, keyword, value);
  }
  return out;
}

/** A reference read at the property's place: a pointer prefixed with it, an anchor replaced by its pointer. */
function reference(ref: string, base: string, anchors: ReadonlyMap<string, string>): string {
  if (ref === "#" || ref.startsWith("#/")) return base + ref.slice(1);
  if (ref.startsWith("#")) {
    const pointer = anchors.get(safeDecode(ref.slice(1)));
    if (pointer !== undefined) return base + pointer;
  }
  // Registration refuses every other reference (it points to no schema): never listed.
  return ref;
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
  const anchors = new Map<string, string>();
  collectAnchors(schema, "", anchors);
  const found: { holder: (string | number)[]; ref: string }[] = [];
  const visit = (node: unknown, holder: (string | number)[]): void => {
    if (!isObject(node)) return;
    const ref = (node as Json).$ref;
    if (typeof ref === "string" && ref.startsWith("#")) {
      const pointer = ref === "#" || ref.startsWith("#/") ? ref.slice(1) : anchors.get(safeDecode(ref.slice(1)));
      if (pointer !== undefined && closing.has(JSON.stringify(pointerSegments(pointer)))) found.push({ holder, ref });
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
  return pointer
    .slice(1)
    .split("/")
    .map((token) => safeDecode(token).replaceAll("~1", "/").replaceAll("~0", "~"));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
