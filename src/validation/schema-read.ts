/**
 * Reading the optional keys of a checked action schema — the one reading
 * help, the schema summary of error answers and dispatch share. Obtaining
 * checks only the mandatory pair; optional keys carry no guarantee at the
 * obtaining moment (a tool whose `actions` is a function may return other
 * values than registration checked) and are read with their default: a
 * value of the wrong type, or one that cannot be read, reads as absent
 * rather than being published or throwing out of a call or help answer.
 *
 * Each reader reads the schema's key and every entry once and returns its
 * own copy of the list, so what is served is what was type-checked.
 */
import type { CheckedActionSchema } from "./checked-schema.js";
import { arrayLength, hasOwn, isArray, isPlainObject, read, isUnreadable } from "../util/inspect.js";

/** An optional key's raw value, `undefined` when absent or unreadable; the typed readers below are what callers use. */
function optionalKey(schema: CheckedActionSchema, key: string): unknown {
  if (!hasOwn(schema, key)) return undefined;
  const value = read(schema, key);
  return isUnreadable(value) ? undefined : value;
}

/** `required`: an array of strings, else `[]`. */
export function requiredOf(schema: CheckedActionSchema): readonly string[] {
  return listOf(optionalKey(schema, "required"), isString) ?? [];
}

/** `requiredOneOf`: an array of non-empty arrays of strings, else `[]`. */
export function requiredOneOfOf(schema: CheckedActionSchema): readonly (readonly string[])[] {
  const groups = listOf(optionalKey(schema, "requiredOneOf"), (group): group is readonly string[] => isArray(group));
  if (groups === undefined) return [];
  const read: (readonly string[])[] = [];
  for (const group of groups) {
    const names = listOf(group, isString);
    if (names === undefined || names.length === 0) return [];
    read.push(names);
  }
  return read;
}

/** `defaults` when it is a plain object, else `undefined`. */
export function defaultsOf(schema: CheckedActionSchema): Readonly<Record<string, unknown>> | undefined {
  const defaults = optionalKey(schema, "defaults");
  return isPlainObject(defaults) ? defaults : undefined;
}

/** `notes` when it is a string, else `undefined`. */
export function notesOf(schema: CheckedActionSchema): string | undefined {
  const notes = optionalKey(schema, "notes");
  return typeof notes === "string" ? notes : undefined;
}

/** `related`: an array of strings, else `undefined`. */
export function relatedOf(schema: CheckedActionSchema): readonly string[] | undefined {
  return listOf(optionalKey(schema, "related"), isString);
}

/** `examples`: an array of plain objects, else `undefined`. */
export function examplesOf(schema: CheckedActionSchema): readonly Readonly<Record<string, unknown>>[] | undefined {
  return listOf(optionalKey(schema, "examples"), isPlainObject);
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

/** A copy of `value` when it is an array whose every entry passes `test`, each entry read once; else `undefined`. */
function listOf<T>(value: unknown, test: (entry: unknown) => entry is T): T[] | undefined {
  if (!isArray(value)) return undefined;
  const length = arrayLength(value);
  if (isUnreadable(length)) return undefined;
  const list: T[] = [];
  for (let index = 0; index < length; index++) {
    const entry = read(value, index);
    if (!test(entry)) return undefined;
    list.push(entry);
  }
  return list;
}
