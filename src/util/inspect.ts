/**
 * Safe inspection of values an author (or a caller) hands us. Every read that
 * could run foreign code — a getter, a Proxy trap — goes through here, so the
 * validation layer can turn a throwing read into an offence instead of
 * letting an unrelated exception escape.
 */

const unreadables = new WeakSet<object>();

/** A read that threw: the thrown value, kept for the offence text. */
export class Unreadable {
  constructor(readonly reason: unknown) {
    unreadables.add(this);
  }
}

/**
 * Whether `value` is an `Unreadable`. Not `instanceof`: that would run a
 * Proxy's `getPrototypeOf` trap, which may throw.
 */
export function isUnreadable(value: unknown): value is Unreadable {
  return typeof value === "object" && value !== null && unreadables.has(value);
}

/** A non-null object whose prototype is `Object.prototype` or `null`. */
export type PlainObject = Record<string, unknown>;

/** Whether `value` is a plain object (a Proxy whose traps throw is not). */
export function isPlainObject(value: unknown): value is PlainObject {
  if (typeof value !== "object" || value === null) return false;
  try {
    const proto = Object.getPrototypeOf(value);
    // An array's prototype is Array.prototype, so the prototype alone decides (a Proxy of an array reports the target's).
    return proto === Object.prototype || (proto === null && !Array.isArray(value));
  } catch {
    return false;
  }
}

/** `Array.isArray` that answers `false` for a revoked Proxy instead of throwing. */
export function isArray(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** Own enumerable string keys and own symbol keys, or `Unreadable`. */
export function ownKeys(object: object): { strings: string[]; symbols: symbol[] } | Unreadable {
  try {
    return { strings: Object.keys(object), symbols: Object.getOwnPropertySymbols(object) };
  } catch (error) {
    return new Unreadable(error);
  }
}

/** `object[key]` for an own key, or `Unreadable` when a getter or trap throws. */
export function read(object: object, key: PropertyKey): unknown {
  try {
    return (object as Record<PropertyKey, unknown>)[key];
  } catch (error) {
    return new Unreadable(error);
  }
}

/** `Object.hasOwn`, answering `false` when a trap throws. */
export function hasOwn(object: object, key: PropertyKey): boolean {
  try {
    return Object.hasOwn(object, key);
  } catch {
    return false;
  }
}

/** The length of an array, or `Unreadable`. */
export function arrayLength(array: readonly unknown[]): number | Unreadable {
  try {
    return array.length;
  } catch (error) {
    return new Unreadable(error);
  }
}

/**
 * Names a value's type for an offence: "a string", "an array", "a Map",
 * "null", "an instance of Task", "a function"…
 */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (isUnreadable(value)) return "unreadable";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "bigint":
      return "a bigint";
    case "boolean":
      return "a boolean";
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
  }
  if (isArray(value)) return "an array";
  if (isPlainObject(value)) return "an object";
  const constructorName = className(value as object);
  if (constructorName === "Map" || constructorName === "Set" || constructorName === "Date" || constructorName === "RegExp") {
    return `a ${constructorName}`;
  }
  return constructorName ? `an instance of ${constructorName}` : "an object with a custom prototype";
}

function className(value: object): string | undefined {
  try {
    const proto = Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null;
    const name = proto?.constructor?.name;
    return typeof name === "string" && name !== "" ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The message of whatever a getter or trap threw. */
export function reasonText(reason: unknown): string {
  try {
    if (reason instanceof Error) return reason.message;
    return String(reason);
  } catch {
    return "an unprintable value";
  }
}
