/**
 * One JSON text per value, whatever the order its keys were written in:
 * what a digest or a binding is computed over, so that the same data always
 * gives the same text (a client may send the same arguments with their keys
 * reordered).
 */

/** How deep the text follows nested objects and arrays: far past any call's data, well within the call stack. */
const MAX_DEPTH = 1024;

/** Written in place of what the text does not follow: a value nested deeper than `MAX_DEPTH`, or a cycle. */
const NOT_FOLLOWED = '"[not followed]"';

/**
 * `value` as JSON text with every object's keys sorted (by UTF-16 code
 * units, as `Array.prototype.sort` orders strings) and no whitespace; read
 * as `JSON.stringify` reads plain data (`undefined`, functions and symbols
 * left out, or `null` in arrays; non-finite numbers as `null`). A cycle or
 * nesting past 1,024 levels is written as a marker instead of overflowing
 * the stack. A throwing getter or Proxy trap throws.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [true, { d: null, c: "x" }] }); // '{"a":[true,{"c":"x","d":null}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  const ancestors = new Set<object>();
  const write = (item: unknown, depth: number): string | undefined => {
    switch (typeof item) {
      case "string":
        return JSON.stringify(item);
      case "number":
        return Number.isFinite(item) ? String(item) : "null";
      case "boolean":
        return item ? "true" : "false";
      case "bigint":
        return JSON.stringify(String(item));
      case "undefined":
      case "function":
      case "symbol":
        return undefined;
      case "object":
        break;
    }
    if (item === null) return "null";
    if (depth >= MAX_DEPTH || ancestors.has(item)) return NOT_FOLLOWED;
    ancestors.add(item);
    try {
      if (Array.isArray(item)) return `[${(item as unknown[]).map((entry) => write(entry, depth + 1) ?? "null").join(",")}]`;
      const parts: string[] = [];
      for (const key of Object.keys(item).sort()) {
        const text = write((item as Record<string, unknown>)[key], depth + 1);
        if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
      }
      return `{${parts.join(",")}}`;
    } finally {
      ancestors.delete(item);
    }
  };
  return write(value, 0) ?? "null";
}
