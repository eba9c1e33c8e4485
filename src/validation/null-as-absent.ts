/**
 * `null` for an optional key, read as absent. A strict listing (every key
 * required, optional ones nullable: OpenAI `strict: true`, Anthropic strict
 * tool use) makes a model send `null` for every optional key it has no value
 * for; the gate of a tool listed that way reads such a `null` as "not sent",
 * so the key's default applies. A key whose own schema admits `null` keeps
 * it: there `null` is a value (`due: null` clears a date).
 */
import { deepCopy } from "../util/deep-copy.js";
import { arrayLength, hasOwn, isArray, isPlainObject, isUnreadable, ownKeys, read } from "../util/inspect.js";
import type { PathSegment } from "./offence.js";

/**
 * Whether a property schema admits `null` as written: a `null` type, a
 * `null` in `enum`, `const: null`, or a branch of `anyOf`/`oneOf` that does.
 * An untyped schema admits anything, `null` included.
 *
 * @example
 * ```ts
 * admitsNull({ type: ["string", "null"] }); // true
 * admitsNull({ type: "string" }); // false
 * ```
 */
export function admitsNull(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isPlainObject(schema)) return false;
  const field = (key: string): unknown => (hasOwn(schema, key) ? read(schema, key) : undefined);
  const type = field("type");
  const enumValues = field("enum");
  if (hasOwn(schema, "const")) return field("const") === null;
  if (isArray(enumValues)) return enumValues.includes(null);
  if (typeof type === "string") return type === "null";
  if (isArray(type)) return type.includes("null");
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = field(keyword);
    if (isArray(branches)) return branches.some((branch) => admitsNull(branch));
  }
  return true;
}

/** A place to visit: the data there and the schema that describes it. */
interface Visit {
  readonly value: unknown;
  readonly schema: unknown;
  readonly path: readonly PathSegment[];
}

/** How many places one reading visits at most: a hostile call is refused by the gate, not walked here. */
const MAX_VISITS = 100_000;

/**
 * `data` without the `null` of every optional key whose schema does not
 * admit `null`, at every depth the action's `properties` describe (nested
 * `properties`, the object form of `items`, and the branches of `anyOf` /
 * `oneOf`, where the strict listing lists optional keys nullable too). Returns `data` itself when
 * it carries no such `null`, else a copy: the caller's object is never
 * changed.
 *
 * @example
 * ```ts
 * nullAsAbsent({ query: { type: "string" }, limit: { type: "integer" } }, ["query"], { query: "x", limit: null });
 * // { query: "x" } — then the default of limit applies
 * ```
 */
export function nullAsAbsent(properties: unknown, required: readonly string[], data: object): object {
  const absent: { readonly path: readonly PathSegment[]; readonly key: string }[] = [];
  const pending: Visit[] = [{ value: data, schema: { properties, required }, path: [] }];
  let visits = 0;
  for (let visit = pending.pop(); visit !== undefined && visits < MAX_VISITS; visit = pending.pop(), visits++) {
    const { value, schema, path } = visit;
    if (!isPlainObject(schema) || typeof value !== "object" || value === null) continue;
    if (isArray(value)) {
      const items = hasOwn(schema, "items") ? read(schema, "items") : undefined;
      const length = arrayLength(value);
      if (!isPlainObject(items) || isUnreadable(length)) continue;
      for (let index = 0; index < length; index++) pending.push({ value: read(value, index), schema: items, path: [...path, index] });
      continue;
    }
    // The strict listing lists the optional keys of every anyOf / oneOf branch nullable too: each branch is read the same way.
    for (const keyword of ["anyOf", "oneOf"]) {
      const branches = hasOwn(schema, keyword) ? read(schema, keyword) : undefined;
      if (isArray(branches)) for (const branch of branches) pending.push({ value, schema: branch, path });
    }
    const declared = hasOwn(schema, "properties") ? read(schema, "properties") : undefined;
    if (!isPlainObject(declared) || !isPlainObject(value)) continue;
    const requiredHere = hasOwn(schema, "required") ? read(schema, "required") : undefined;
    const keys = ownKeys(value);
    if (isUnreadable(keys)) continue;
    for (const key of keys.strings) {
      if (!hasOwn(declared, key)) continue;
      const inner = read(value, key);
      const propertySchema = read(declared, key);
      if (inner === null) {
        const isRequired = isArray(requiredHere) && requiredHere.includes(key);
        if (!isRequired && !admitsNull(propertySchema)) absent.push({ path, key });
      } else pending.push({ value: inner, schema: propertySchema, path: [...path, key] });
    }
  }
  if (absent.length === 0) return data;
  const copy = deepCopy(data) as Record<string, unknown>;
  for (const { path, key } of absent) {
    let holder: unknown = copy;
    for (const segment of path) holder = (holder as Record<PathSegment, unknown>)[segment];
    Reflect.deleteProperty(holder as object, key);
  }
  return copy;
}
