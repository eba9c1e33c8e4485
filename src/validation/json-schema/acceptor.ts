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
import { shapedCopy, shapedExcept, shapedWithout, validatorReads } from "./schema-shape.js";
import { compileLeaf } from "./leaf-acceptor.js";

/** A compiled yes/no for one schema object. */
type Accept = (value: unknown) => boolean;

/** The validator's index of every schema it compiled, by absolute URI. */
export type Lookup = Record<string, Schema | boolean>;

const DRAFT = "2020-12";

/** Keywords whose meaning depends on `properties` / `items` / `additionalProperties` beside them, or that change scope. */
const COUPLED = new Set([
  "patternProperties",
  "prefixItems",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "$dynamicRef",
  "$recursiveRef",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
]);

/** The walked applicators, taken out of the part handed to the validator. */
export const WALKED: ReadonlySet<string> = new Set(["properties", "items", "additionalProperties"]);
/** The same and a followed `$ref`. */
const WALKED_AND_REF = new Set([...WALKED, "$ref"]);

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
 * Compiles the fast yes for a schema the validator has dereferenced. The
 * subschemas under the walked applicators are compiled when a value first
 * reaches them: checking a default or an example at registration compiles
 * only the few places it holds, and the gate's first calls compile the rest.
 * `shaped`: the schema is the validator's shaped copy (`schema-shape.ts`);
 * otherwise it is a schema that never changes (a pristine copy), read where
 * it is, and the parts handed to the validator are shaped when first needed.
 *
 * @example
 * ```ts
 * const lookup = dereference(copy);
 * const accepts = compileAcceptor(copy, lookup);
 * accepts({ due: "2026-12-01" }); // true
 * ```
 */
export function compileAcceptor(schema: Schema | boolean, lookup: Lookup, shaped = true): Accept {
  if (typeof schema === "boolean") return () => schema;
  const record = schema as Record<string, unknown>;
  // Own keywords only: an unshaped schema lacks most of them, and an inherited one (a polluted prototype) means nothing.
  const own = (keyword: string): unknown => (Object.hasOwn(record, keyword) ? record[keyword] : undefined);
  const { asserting, coupled } = readPlace(record);
  const reference = own("$ref");
  if (coupled) {
    let whole: Schema | boolean | undefined = shaped ? schema : undefined;
    return (value) => validate(value, (whole ??= shapedCopy(schema)), DRAFT, lookup, true).valid;
  }
  // A local reference is one more schema the value must pass at the same place (2020-12 reads $ref beside its siblings):
  // followed here, recursive data (a tree through "#/$defs/node") costs a few frames a level, where the validator's own
  // walk runs out of stack a few hundred levels down.
  const followed = reference === undefined ? undefined : referenceAcceptor(reference, record, lookup);
  // A place that is only its reference (`child: { $ref: "#/$defs/node" }`) is the reference's check, with no frame of its own:
  // a level of recursive data then costs two frames, not three.
  const inner = own("properties") as Record<string, Schema | boolean> | undefined;
  const additionalSchema = own("additionalProperties");
  const itemsSchema = own("items");
  const walks = inner !== undefined || additionalSchema !== undefined || itemsSchema !== undefined;
  if (followed !== undefined && asserting === undefined && !walks) return followed;
  const handedOff = reference === undefined ? WALKED : WALKED_AND_REF;
  // The part handed to the validator is built only for a schema the leaf fast yes cannot answer.
  let rest: Schema | undefined;
  const assertions =
    asserting === undefined
      ? followed
      : both(
          followed,
          compileLeaf(asserting) ??
            ((value: unknown) =>
              validate(value, (rest ??= shaped ? shapedWithout(schema, handedOff) : shapedExcept(schema, handedOff)), DRAFT, lookup, true)
                .valid),
        );
  const properties = inner === undefined ? undefined : lazyMap(inner, lookup, shaped);
  let additional: Accept | undefined = lazy(additionalSchema, lookup, shaped, (real) => (additional = real));
  let items: Accept | undefined = lazy(itemsSchema, lookup, shaped, (real) => (items = real));
  return (value) => {
    if (assertions !== undefined && !assertions(value)) return false;
    if (typeof value !== "object" || value === null) return true;
    if (Array.isArray(value)) return items === undefined || everyAccepted(value, items);
    if (properties === undefined && additional === undefined) return true;
    for (const key of Object.keys(value)) {
      const check = properties?.get(key) ?? additional;
      if (check !== undefined && !check((value as Record<string, unknown>)[key])) return false;
    }
    return true;
  };
}

