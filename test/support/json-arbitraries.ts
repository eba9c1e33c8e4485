/**
 * Small JSON values for the property tests of the value check: few distinct
 * numbers and short strings, so that random schemas and random data often
 * meet at their bounds.
 */
import fc from "fast-check";

export const smallNumber = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -3, max: 3, noNaN: true }));
export const primitive = fc.oneof(fc.string({ maxLength: 3 }), smallNumber, fc.boolean(), fc.constant(null));
export const TYPES = ["string", "number", "integer", "boolean", "null", "array", "object"] as const;

/** A keyword and a value for it, as an entry of `Object.fromEntries`. */
export const entry = <T>(key: string, arbitrary: fc.Arbitrary<T>) => arbitrary.map((chosen): [string, unknown] => [key, chosen]);

/** Values nested up to the memo's depth: arrays of at most `items`, objects over `keys`. */
export function nestedValues(shape: {
  readonly items: number;
  readonly keys: readonly string[];
  readonly maxKeys: number;
}): fc.Memo<unknown> {
  const value: fc.Memo<unknown> = fc.memo((depth) =>
    depth <= 1
      ? primitive
      : fc.oneof(
          { arbitrary: primitive, weight: 2 },
          fc.array(value(depth - 1), { maxLength: shape.items }),
          fc.dictionary(fc.constantFrom(...shape.keys), value(depth - 1), { maxKeys: shape.maxKeys }),
        ),
  );
  return value;
}
