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
    const proto: unknown = Object.getPrototypeOf(value);
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

/**
 * Own enumerable string keys and own symbol keys, or `Unreadable`.
 *
 * The one notion of an object's keys: its own enumerable string keys — what
 * `Object.keys`, `JSON.stringify` and a caller's JSON have. Everything that
 * serves or merges reads them through this function. Validation reads
 * `allOwnKeys`, which also names what is *not* a key (symbol keys and
 * non-enumerable string keys), to report each as an offence.
 */
export function ownKeys(object: object): { strings: string[]; symbols: symbol[] } | Unreadable {
  try {
    return { strings: Object.keys(object), symbols: Object.getOwnPropertySymbols(object) };
  } catch (error) {
    return new Unreadable(error);
  }
}

/**
 * `ownKeys` plus the own non-enumerable string keys (`hidden`), which
 * validation reports as offences: nothing that serves a schema or merges
 * data sees them. An array's `length` is not listed.
 */
export function allOwnKeys(object: object): { strings: string[]; symbols: symbol[]; hidden: string[] } | Unreadable {
  try {
    const strings = Object.keys(object);
    const names = Object.getOwnPropertyNames(object);
    const symbols = Object.getOwnPropertySymbols(object);
    const array = Array.isArray(object);
    if (names.length === strings.length + (array ? 1 : 0)) return { strings, symbols, hidden: [] };
    const enumerable = new Set(strings);
    return { strings, symbols, hidden: names.filter((name) => !enumerable.has(name) && !(array && name === "length")) };
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

/** Whether `key` is an own key of `object` that is not enumerable (`false` when a trap throws). */
export function isHiddenKey(object: object, key: PropertyKey): boolean {
  try {
    const descriptor = Object.getOwnPropertyDescriptor(object, key);
    return descriptor !== undefined && !descriptor.enumerable;
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
    case "object":
    case "undefined": // handled above; listed so the switch names every type
      break;
  }
  if (isArray(value)) return "an array";
  if (isPlainObject(value)) return "an object";
  const constructorName = className(value);
  if (constructorName === "Map" || constructorName === "Set" || constructorName === "Date" || constructorName === "RegExp") {
    return `a ${constructorName}`;
  }
  return constructorName ? `an instance of ${oneLine(constructorName)}` : "an object with a custom prototype";
}

/**
 * The name of the class `value` is an instance of: its prototype's own
 * `constructor`. A prototype without one — an object literal's
 * `__proto__: { … }`, `Object.create(someObject)` — names no class.
 */
function className(value: object): string | undefined {
  try {
    const proto = Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null;
    if (proto === null || !Object.hasOwn(proto, "constructor")) return undefined;
    const name = proto.constructor?.name;
    return typeof name === "string" && name !== "" ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The message of whatever a getter or trap threw, on one line (see `oneLine`). */
export function reasonText(reason: unknown): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- a hostile error's message may be any value
    if (reason instanceof Error) return oneLine(String(reason.message));
    return oneLine(String(reason));
  } catch {
    return "an unprintable value";
  }
}

const LINE_BREAKS = /[\n\r\v\f\u0085\u2028\u2029]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  "\n": "\\n",
  "\r": "\\r",
  "\v": "\\v",
  "\f": "\\f",
  "\u0085": "\\u0085",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * `text` with every line break escaped (`\n` becomes the two characters
 * `\\n`, and so on), so text an author or a caller chose — a symbol's
 * description, a thrown message, a class name — cannot start a line of its
 * own in an error message that is one offence per line.
 *
 * @example
 * ```ts
 * oneLine("a\nb"); // "a\\nb"
 * ```
 */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKS, (character) => ESCAPES[character]!);
}

/** A symbol as offence text: `Symbol(tag)`, on one line. */
export function symbolText(symbol: symbol): string {
  try {
    return oneLine(symbol.toString());
  } catch {
    return "Symbol()";
  }
}

/** An array read through its own keys: present entries, runs of holes, keys that are not indices. */
export interface ArrayEntries {
  readonly length: number;
  /** The indices of the present entries, in order (no value is read). */
  readonly present: readonly number[];
  /** Runs of missing indices below `length`, `[first, last]`, in order. */
  readonly holes: readonly (readonly [number, number])[];
  /** Own enumerable keys that are not indices (`array.extra = 1`). */
  readonly named: readonly string[];
}

