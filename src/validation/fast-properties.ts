/**
 * The fast yes of the `properties` validator, for a pristine copy
 * (`pristine.ts`: plain JSON data that no getter or Proxy can change under
 * a read): one recursive pass over every property schema that builds the
 * closure exactly as the key-set walk does and answers the meta-schema and
 * vocabulary checks for the common keywords. At the first thing it is not
 * sure of — anything that could be an offence, a reference, a keyword the
 * meta-schema check's fast yes does not know, a schema deeper or larger
 * than real ones — it gives up (`undefined`), and the key-set walk and the
 * meta-schema check decide and word everything as before. Held against
 * them by `test/fast-properties.property.test.ts`.
 */
import { OPEN, type Closure, type Extra } from "./closure.js";
import { patternsOf, type KeySetWalk } from "./key-set.js";
import type { CompiledSchema } from "./json-schema/validator.js";
import { allRegex, KEYWORD_RULES } from "./json-schema/meta-fast-yes.js";
import { compiledOnUse } from "./property-checks.js";

/** What the `properties` validator learns: the walk (no offences), and a compiled check per property. */
export interface FastProperties {
  readonly walk: KeySetWalk;
  readonly values: ReadonlyMap<string, CompiledSchema>;
}

/** Past this depth (subschemas within subschemas), or this many subschemas, the full walk decides: it bounds both and names cycles. */
const MAX_DEPTH = 64;
const MAX_SUBSCHEMAS = 20_000;

interface MutableClosure {
  declared: Map<string, Closure> | null;
  extra: Extra;
  items: Closure | null;
  patterns?: RegExp[];
}

/** Given up: the full walk decides. */
const UNSURE = Symbol("unsure");
type Answer = Closure | typeof UNSURE;

/**
 * The closure and compiled checks of a pristine `properties` map with no
 * offence, or `undefined` when the full walk must decide. `sealed`: the
 * copy was frozen throughout (the walk's frozen verdict).
 *
 * @example
 * ```ts
 * fastProperties(readCopy({ name: { type: "string" } }).copy, false)?.walk.closure.declared; // Map { "name" => OPEN }
 * fastProperties(readCopy({ name: { type: "strng" } }).copy, false);                       // undefined: the full check names the fault
 * ```
 */
export function fastProperties(properties: object, sealed: boolean): FastProperties | undefined {
  const walker = new FastWalker();
  const declared = walker.map(properties, 0);
  if (declared === UNSURE) return undefined;
  const closure = { declared, extra: "refuse" as const, items: null };
  const walk: KeySetWalk = { offences: [], closure, frozen: sealed };
  const values = new Map<string, CompiledSchema>();
  for (const name of declared.keys()) values.set(name, compiledOnUse((properties as Record<string, object>)[name]!, sealed, true));
  return { walk, values };
}

class FastWalker {
  private subschemas = 0;

  /** A property map: every value a schema object. Its names go in last first, as the key-set walk's work stack stores them. */
  map(map: object, depth: number): Map<string, Closure> | typeof UNSURE {
    if (Array.isArray(map)) return UNSURE;
    const names = Object.keys(map);
    const closures: Closure[] = [];
    for (const name of names) {
      const schema: unknown = (map as Record<string, unknown>)[name];
      if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return UNSURE;
      const closure = this.schema(schema, depth + 1, true);
      if (closure === UNSURE) return UNSURE;
      closures.push(closure);
    }
    const declared = new Map<string, Closure>();
    for (let index = names.length - 1; index >= 0; index--) declared.set(names[index]!, closures[index]!);
    return declared;
  }

