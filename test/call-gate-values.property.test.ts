/**
 * Property: the call gate lets a call through if and only if an independent
 * JSON Schema validator (Ajv, draft 2020-12, with ajv-formats) accepts its
 * data against the closed object schema the action stands for — and the data
 * the handler then receives (defaults merged) satisfies that schema too.
 *
 * The oracle's schema is the action's, closed as wymcp closes it: the top
 * level refuses undeclared keys, and so does every place the key-set walk
 * reaches (nested `properties`, a single-schema `items`, a schema
 * `additionalProperties`) whose schema has `properties` and no
 * `additionalProperties`. Each property schema gets its own `$id`, so its
 * `#/$defs/…` references resolve inside it, as they do at the gate.
 *
 * Calls go through the SDK's own `Client` over an in-memory transport, so the
 * data is JSON on the wire exactly as a client sends it.
 */
import fc from "fast-check";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import { connectSdk, type SdkSession } from "./support/sdk-session.js";

// Both are CommonJS modules whose export is also their `default`.
type AjvClass = typeof Ajv2020Module.default;
const Ajv2020: AjvClass = (Ajv2020Module as unknown as { default?: AjvClass }).default ?? (Ajv2020Module as unknown as AjvClass);
type AddFormats = typeof addFormatsModule.default;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One property schema per keyword family of the gate. */
const PROPERTIES: Record<string, Record<string, unknown>> = {
  s: { type: "string", minLength: 2, maxLength: 5, pattern: "^[a-c]*$" },
  n: { type: "number", minimum: -2, exclusiveMaximum: 10, multipleOf: 0.5 },
  i: { type: ["integer", "null"], exclusiveMinimum: 0, maximum: 100 },
  e: { enum: ["a", 1, null, [1], { k: 1 }] },
  c: { const: { x: [1, "y"] } },
  nul: { type: ["string", "null"] },
  tags: { type: "array", items: { enum: ["red", "green", "blue"] }, minItems: 1, maxItems: 3, uniqueItems: true },
  tuple: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
  has: { type: "array", contains: { type: "integer", minimum: 5 } },
  opts: {
    type: "object",
    properties: { due: { type: "string", format: "date" }, mail: { type: "string", format: "email" }, level: { type: "integer" } },
    required: ["due"],
  },
  extra: {
    type: "object",
    properties: { a: { type: "string" } },
    additionalProperties: { type: "integer" },
    propertyNames: { maxLength: 3 },
    minProperties: 1,
    maxProperties: 3,
  },
  dep: { type: "object", dependentRequired: { card: ["cvv"] } },
  any: {
    anyOf: [
      { type: "string", maxLength: 1 },
      { type: "integer", minimum: 0 },
    ],
  },
  one: { oneOf: [{ type: "integer" }, { type: "number", minimum: 0 }] },
  all: { allOf: [{ type: "string" }, { minLength: 1 }, { not: { const: "no" } }] },
  cond: { if: { type: "string" }, then: { maxLength: 2 }, else: { type: "boolean" } },
  tree: {
    $ref: "#/$defs/node",
    $defs: {
      node: {
        type: "object",
        properties: { value: { type: "integer", minimum: 0 }, kids: { type: "array", items: { $ref: "#/$defs/node" } } },
        required: ["value"],
        additionalProperties: false,
      },
    },
  },
  ue: { type: "object", allOf: [{ properties: { a: { type: "string" } } }], unevaluatedProperties: false },
  rows: { type: "array", items: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
};
const REQUIRED = ["s"];
const DEFAULTS = { n: 1.5, nul: "dn", tags: ["red"] };

/** Closes, in a copy, every place wymcp's key-set walk closes: `properties` without `additionalProperties`, along properties / single items / additionalProperties schemas. */
function closedLikeTheGate(schema: unknown): unknown {
  const copy = structuredClone(schema);
  const close = (place: unknown): void => {
    if (typeof place !== "object" || place === null || Array.isArray(place)) return;
    const node = place as Record<string, unknown>;
    const properties = node["properties"];
    if (typeof properties === "object" && properties !== null && !Array.isArray(properties)) {
      if (node["additionalProperties"] === undefined) node["additionalProperties"] = false;
      for (const inner of Object.values(properties)) close(inner);
    }
    const items = node["items"];
    if (typeof items === "object" && items !== null && !Array.isArray(items)) close(items);
    const additional = node["additionalProperties"];
    if (typeof additional === "object" && additional !== null) close(additional);
  };
  close(copy);
  return copy;
}

/**
 * A property schema as its own resource for the oracle. (Ajv recurses without end on a `$ref` beside `$id` whose
 * target refers back, so the rest of the schema moves under `allOf`, beside the resource's `$id` and `$defs`.)
 */
function asResource(name: string, schema: unknown): object {
  const { $defs, ...rest } = closedLikeTheGate(schema) as Record<string, unknown>;
  return { $id: `urn:wymcp-test:property:${name}`, ...($defs === undefined ? {} : { $defs }), allOf: [rest] };
}

const oracleSchema = {
  type: "object",
  properties: Object.fromEntries(Object.entries(PROPERTIES).map(([name, schema]) => [name, asResource(name, schema)])),
  required: REQUIRED,
  additionalProperties: false,
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const oracle = ajv.compile(oracleSchema);

/**
 * The oracle's verdict, or `undefined` when it cannot give one: Ajv's deep equality (enum, const, uniqueItems)
 * throws on an object with an own `toString` key that is not a function, which JSON data can carry.
 */
function judge(data: unknown): boolean | undefined {
  try {
    return oracle(data);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- generators

const anything: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
/** Present most of the time, absent (undefined) about one time in `freq`. */
const mostly = <T>(arbitrary: fc.Arbitrary<T>, freq = 6) => fc.option(arbitrary, { freq, nil: undefined });
/** Absent most of the time, present about one time in `freq`. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, freq = 6) =>
  fc.integer({ min: 1, max: freq }).chain((roll) => (roll === 1 ? arbitrary.map((value): T | undefined => value) : fc.constant(undefined)));
const withKeys = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

const dates = fc.constantFrom(
  "2024-02-29",
  "2026-12-01",
  "2023-02-29",
  "2026-13-01",
  "2026-04-31",
  "2026-1-01",
  "20260101",
  "01/12/2026",
  "",
);
const emails = fc.constantFrom("ada@example.com", "a.b@c.io", "ada.example.com", "@example.com", "ada@", "a b@c.io", "");
const small = fc.string({ maxLength: 3 });

/** A tree node; `edgy` mixes in bad values, missing values and undeclared keys. */
const trees = (edgy: boolean): fc.Arbitrary<unknown> =>
  fc.letrec<{ node: unknown }>((tie) => ({
    node: fc
      .record({
        value: edgy ? mostly(fc.oneof(fc.integer({ min: -1, max: 9 }), fc.constantFrom("x", 1.5)), 6) : fc.integer({ min: 0, max: 9 }),
        kids: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constant(undefined), fc.array(tie("node"), { maxLength: 2 })),
        w: edgy ? rarely(fc.integer(), 6) : fc.constant(undefined),
      })
      .map(withKeys),
  })).node;

/** Values each schema accepts. */
const VALID: Record<string, fc.Arbitrary<unknown>> = {
  s: fc.stringMatching(/^[a-c]{2,5}$/),
  n: fc.integer({ min: -4, max: 19 }).map((x) => x / 2),
  i: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constant(null)),
  e: fc.constantFrom<unknown>("a", 1, null, [1], { k: 1 }),
  c: fc.constant({ x: [1, "y"] }),
  nul: fc.oneof(fc.constant(null), small),
  tags: fc.uniqueArray(fc.constantFrom("red", "green", "blue"), { minLength: 1, maxLength: 3 }),
  tuple: fc.oneof(
    fc.tuple(small, fc.integer()).map((pair) => [...pair]),
    fc.tuple(small).map((one) => [...one]),
    fc.constant([]),
  ),
  has: fc
    .tuple(fc.array(fc.oneof(fc.integer({ min: 0, max: 9 }), small), { maxLength: 3 }), fc.integer({ min: 5, max: 9 }))
    .map(([rest, hit]) => [...rest, hit]),
  opts: fc
    .record({
      due: fc.constantFrom("2024-02-29", "2026-12-01"),
      mail: mostly(fc.constantFrom("ada@example.com", "a.b@c.io"), 2),
      level: mostly(fc.integer(), 2),
    })
    .map(withKeys),
  extra: fc.record({ a: small, b: mostly(fc.integer(), 2), cc: mostly(fc.integer(), 2) }).map(withKeys),
  dep: fc.constantFrom({ card: "1", cvv: "2" }, { cvv: "2" }, {}, { x: "" }),
  any: fc.oneof(fc.string({ maxLength: 1 }), fc.integer({ min: 0, max: 5 })),
  one: fc.oneof(
    fc.integer({ min: -5, max: -1 }),
    fc.integer({ min: 0, max: 20 }).map((x) => x + 0.5),
  ),
  all: fc.stringMatching(/^[a-z]{1,3}$/).filter((text) => text !== "no"),
  cond: fc.oneof(fc.string({ maxLength: 2 }), fc.boolean()),
  tree: trees(false),
  ue: fc.record({ a: mostly(small, 2) }).map(withKeys),
  rows: fc.array(fc.record({ id: fc.integer() }), { maxLength: 3 }),
};

/** Values at each schema's edges: some accepted, most not. */
const EDGE: Record<string, fc.Arbitrary<unknown>> = {
  s: fc.string({ unit: fc.constantFrom("a", "b", "c", "d", "😀"), maxLength: 6 }),
  n: fc.oneof(
    fc.integer({ min: -6, max: 22 }).map((x) => x / 2),
    fc.constantFrom(-2, -2.5, 10, 9.5, 0.25, 3.1),
    fc.double({ min: -3, max: 11, noNaN: true }),
  ),
  i: fc.oneof(fc.integer({ min: -2, max: 102 }), fc.constantFrom(0, 0.5, 50.5, 101, 1000)),
  e: fc.constantFrom<unknown>("b", 2, [1, 2], { k: 2 }, [], {}, "A", 1.5),
  c: fc.constantFrom<unknown>({ x: ["y", 1] }, { x: [1, "y"], z: 0 }, { x: [1] }, { x: [1, "y", null] }, [1, "y"]),
  nul: fc.oneof(fc.integer(), fc.boolean(), fc.constant([])),
  tags: fc.array(fc.oneof(fc.constantFrom("red", "green", "blue", "pink"), fc.integer({ min: 0, max: 1 })), { maxLength: 4 }),
  tuple: fc.array(fc.oneof(small, fc.integer(), fc.boolean()), { maxLength: 3 }),
  has: fc.array(fc.oneof(fc.integer({ min: 0, max: 9 }), small), { maxLength: 4 }),
  opts: fc
    .record({
      due: mostly(fc.oneof({ arbitrary: fc.constantFrom("2024-02-29", "2026-12-01"), weight: 1 }, { arbitrary: dates, weight: 1 }), 5),
      mail: mostly(fc.oneof({ arbitrary: fc.constant("ada@example.com"), weight: 1 }, { arbitrary: emails, weight: 1 }), 2),
      level: mostly(fc.oneof(fc.integer({ min: -3, max: 3 }), small, fc.constant(1.5)), 2),
      stray: rarely(fc.integer(), 2),
    })
    .map(withKeys),
  extra: fc.dictionary(fc.constantFrom("a", "b", "cc", "dddd"), fc.oneof(fc.integer({ min: -3, max: 3 }), small, fc.constant(null)), {
    maxKeys: 4,
  }),
  dep: fc.dictionary(fc.constantFrom("card", "cvv", "x"), small, { maxKeys: 3 }),
  any: fc.oneof(small, fc.integer({ min: -2, max: 3 }), fc.boolean(), fc.constant(1.5)),
  one: fc.oneof(
    fc.integer({ min: -3, max: 3 }),
    fc.double({ min: -3, max: 3, noNaN: true }),
    fc.constantFrom<unknown>(1.5, -1.5, "x", null),
  ),
  all: fc.oneof(fc.constantFrom("no", "", "yes"), small, fc.integer()),
  cond: fc.oneof(small, fc.boolean(), fc.integer(), fc.constant(null)),
  tree: trees(true),
  ue: fc.dictionary(fc.constantFrom("a", "b"), fc.oneof(small, fc.integer()), { maxKeys: 2 }),
  rows: fc.array(
    fc
      .record({ id: mostly(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom("1", 1.5)), 6), x: rarely(fc.integer(), 2) })
      .map(withKeys),
    { maxLength: 3 },
  ),
};

/** Values for the key under test: edge values mostly, values the schema accepts often, now and then any JSON at all. */
const probeFor = (name: string) =>
  fc.oneof({ arbitrary: EDGE[name]!, weight: 5 }, { arbitrary: VALID[name]!, weight: 3 }, { arbitrary: anything, weight: 1 });
/** Values for the keys around it: accepted mostly, so the key under test decides the verdict. */
const besideFor = (name: string) => fc.oneof({ arbitrary: VALID[name]!, weight: 10 }, { arbitrary: EDGE[name]!, weight: 1 });
const OTHER_KEYS = Object.keys(PROPERTIES).filter((name) => !REQUIRED.includes(name));

/** Data: one declared key under test, usually beside `s` and sometimes another declared key, now and then an undeclared key. */
const dataArbitrary: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    s: mostly(fc.oneof({ arbitrary: besideFor("s"), weight: 6 }, { arbitrary: probeFor("s"), weight: 1 }), 12),
    picks: fc.uniqueArray(fc.constantFrom(...OTHER_KEYS), { minLength: 1, maxLength: 2 }),
    zz: rarely(anything, 15),
  })
  .chain(({ s, picks, zz }) =>
    fc
      .tuple(...picks.map((name, index) => (index === 0 ? probeFor(name) : besideFor(name))))
      .map((values) => withKeys({ s, ...Object.fromEntries(picks.map((name, index) => [name, values[index]])), zz })),
  );

