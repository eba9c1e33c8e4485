/**
 * The bound on naming `uniqueItems` failures. The validator compares every
 * pair of an array's items whenever a schema says `uniqueItems`, so a long
 * array a caller sends costs it seconds — whatever else is wrong with the
 * call. Past the bound the refusal (already decided by the one-pass fast
 * yes) is named here instead: the array holding a repeated item, or the
 * array as too long to name problems in.
 */
import type { PathSegment } from "../offence.js";
import { canonicalJson } from "../../util/canonical-json.js";

/** The longest array the validator is handed under a schema with `uniqueItems` (2,000² comparisons is milliseconds). */
export const MAX_PAIRWISE_ITEMS = 2000;

/** A failure as the validator module names one (`SchemaFailure`, which is defined there: this module is below it). */
interface LongArrayFailure {
  readonly path: readonly PathSegment[];
  readonly keyword: string;
  readonly rule?: unknown;
  readonly value: unknown;
  readonly message: string;
}

/** Whether a schema says `uniqueItems: true` anywhere (a bounded walk of its own objects). */
export function saysUniqueItems(schema: unknown): boolean {
  const seen = new Set<object>();
  const stack = [schema];
  while (stack.length > 0 && seen.size < 100_000) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    if (!Array.isArray(node) && (node as { uniqueItems?: unknown }).uniqueItems === true) return true;
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

/**
 * The failures to name without the validator when `value` holds an array
 * longer than `MAX_PAIRWISE_ITEMS`; `undefined` when it holds none (the
 * validator names them).
 */
export function longArrayFailures(value: unknown): LongArrayFailure[] | undefined {
  const long = longArrays(value);
  if (long.length === 0) return undefined;
  const failures: LongArrayFailure[] = [];
  for (const { path, array } of long) {
    const twice = repeatedIndex(array);
    failures.push(
      twice === undefined
        ? {
            path,
            keyword: "unchecked",
            value: array,
            message:
              `it is an array of ${array.length} items, more than the ${MAX_PAIRWISE_ITEMS} ` +
              "a refusal names problems in under uniqueItems; send fewer items",
          }
        : // At the array, as the validator names it.
          { path, keyword: "uniqueItems", rule: true, value: array, message: "has an item listed twice" },
    );
  }
  return failures;
}

/** Every array longer than the bound, with its path (a bounded walk: JSON data from a call). */
function longArrays(value: unknown): { path: PathSegment[]; array: readonly unknown[] }[] {
  const found: { path: PathSegment[]; array: readonly unknown[] }[] = [];
  const stack: { node: unknown; path: PathSegment[] }[] = [{ node: value, path: [] }];
  let visits = 0;
  for (let next = stack.pop(); next !== undefined && visits++ < 1_000_000 && found.length < 10; next = stack.pop()) {
    const { node, path } = next;
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      if (node.length > MAX_PAIRWISE_ITEMS) found.push({ path, array: node });
      else node.forEach((item, index) => stack.push({ node: item, path: [...path, index] }));
    } else for (const [key, item] of Object.entries(node)) stack.push({ node: item, path: [...path, key] });
  }
  return found;
}

/** The index of the first item equal to an earlier one, if any. */
function repeatedIndex(array: readonly unknown[]): number | undefined {
  const seen = new Set<unknown>();
  for (let index = 0; index < array.length; index++) {
    const item = array[index];
    const key = typeof item === "object" && item !== null ? `\0${canonicalJson(item)}` : item;
    if (seen.has(key)) return index;
    seen.add(key);
  }
  return undefined;
}
