/**
 * How many failures the validator would name for a refused value at a leaf
 * (a schema object whose asserting keywords are all ones `leaf-acceptor.ts`
 * answers). Past the problems a refusal names, the rest are only counted:
 * counting them here, keyword by keyword with the validator's semantics,
 * spares the validator building a pointer and a sentence for each of
 * 130,000 wrong items. What is not counted here exactly (an object or array
 * compared with `enum`/`const`, `uniqueItems`) is left to the validator.
 */
import { codePoints, hasType, jsonType, LEAF_KEYWORDS, type LeafKeywords } from "./leaf-acceptor.js";

/**
 * The failures of a value at the leaf, as the validator counts them (a
 * place's missing `required` keys are one); `undefined`: ask the validator.
 */
type LeafCount = (value: unknown) => number | undefined;

/**
 * The failure count of a leaf's asserting keywords (those present), or
 * `undefined` when one of them is not answered here.
 *
 * @example
 * ```ts
 * const count = compileLeafCount({ type: "string", minLength: 2 });
 * count?.("a"); // 1 (too short)
 * count?.(5);   // 1 (not a string; minLength reads strings only)
 * ```
 */
export function compileLeafCount(keywords: Readonly<Record<string, unknown>>): LeafCount | undefined {
  for (const keyword of Object.keys(keywords)) if (!LEAF_KEYWORDS.has(keyword) || keyword === "uniqueItems") return undefined;
  const leaf = keywords as LeafKeywords;
  const { type, enum: members, const: constant, required, minItems, maxItems } = leaf;
  const types: readonly unknown[] | undefined = type === undefined ? undefined : Array.isArray(type) ? type : [type];
  const hasConst = Object.hasOwn(keywords, "const");
  return (value) => {
    const actual = jsonType(value);
    if (actual === undefined) return undefined;
    const compound = actual === "object" || actual === "array";
    // Deep comparison is the validator's own.
    if (compound && (hasConst || members !== undefined)) return undefined;
    let count = 0;
    if (types !== undefined && !types.some((expected) => hasType(value, actual, expected))) count++;
    if (hasConst && constant !== value) count++;
    if (members !== undefined && !members.some((member) => member === value)) count++;
    switch (actual) {
      case "number":
        return count + numberFailures(value as number, leaf);
      case "string":
        return count + lengthFailures(value as string, leaf);
      case "array": {
        const { length } = value as unknown[];
        return count + Number(maxItems !== undefined && length > maxItems) + Number(minItems !== undefined && length < minItems);
      }
      case "object":
        return count + Number(required?.some((key) => !Object.hasOwn(value as object, key)) === true);
      default:
        return count;
    }
  };
}

function numberFailures(number: number, { minimum, maximum, exclusiveMinimum, exclusiveMaximum }: LeafKeywords): number {
  return (
    Number(minimum !== undefined && number < minimum) +
    Number(maximum !== undefined && number > maximum) +
    Number(exclusiveMinimum !== undefined && number <= exclusiveMinimum) +
    Number(exclusiveMaximum !== undefined && number >= exclusiveMaximum)
  );
}

function lengthFailures(text: string, { minLength, maxLength }: LeafKeywords): number {
  if (minLength === undefined && maxLength === undefined) return 0;
  const length = codePoints(text);
  return Number(minLength !== undefined && length < minLength) + Number(maxLength !== undefined && length > maxLength);
}