/**
 * The entries of an array, found through its own keys rather than by
 * counting up to `length`, so `new Array(2 ** 32 - 1)` costs what it holds,
 * not four billion steps. Holes — `[, "name"]`, `new Array(3)` — come back
 * as runs.
 *
 * @example
 * ```ts
 * arrayEntries([, "a", , ,]); // { length: 4, present: [1], holes: [[0, 0], [2, 3]], named: [] }
 * ```
 */
export function arrayEntries(array: readonly unknown[]): ArrayEntries | Unreadable {
  let length: unknown;
  let keys: string[];
  try {
    length = array.length;
    keys = Object.keys(array);
  } catch (error) {
    return new Unreadable(error);
  }
  if (typeof length !== "number" || !Number.isInteger(length) || length < 0)
    return new Unreadable(new TypeError("its length is not an array length"));
  const indices: number[] = [];
  const named: string[] = [];
  for (const key of keys) {
    const index = Number(key);
    if (index < length && Number.isInteger(index) && index >= 0 && String(index) === key) indices.push(index);
    else named.push(key);
  }
  // An ordinary array lists its indices in ascending order; a Proxy's ownKeys trap need not.
  for (let at = 1; at < indices.length; at++) {
    if (indices[at - 1]! > indices[at]!) {
      indices.sort((a, b) => a - b);
      break;
    }
  }
  const holes: (readonly [number, number])[] = [];
  let next = 0;
  for (const index of indices) {
    if (index > next) holes.push([next, index - 1]);
    next = index + 1;
  }
  if (next < length) holes.push([next, length - 1]);
  return { length, present: indices, holes, named };
}

/** `entry 0 is a hole`, `entries 0–2 are holes`. */
export function holeText([first, last]: readonly [number, number]): string {
  return first === last ? `entry ${first} is a hole` : `entries ${first}–${last} are holes`;
}

/** What `dataFaults` finds wrong at one place. */
export type DataFaultCode = "symbol_key" | "non_enumerable_key" | "getter" | "hole" | "not_json" | "unreadable";

/** One fault of a value scanned by `dataFaults`. */
export interface DataFault {
  /** From the scanned value to the object or array holding the fault (`[]`: the value itself, or its own keys). */
  readonly path: readonly (string | number)[];
  /** The offending key (a symbol is spelled `Symbol(tag)`), when the fault sits under a key. */
  readonly key?: string;
  /** The offending array index (the first of a run of holes), when the fault is an entry. */
  readonly index?: number;
  readonly code: DataFaultCode;
  /** What is wrong, one line, without a trailing period. */
  readonly problem: string;
}

/** How `dataFaults` scans. */
export interface DataScan {
  /**
   * `"data"`: the value must be JSON data — what a caller could send: plain
   * objects, arrays without holes, strings, finite numbers, booleans, null,
   * held in enumerable data properties with string keys, and no object
   * inside itself (a cycle; an object held in two places is fine).
   *
   * `"schema"`: the contents of a property schema, which help and
   * `tools/list` publish as JSON and the gate interprets: the same, except
   * that getters and reads that throw are left to the meta-schema check,
   * which reads every value once.
   */
  readonly reading: "data" | "schema";
  /** Objects already scanned (shared across the scans of one walk): each is scanned once, so cycles and sharing end. */
  readonly seen?: Set<object>;
  /** Called with every object scanned. */
  readonly onObject?: (object: object) => void;
}

interface DataNode {
  readonly parent: DataNode | null;
  readonly segment: string | number;
}

function segmentsFrom(node: DataNode | null): (string | number)[] {
  const segments: (string | number)[] = [];
  for (let at = node; at !== null; at = at.parent) segments.push(at.segment);
  return segments.reverse();
}

/**
 * Why a value is not JSON data — `"a Date"`, `"NaN"`, `"an object with a
 * custom prototype"` — or `undefined` when it is (objects and arrays are
 * judged by their contents).
 */
export function jsonProblem(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : String(value);
    case "object":
      if (value === null) return undefined;
      if (isArray(value)) {
        try {
          return Object.getPrototypeOf(value) === Array.prototype ? undefined : "an array with a custom prototype";
        } catch {
          return "unreadable";
        }
      }
      return isPlainObject(value) ? undefined : describeType(value);
    case "bigint":
    case "function":
    case "symbol":
    case "undefined":
      return describeType(value);
  }
}

/** How `dataFaults` ends the problem of an object found inside itself. */
export const CYCLE_PROBLEM = "is a cycle (an object that contains it)";