/** What a schema object asks of the value at its place, the walked applicators and `$ref` aside. */
export interface PlaceKeywords {
  /** Its asserting keywords (present ones), or `undefined` when it has none. */
  readonly asserting: Record<string, unknown> | undefined;
  /** Whether its applicators depend on keywords beside them (or it changes scope): the validator takes it whole. */
  readonly coupled: boolean;
}

/**
 * The asserting keywords of a schema object (shaped or not: own keywords
 * only, an `undefined` one absent), and whether it is coupled.
 *
 * @example
 * ```ts
 * readPlace({ type: "array", items: { type: "string" }, description: "Tags" }); // { asserting: { type: "array" }, coupled: false }
 * ```
 */
export function readPlace(record: Readonly<Record<string, unknown>>): PlaceKeywords {
  let asserting: Record<string, unknown> | undefined;
  let coupled = Object.hasOwn(record, "items") && Array.isArray(record["items"]);
  for (const keyword of Object.keys(record)) {
    const value = record[keyword];
    // A keyword the validator does not read asserts nothing (the shaped copy leaves it out).
    if (value === undefined || WALKED_AND_REF.has(keyword) || ANNOTATIONS.has(keyword) || !validatorReads(keyword)) continue;
    if (COUPLED.has(keyword)) coupled = true;
    (asserting ??= {})[keyword] = value;
  }
  return { asserting, coupled };
}

/**
 * Whether `accept` takes every element (indexed: an array's own
 * `Symbol.iterator` is never called; `accept` may settle on its first call).
 */
function everyAccepted(array: readonly unknown[], accept: Accept): boolean {
  // eslint-disable-next-line @typescript-eslint/prefer-for-of -- indexed, see above
  for (let index = 0; index < array.length; index++) if (!accept(array[index])) return false;
  return true;
}

/** A subschema's fast yes, compiled at its first use and then put in its place by `settle`. */
function lazy(inner: unknown, lookup: Lookup, shaped: boolean, settle: (real: Accept) => void): Accept | undefined {
  return inner === undefined ? undefined : lazyAccept(inner as Schema | boolean, lookup, shaped, settle);
}

function lazyAccept(inner: Schema | boolean, lookup: Lookup, shaped: boolean, settle: (real: Accept) => void): Accept {
  let real: Accept | undefined;
  return (value) => {
    if (real === undefined) settle((real = compileAcceptor(inner, lookup, shaped)));
    return real(value);
  };
}

/** The fast yes of each declared property, each compiled at its first use. */
function lazyMap(properties: Record<string, Schema | boolean>, lookup: Lookup, shaped: boolean): Map<string, Accept> {
  const map = new Map<string, Accept>();
  for (const [name, inner] of Object.entries(properties))
    map.set(
      name,
      lazyAccept(inner, lookup, shaped, (real) => map.set(name, real)),
    );
  return map;
}

/** Both checks, the first (when there is one) first. */
function both(first: Accept | undefined, second: Accept): Accept {
  return first === undefined ? second : (value) => first(value) && second(value);
}

/** The acceptors of a lookup's schemas, one per schema object: a recursive reference compiles its target once. */
const referenced = new WeakMap<Lookup, WeakMap<object, Accept>>();

/** The fast yes of what a `$ref` points to (the validator's own resolution of it); a reference that resolves to nothing accepts nothing. */
function referenceAcceptor(reference: unknown, record: Record<string, unknown>, lookup: Lookup): Accept {
  // dereference() writes the reference's absolute URI beside it, as the validator reads it.
  const uri = (record as { __absolute_ref__?: unknown }).__absolute_ref__ ?? reference;
  const target = typeof uri === "string" ? lookup[uri] : undefined;
  if (target === undefined) return () => false;
  if (typeof target === "boolean") return () => target;
  let byTarget = referenced.get(lookup);
  if (byTarget === undefined) referenced.set(lookup, (byTarget = new WeakMap()));
  let found = byTarget.get(target);
  if (found === undefined) {
    let real: Accept | undefined;
    // Kept before it is compiled: a target that reaches itself finds this one, compiled on its first value.
    found = (value) => (real ??= compileAcceptor(target, lookup))(value);
    byTarget.set(target, found);
  }
  return found;
}
