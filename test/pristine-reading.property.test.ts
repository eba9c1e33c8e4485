import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { chain } from "../src/validation/chain.js";
import { GUARDED, type Reading } from "../src/validation/key-validators.js";
import { OPEN, type Closure } from "../src/validation/closure.js";
import { readCopy } from "../src/util/read-once.js";

/**
 * A pristine copy is read plainly: the fast yes of `properties` and the
 * author-data shortcuts (defaults and examples that are trees) answer where
 * they are sure. Whatever an action schema holds, the chain on a pristine
 * reading must give what the guarded chain gives — the same offences, in
 * the same order, the same closure and the same compiled properties.
 */

const PRISTINE: Reading = { pristine: true, sealed: false };

const names = fc.constantFrom("a", "b", "c");
const leaf = fc.oneof(
  { arbitrary: fc.constantFrom({ type: "string" }, { type: "integer", minimum: 0 }, { enum: ["x", "y"] }), weight: 12 },
  fc.constant({ type: "strng" }),
);
const schema: fc.Memo<unknown> = fc.memo((depth) =>
  depth <= 1
    ? leaf
    : fc.oneof(
        leaf,
        fc.record({ type: fc.constant("object"), properties: fc.dictionary(names, schema(depth - 1), { maxKeys: 2 }) }),
        fc.record({ type: fc.constant("object"), additionalProperties: fc.oneof(fc.boolean(), schema(depth - 1)) }),
        fc.record({ type: fc.constant("array"), items: schema(depth - 1) }),
      ),
);
const data: fc.Memo<unknown> = fc.memo((depth): fc.Arbitrary<unknown> =>
  depth <= 1
    ? fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -2, max: 2 }), fc.boolean(), fc.constant(null))
    : fc.oneof<fc.Arbitrary<unknown>[]>(
        fc.dictionary(fc.constantFrom("a", "b", "c", "zz"), data(depth - 1), { maxKeys: 3 }),
        fc.array(data(depth - 1), { maxLength: 2 }),
      ),
);
const actionSchema = fc
  .record(
    {
      description: fc.oneof({ arbitrary: fc.constant("Do it"), weight: 12 }, fc.constant("two\nlines")),
      properties: fc.dictionary(names, schema(3), { maxKeys: 3 }),
      required: fc.uniqueArray(fc.oneof({ arbitrary: names, weight: 8 }, fc.constant("zz")), { maxLength: 2 }),
      requiredOneOf: fc.array(fc.uniqueArray(names, { minLength: 1, maxLength: 2 }), { maxLength: 2 }),
      defaults: fc.oneof(
        fc.constant({}),
        fc.dictionary(fc.oneof({ arbitrary: names, weight: 8 }, fc.constant("zz")), data(3), { maxKeys: 2 }),
      ),
      examples: fc.oneof(
        fc.constant([]),
        fc.array(fc.dictionary(fc.oneof({ arbitrary: names, weight: 8 }, fc.constant("zz")), data(3), { maxKeys: 2 }), { maxLength: 2 }),
      ),
    },
    { requiredKeys: ["description", "properties"] },
  )
  .chain((base) =>
    // Now and then a default or an example that holds itself: a cycle, which only the full scan names.
    fc.nat(9).map((chance) => {
      const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
      const defaults = copy["defaults"] as Record<string, unknown> | undefined;
      const [example] = (copy["examples"] ?? []) as Record<string, unknown>[];
      if (chance === 0 && defaults !== undefined) defaults["zz"] = defaults;
      if (chance === 1 && example !== undefined) example["zz"] = [example];
      return copy;
    }),
  );

/** A closure as text: every Map's entries in order, OPEN by identity. */
function shape(closure: Closure | ReadonlyMap<string, Closure> | null | undefined): unknown {
  if (closure === null || closure === undefined) return closure;
  if (closure instanceof Map) return [...closure].map(([name, inner]) => [name, shape(inner)]);
  if (closure === OPEN) return "OPEN";
  const place = closure as Closure;
  return [shape(place.declared), typeof place.extra === "object" ? shape(place.extra) : place.extra, shape(place.items)];
}

describe("a pristine reading checks an action schema as a guarded one does", () => {
  test("the same offences, closure and compiled properties", () => {
    let clean = 0;
    fc.assert(
      fc.property(actionSchema, (generated) => {
        const { copy, pristine } = readCopy(generated);
        expect(pristine.length).toBeGreaterThan(0);
        const plain = chain("a", copy, "all", PRISTINE);
        const guarded = chain("a", copy, "all", GUARDED);
        expect(JSON.stringify(plain.offences)).toBe(JSON.stringify(guarded.offences));
        expect(shape(plain.walk?.closure)).toEqual(shape(guarded.walk?.closure));
        expect([...(plain.values?.keys() ?? [])]).toEqual([...(guarded.values?.keys() ?? [])]);
        if (guarded.offences.length === 0) clean++;
      }),
      { numRuns: 1500 },
    );
    // Worth something only if many schemas are clean (the shortcuts answer) and many are not.
    expect(clean).toBeGreaterThan(120);
  });
});
