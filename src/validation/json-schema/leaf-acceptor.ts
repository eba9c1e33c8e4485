/**
 * The fast yes for a schema object's simple assertions. A validator call
 * costs about the same whatever it checks (it reads every keyword it knows
 * of each schema object, and allocates its bookkeeping), so a leaf such as
 * `{ type: "string", minLength: 1 }` costs as much as a small object. The
 * assertions below are answered here instead, with the validator's own
 * semantics; a schema object with any other asserting keyword is handed to
 * the validator as before, and a no from here is only "look closer": the
 * validator decides every refusal and names its problems. A property test
 * pins that this agrees with the validator on every value.
 */
import { canonicalJson } from "../../util/canonical-json.js";

/** The keywords answered here; any other asserting keyword sends the schema object to the validator. */
export const LEAF_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "const",
  "required",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
]);

type Leaf = (value: unknown) => boolean;

/** A value's JSON type as the validator names it; `undefined` for what JSON cannot carry (the validator throws on those). */
export function jsonType(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
      return typeof value;
    case "object":
      return value === null ? "null" : Array.isArray(value) ? "array" : "object";
    case "bigint":
    case "function":
    case "symbol":
    case "undefined":
      return undefined;
  }
}

/** Whether a value of JSON type `actual` has the type `expected` (an integer is a number with no fraction). */
export function hasType(value: unknown, actual: string, expected: unknown): boolean {
  return expected === actual || (expected === "integer" && actual === "number" && Number.isInteger(value));
}

/** Code points, as `minLength`/`maxLength` count them (a lone surrogate counts as one). */
export function codePoints(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    count++;
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) index++;
  }
  return count;
}

/** A primitive found by `===` in an enum; objects, arrays (and NaN) are the validator's. */
function listed(members: readonly unknown[], value: unknown): boolean {
  if (typeof value === "object" && value !== null) return false;
  for (const member of members) if (member === value) return true;
  return false;
}

/**
 * Whether no two items are equal as JSON Schema compares them, in one pass:
 * primitives by value, objects and arrays by their canonical text. The
 * validator compares every pair, which a long array a caller sends turns
 * into seconds.
 */
function distinct(array: readonly unknown[]): boolean {
  const primitives = new Set<unknown>();
  const texts = new Set<string>();
  // Indexed, not iterated: an array's own Symbol.iterator is never called.
  // eslint-disable-next-line @typescript-eslint/prefer-for-of -- see above
  for (let index = 0; index < array.length; index++) {
    const item = array[index];
    if (typeof item !== "object" || item === null) {
      if (primitives.has(item)) return false;
      primitives.add(item);
      continue;
    }
    let text: string;
    try {
      text = canonicalJson(item);
    } catch {
      return false; // unreadable: the validator decides
    }
    if (texts.has(text)) return false;
    texts.add(text);
  }
  return true;
}

/** The keywords a leaf answers, with the types the meta-schema gives them. */
export interface LeafKeywords {
  readonly type?: unknown;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly required?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

/**
 * The check of a schema object's asserting keywords (those present, not
 * `undefined`), or `undefined` when one of them is not answered here. The
 * schema is a checked one: each keyword's value has the type the
 * meta-schema requires.
 *
 * @example
 * ```ts
 * const name = compileLeaf({ type: "string", minLength: 1 });
 * name?.("Ada"); // true
 * name?.("");    // false: look closer
 * ```
 */
export function compileLeaf(keywords: Readonly<Record<string, unknown>>): Leaf | undefined {
  for (const keyword of Object.keys(keywords)) if (!LEAF_KEYWORDS.has(keyword)) return undefined;
  const {
    type,
    enum: members,
    const: constant,
    required,
    minimum,
    maximum,
    exclusiveMinimum,
    exclusiveMaximum,
    minLength,
    maxLength,
    minItems,
    maxItems,
    uniqueItems,
  } = keywords as LeafKeywords;
  const types: readonly unknown[] | undefined = type === undefined ? undefined : Array.isArray(type) ? type : [type];
  const hasConst = Object.hasOwn(keywords, "const");
  return (value) => {
    const actual = jsonType(value);
    if (actual === undefined) return false;
    if (types !== undefined && !types.some((expected) => hasType(value, actual, expected))) return false;
    if (hasConst && (constant !== value || (typeof value === "object" && value !== null))) return false;
    if (members !== undefined && !listed(members, value)) return false;
    switch (actual) {
      case "number": {
        const number = value as number;
        return !(
          number < (minimum ?? -Infinity) ||
          number > (maximum ?? Infinity) ||
          (exclusiveMinimum !== undefined && number <= exclusiveMinimum) ||
          (exclusiveMaximum !== undefined && number >= exclusiveMaximum)
        );
      }
      case "string": {
        if (minLength === undefined && maxLength === undefined) return true;
        const text = value as string;
        // Code points lie between half the UTF-16 length and the length: count them only when that range straddles a bound.
        if ((minLength === undefined || Math.ceil(text.length / 2) >= minLength) && (maxLength === undefined || text.length <= maxLength))
          return true;
        const length = codePoints(text);
        return (minLength === undefined || length >= minLength) && (maxLength === undefined || length <= maxLength);
      }
      case "array": {
        const { length } = value as unknown[];
        return length >= (minItems ?? 0) && length <= (maxItems ?? Infinity) && (uniqueItems !== true || distinct(value as unknown[]));
      }
      case "object":
        return required === undefined || required.every((key) => Object.hasOwn(value as object, key));
      default:
        return true;
    }
  };
}
