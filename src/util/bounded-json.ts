/**
 * JSON text that can always be written: what an answer carries comes partly
 * from authors (schemas, defaults, examples, error details) and may be
 * deeper, cyclic, shared or unreadable beyond what `JSON.stringify` survives.
 */

/**
 * How deep an answer prints: past every schema registration admits (300
 * subschemas, two levels each, holding values 256 deep), well within what
 * the call stack recurses through.
 */
export const MAX_ANSWER_DEPTH = 1024;

/** How many values one answer prints at most: far beyond a real answer, short of a hang on shared structure. */
const MAX_ANSWER_VALUES = 1_000_000;

/** What an answer prints in place of a value nested deeper than it prints. */
export const TOO_DEEP = "[nested too deep: not shown]";
const CIRCULAR = JSON.stringify("[circular: not shown]");
const UNREADABLE = JSON.stringify("[unreadable: not shown]");
const TOO_MANY = JSON.stringify("[too large: not shown]");

/**
 * `value` as JSON text, read as `JSON.stringify` reads it (`toJSON`, own
 * enumerable string keys, `undefined`, functions and symbols left out or
 * `null` in arrays, non-finite numbers as `null`), except that it never
 * throws: anything nested deeper than `maxDepth` objects and arrays, a
 * cycle, a read that throws (a getter, a Proxy trap, `toJSON`) and values
 * past one million are written as a marker string, and a bigint as its
 * decimal string. Each value is read once.
 *
 * @example
 * ```ts
 * boundedJson({ a: { b: { c: 1 } } }, 2); // '{"a":{"b":"[nested too deep: not shown]"}}'
 * ```
 */
export function boundedJson(value: unknown, maxDepth: number = MAX_ANSWER_DEPTH): string {
  const parts: string[] = [];
  const ancestors = new Set<object>();
  const tooDeep = JSON.stringify(TOO_DEEP);
  let budget = MAX_ANSWER_VALUES;
  /** Writes one value; `false` when it writes nothing (a value JSON leaves out). */
  const write = (key: string, raw: unknown, depth: number): boolean => {
    if (--budget < 0) return parts.push(TOO_MANY) > 0;
    let value = raw;
    if ((typeof value === "object" && value !== null) || typeof value === "bigint") {
      try {
        const toJSON = (value as { toJSON?: unknown }).toJSON;
        if (typeof toJSON === "function") value = toJSON.call(value, key) as unknown;
      } catch {
        return parts.push(UNREADABLE) > 0;
      }
    }
    switch (typeof value) {
      case "string":
        return parts.push(JSON.stringify(value)) > 0;
      case "boolean":
        return parts.push(value ? "true" : "false") > 0;
      case "number":
        return parts.push(Number.isFinite(value) ? String(value) : "null") > 0;
      case "bigint":
        return parts.push(JSON.stringify(value.toString())) > 0;
      case "undefined":
      case "function":
      case "symbol":
        return false;
      case "object":
        break;
    }
    if (value === null) return parts.push("null") > 0;
    const object = value as Record<string, unknown>;
    if (depth >= maxDepth) return parts.push(tooDeep) > 0;
    if (ancestors.has(object)) return parts.push(CIRCULAR) > 0;
    let list: boolean;
    let keys: string[] | undefined;
    let length = 0;
    try {
      list = Array.isArray(object);
      if (list) length = (object as unknown as unknown[]).length;
      else keys = Object.keys(object);
    } catch {
      return parts.push(UNREADABLE) > 0;
    }
    ancestors.add(object);
    if (list) {
      parts.push("[");
      for (let index = 0; index < length; index++) {
        if (index > 0) parts.push(",");
        if (budget <= 0) {
          parts.push(TOO_MANY);
          break;
        }
        let entry: unknown;
        try {
          entry = object[index];
        } catch {
          parts.push(UNREADABLE);
          continue;
        }
        if (!write(String(index), entry, depth + 1)) parts.push("null");
      }
      parts.push("]");
    } else {
      parts.push("{");
      let first = true;
      for (const name of keys ?? []) {
        const mark = parts.length;
        parts.push(first ? "" : ",", JSON.stringify(name), ":");
        if (budget <= 0) {
          parts.push(TOO_MANY);
          break;
        }
        let entry: unknown;
        try {
          entry = object[name];
        } catch {
          parts.push(UNREADABLE);
          first = false;
          continue;
        }
        // A value JSON leaves out takes its key with it.
        if (write(name, entry, depth + 1)) first = false;
        else parts.length = mark;
      }
      parts.push("}");
    }
    ancestors.delete(object);
    return true;
  };
  // The root is always a report or a help answer, never a value JSON leaves out.
  if (!write("", value, 0)) return "null";
  return parts.join("");
}
