/**
 * Reading the optional keys of a checked action schema. Obtaining checks
 * only the mandatory pair; optional keys carry no guarantee at the obtaining
 * moment and are read with their default — a wrong-typed or unreadable
 * value reads as absent rather than throwing out of a call or help answer.
 */
import type { CheckedActionSchema } from "./checked-schema.js";
import { hasOwn, isArray, isPlainObject, read, isUnreadable } from "../util/inspect.js";

/** An optional key's value, `undefined` when absent or unreadable. */
export function optionalKey(schema: CheckedActionSchema, key: string): unknown {
  if (!hasOwn(schema, key)) return undefined;
  const value = read(schema, key);
  return isUnreadable(value) ? undefined : value;
}

/** `required`, or `[]`. */
export function requiredOf(schema: CheckedActionSchema): readonly string[] {
  return stringList(optionalKey(schema, "required"));
}

/** `requiredOneOf`, or `[]`; only well-typed groups. */
export function requiredOneOfOf(schema: CheckedActionSchema): readonly (readonly string[])[] {
  const groups = optionalKey(schema, "requiredOneOf");
  return isArray(groups) ? groups.filter((group) => isArray(group) && group.length > 0).map(stringList) : [];
}

/** `defaults` when it is a plain object, else `undefined`. */
export function defaultsOf(schema: CheckedActionSchema): Readonly<Record<string, unknown>> | undefined {
  const defaults = optionalKey(schema, "defaults");
  return isPlainObject(defaults) ? defaults : undefined;
}

function stringList(value: unknown): string[] {
  return isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}