/**
 * Every fault of `value` at every depth: symbol keys and non-enumerable keys
 * wherever they sit, every value that is not JSON data (a class instance, an
 * object with a custom prototype such as an object literal's
 * `__proto__: { … }`, a Map, a Date, `undefined`, `NaN`, a function…) and
 * every hole; for `"data"`, every getter too (see `DataScan`). Iterative,
 * each object scanned once, reading through property descriptors: no getter
 * is ever called.
 *
 * @example
 * ```ts
 * dataFaults({ opts: new Date(0), tags: [, "x"] }, { reading: "data" });
 * // [{ path: [], key: "opts", code: "not_json", problem: '"opts" is a Date' },
 * //  { path: ["tags"], index: 0, code: "hole", problem: "entry 0 is a hole" }]
 * ```
 */
export function dataFaults(value: unknown, scan: DataScan): DataFault[] {
  const faults: DataFault[] = [];
  const seen = scan.seen ?? new Set<object>();
  const data = scan.reading === "data";
  const stack: ({ readonly object: object; readonly path: DataNode | null } | { readonly leaving: object })[] = [];
  // The objects from the root down to the one being scanned: depth-first, each left after everything below it.
  const holders = new Set<object>();
  const fault = (path: DataNode | null, where: { key?: string; index?: number }, code: DataFaultCode, problem: string) => {
    faults.push({ path: segmentsFrom(path), ...where, code, problem });
  };
  /** A value held at `where` in the object at `path`. */
  const consider = (path: DataNode | null, where: { key: string } | { index: number }, label: string, held: unknown) => {
    const problem = jsonProblem(held);
    if (problem !== undefined) {
      fault(path, where, "not_json", `${label} is ${problem}`);
      return;
    }
    if (typeof held !== "object" || held === null || !(isArray(held) || isPlainObject(held))) return;
    // Shared objects are data (JSON repeats them); an object inside itself is not: no caller can send a cycle.
    if (data && holders.has(held)) {
      fault(path, where, "not_json", `${label} ${CYCLE_PROBLEM}`);
      return;
    }
    stack.push({ object: held, path: { parent: path, segment: "key" in where ? where.key : where.index } });
  };

  const rootProblem = jsonProblem(value);
  if (rootProblem !== undefined) fault(null, {}, "not_json", `it is ${rootProblem}`);
  else if (typeof value === "object" && value !== null && (isArray(value) || isPlainObject(value)))
    stack.push({ object: value, path: null });

  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if ("leaving" in next) {
      holders.delete(next.leaving);
      continue;
    }
    const { object, path } = next;
    if (seen.has(object)) continue;
    seen.add(object);
    holders.add(object);
    stack.push({ leaving: object });
    scan.onObject?.(object);
    const keys = allOwnKeys(object);
    if (isUnreadable(keys)) {
      if (data) fault(path, {}, "unreadable", `its keys cannot be read (${reasonText(keys.reason)})`);
      continue;
    }
    for (const symbol of keys.symbols) fault(path, { key: symbolText(symbol) }, "symbol_key", `${symbolText(symbol)} is a symbol key`);
    for (const key of keys.hidden) fault(path, { key }, "non_enumerable_key", `${JSON.stringify(key)} is not enumerable`);
    const array = isArray(object);
    let strings = keys.strings;
    if (array) {
      const entries = arrayEntries(object);
      if (isUnreadable(entries)) {
        if (data) fault(path, {}, "unreadable", `its entries cannot be read (${reasonText(entries.reason)})`);
        continue;
      }
      for (const run of entries.holes) fault(path, { index: run[0] }, "hole", holeText(run));
      for (const key of entries.named) fault(path, { key }, "not_json", `${JSON.stringify(key)} is a named key on an array`);
      strings = entries.present.map(String);
    }
    for (const key of strings) {
      const where = array ? { index: Number(key) } : { key };
      const label = array ? `entry ${key}` : JSON.stringify(key);
      let descriptor: PropertyDescriptor | undefined;
      try {
        descriptor = Object.getOwnPropertyDescriptor(object, key);
      } catch (error) {
        if (data) fault(path, where, "unreadable", `reading ${label} threw (${reasonText(error)})`);
        continue;
      }
      if (descriptor === undefined) continue;
      if (!("value" in descriptor)) {
        if (data) fault(path, where, "getter", `${label} is a getter`);
        continue;
      }
      consider(path, where, label, descriptor.value);
    }
  }
  return faults;
}

/**
 * Whether `Object.prototype` carries no enumerable key: then `for…in` and
 * the validator's key walks see an object's own keys alone, and the gate's
 * fast walks may answer.
 */
export function prototypeIsClean(): boolean {
  for (const _ in Object.prototype) return false;
  return true;
}
