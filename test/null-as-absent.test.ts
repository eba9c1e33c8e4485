/**
 * `nullAsAbsent`, the strict listing's reading of `null`: only optional
 * keys whose schema does not admit `null` lose it, the caller's object is
 * never changed, and hostile data (a `__proto__` key, cycles, huge arrays)
 * neither pollutes a prototype nor runs away.
 */
import { describe, expect, test } from "vitest";
import { admitsNull, nullAsAbsent } from "../src/validation/null-as-absent.js";

const properties = {
  name: { type: "string" },
  note: { type: ["string", "null"] },
  tag: { enum: ["a", null] },
  opts: { type: "object", properties: { depth: { type: "integer" }, keep: { const: null } }, required: ["depth"] },
  list: { type: "array", items: { type: "object", properties: { x: { type: "integer" } } } },
};

describe("admitsNull", () => {
  test.each([
    [{ type: "null" }, true],
    [{ type: ["integer", "null"] }, true],
    [{ enum: [1, null] }, true],
    [{ const: null }, true],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, true],
    [{ oneOf: [{ type: "string" }] }, false],
    [{ description: "anything" }, true],
    [{ type: "string" }, false],
    [{ enum: ["a"] }, false],
    [{ const: 1 }, false],
    ["not a schema", false],
  ])("%j → %s", (schema, expected) => {
    expect(admitsNull(schema)).toBe(expected);
  });
});

describe("nullAsAbsent", () => {
  test("drops null where the key is optional and its schema refuses null; keeps it elsewhere; copies only when it changes something", () => {
    const data = { name: null, note: null, tag: null, opts: { depth: null, keep: null }, list: [{ x: null }, null] };
    const read = nullAsAbsent(properties, ["name"], data);
    expect(read).toEqual({ name: null, note: null, tag: null, opts: { depth: null, keep: null }, list: [{}, null] });
    expect(data.list[0]).toEqual({ x: null });
    const clean = { name: "x" };
    expect(nullAsAbsent(properties, ["name"], clean)).toBe(clean);
  });

  test("a __proto__ key sent as null is dropped as an own key, and no prototype changes", () => {
    const data = JSON.parse('{"opts": {"__proto__": null, "depth": 1}, "__proto__": null}') as object;
    const read = nullAsAbsent({ ...properties, ["__proto__"]: { type: "string" } }, [], data);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.hasOwn(read, "__proto__")).toBe(false);
    expect(({} as Record<string, unknown>).depth).toBeUndefined();
  });

  test("a cyclic value and a huge array end", () => {
    const cyclic: Record<string, unknown> = { name: "x" };
    cyclic.opts = cyclic;
    expect(() => nullAsAbsent(properties, [], cyclic)).not.toThrow();
    const huge = { list: Array.from({ length: 300_000 }, () => ({ x: null })) };
    const read = nullAsAbsent(properties, [], huge) as { list: object[] };
    // The first places visited lose their null; past the visit limit the gate refuses what is left.
    expect(read.list.length).toBe(300_000);
  });
});