// ---------------------------------------------------------------- the server

const received: unknown[] = [];
const tool = defineTool({
  name: "gate",
  description: "Records the data it receives",
  actions: {
    check: {
      description: "Every keyword family",
      properties: PROPERTIES,
      required: REQUIRED,
      defaults: DEFAULTS,
    },
  },
  handlers: {
    check: (data: unknown) => {
      received.push(data);
      return { ok: true };
    },
  },
});

let session: SdkSession;

beforeAll(async () => {
  session = await connectSdk(createRouter({ tools: [tool] }));
});

afterAll(async () => {
  await session.close();
});

describe("the gate agrees with an independent JSON Schema validator", () => {
  test("the oracle itself: a hand-written valid call passes, and each closure the gate adds is in its copy", () => {
    const valid = { s: "abc", opts: { due: "2026-12-01" }, tree: { value: 1, kids: [{ value: 2 }] }, rows: [{ id: 1 }] };
    expect(oracle(valid), JSON.stringify(oracle.errors)).toBe(true);
    expect(oracle({ ...valid, opts: { due: "2026-12-01", stray: 1 } })).toBe(false);
    expect(oracle({ ...valid, rows: [{ id: 1, stray: 1 }] })).toBe(false);
    expect(oracle({ ...valid, zz: 1 })).toBe(false);
    expect(oracle({ s: "abc", extra: { a: "x", b: 2 } })).toBe(true);
    expect(oracle({ s: "abc", tree: { value: 1, kids: [{ value: "x" }] } })).toBe(false);
    expect(oracle({ s: "abc", tree: { value: 1, kids: [{ value: 2, w: 1 }] } })).toBe(false);
    expect(oracle({ s: "abc", ue: { a: "x", b: 1 } })).toBe(false);
  });

  test("the handler is called iff the oracle accepts the data; what it receives satisfies the schema and is the data plus defaults", async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(dataArbitrary, async (generated) => {
        // What the client sends is JSON: the oracle judges the same value the server parses.
        const data = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
        fc.pre(!JSON.stringify(data).includes('"__proto__"'));
        const expected = judge(data);
        fc.pre(expected !== undefined);
        const oracleErrors = JSON.stringify(oracle.errors);
        received.length = 0;
        const { isError, body } = await session.call("gate", { action: "check", data });
        if (expected) {
          accepted++;
          expect(isError, `the gate refused data the oracle accepts: ${JSON.stringify(data)}\n${JSON.stringify(body.problems)}`).toBe(
            false,
          );
          expect(received).toHaveLength(1);
          const got = received[0] as Record<string, unknown>;
          expect(
            judge(got),
            `the handler received data that breaks the schema: ${JSON.stringify(got)}\n${JSON.stringify(oracle.errors)}`,
          ).toBe(true);
          const withDefaults = { ...data };
          for (const [key, fallback] of Object.entries(DEFAULTS)) if (!Object.hasOwn(data, key)) withDefaults[key] = fallback;
          expect(got).toStrictEqual(withDefaults);
        } else {
          refused++;
          expect(isError, `the gate accepted data the oracle refuses: ${JSON.stringify(data)}\n${oracleErrors}`).toBe(true);
          expect(body.error).toBe("invalid_data");
          expect(body.problems.length).toBeGreaterThan(0);
          expect(received).toHaveLength(0);
        }
      }),
      { numRuns: 300 },
    );
    // Neither side of the property is vacuous.
    expect(accepted, `accepted ${accepted}, refused ${refused}`).toBeGreaterThanOrEqual(30);
    expect(refused, `accepted ${accepted}, refused ${refused}`).toBeGreaterThanOrEqual(30);
  });
});