  /**
   * One schema object: each keyword must be one the meta-schema check's fast
   * yes accepts (so the vocabulary's too), each subschema checked in turn.
   * `walked`: on a path the closure follows, so its closure is built.
   */
  schema(schema: object, depth: number, walked: boolean): Answer {
    if (depth > MAX_DEPTH || ++this.subschemas > MAX_SUBSCHEMAS) return UNSURE;
    const record = schema as Record<string, unknown>;
    const place: Place = { properties: undefined, items: undefined, additional: undefined, patterns: false, required: undefined };
    for (const key of Object.keys(record)) {
      const rule = KEYWORD_RULES.get(key);
      if (rule === undefined) return UNSURE;
      const value = record[key];
      switch (rule.holds) {
        case "value":
          if (!rule.check(value)) return UNSURE;
          if (key === "required") place.required = value as readonly string[];
          break;
        case "one":
          if (!this.one(key, value, depth, walked, place)) return UNSURE;
          break;
        case "list":
          if (!Array.isArray(value) || value.length === 0 || !this.subschemasIn(value, depth)) return UNSURE;
          break;
        case "patterns":
        case "map": {
          if (typeof value !== "object" || value === null || Array.isArray(value)) return UNSURE;
          if (rule.holds === "patterns" && !allRegex(Object.keys(value))) return UNSURE;
          place.patterns ||= rule.holds === "patterns";
          if (!walked || key !== "properties") {
            if (!this.subschemasIn(Object.values(value), depth)) return UNSURE;
            break;
          }
          const declared = this.map(value, depth);
          if (declared === UNSURE) return UNSURE;
          place.properties = declared;
        }
      }
    }
    return walked ? closureOf(record, place) : OPEN;
  }

  /** A keyword holding one subschema: a boolean, or a schema object checked in turn (and followed when the closure walks it). */
  private one(key: string, value: unknown, depth: number, walked: boolean, place: Place): boolean {
    const follows = walked && (key === "items" || key === "additionalProperties");
    if (typeof value === "boolean") {
      if (follows && key === "items") place.items = "boolean";
      if (follows && key === "additionalProperties") place.additional = value ? "allow" : "refuse";
      return true;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const inner = this.schema(value, depth + 1, follows);
    if (inner === UNSURE) return false;
    if (follows && key === "items") place.items = inner;
    if (follows && key === "additionalProperties") place.additional = inner;
    return true;
  }

  /** The subschemas of a list or map keyword, checked but not followed by the closure. */
  private subschemasIn(entries: readonly unknown[], depth: number): boolean {
    for (const entry of entries) {
      if (typeof entry === "boolean") continue;
      if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return false;
      if (this.schema(entry, depth + 1, false) === UNSURE) return false;
    }
    return true;
  }
}

/** What a walked schema object's keywords gave: its walked applicators' closures, and what `closureOf` reads besides. */
interface Place {
  properties: Map<string, Closure> | undefined;
  /** The closure of a schema-object `items`, or `"boolean"` for `items: true` / `false` (present, not walked). */
  items: Closure | "boolean" | undefined;
  additional: Extra | undefined;
  /** Whether it has `patternProperties` (every name a regular expression). */
  patterns: boolean;
  required: readonly string[] | undefined;
}

/** The closure the key-set walk builds for a schema object whose walked keywords were read (`walkSchema`), or unsure for an offence. */
function closureOf(schema: object, place: Place): Answer {
  const { properties, items, additional } = place;
  if (properties === undefined && items === undefined && additional === undefined) return OPEN;
  const closure: MutableClosure = { declared: null, extra: "allow", items: null };
  const patterns = place.patterns ? patternsOf(schema) : [];
  if (patterns.length > 0) closure.patterns = patterns;
  if (properties !== undefined) [closure.declared, closure.extra] = [properties, "refuse"];
  if (items !== undefined && items !== "boolean") closure.items = items;
  if (additional === "refuse" || typeof additional === "object") closure.declared ??= new Map();
  if (additional !== undefined) closure.extra = additional;
  // A closed place whose `required` names a key it refuses is an offence (`checkRequired`).
  if (additional === "refuse" || (additional === undefined && properties !== undefined))
    for (const name of place.required ?? []) if (!(properties?.has(name) ?? false)) return UNSURE;
  return closure;
}
