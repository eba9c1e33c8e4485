import { describe, expect, test } from "vitest";
import { fetchSchema } from "../src/index.js";
import { closureViolations } from "../src/validation/closure.js";
import { dataPathOf } from "../src/validation/offence.js";
import { contractOf } from "../src/validation/obtaining.js";
import { offencesOfSchema, toolOf } from "./support/tools.js";

const properties = {
  name: { type: "string" },
  opts: {
    type: "object",
    properties: { due: { type: "string" }, tags: { type: "array", items: { type: "object", properties: { label: {} } } } },
  },
  meta: { type: "object", additionalProperties: true, properties: { kind: {} } },
  labels: { type: "object", additionalProperties: { type: "object", properties: { colour: {} } } },
  sealed: { type: "object", additionalProperties: false },
  free: { type: "object" },
  tuple: { type: "array", prefixItems: [{ type: "object", properties: { x: {} } }] },
};

function violations(data: unknown): string[] {
  const found = fetchSchema(toolOf({ a: { description: "d", properties } }), "a");
  if (!found.ok) throw new Error("no schema");
  return closureViolations(contractOf(found.schema).closure, data).map((v) => `${dataPathOf(v.path)} ${v.key}`);
}

describe("the closure", () => {
  test.each([
    ["declared top-level keys pass", { name: "x", opts: {} }, []],
    ["the top level is always closed", { name: "x", nmae: "y" }, ["data nmae"]],
    ["a schema with properties admits only its declared names", { opts: { due: "x", colour: "red" } }, ['data["opts"] colour']],
    [
      "single-schema items walks every element",
      { opts: { tags: [{ label: 1 }, { label: 2, extra: 3 }, {}, { bad: 1 }] } },
      ['data["opts"]["tags"][1] extra', 'data["opts"]["tags"][3] bad'],
    ],
    ["additionalProperties true admits anything", { meta: { kind: 1, anything: { deep: 1 } } }, []],
    [
      "an additionalProperties schema walks the values of extra keys",
      { labels: { bug: { colour: "red", size: 3 } } },
      ['data["labels"]["bug"] size'],
    ],
    ["additionalProperties false closes a place without properties", { sealed: { x: 1 } }, ['data["sealed"] x']],
    ["a place with neither is open", { free: { anything: { at: "all" } } }, []],
    ["prefixItems entries are not walked", { tuple: [{ x: 1, y: 2 }] }, []],
    ["values of the wrong type are not the closure's business", { opts: "not an object", name: { nested: 1 } }, []],
    [
      "every unknown key at every depth in one pass",
      { zz: 1, opts: { q: 1, tags: [{ r: 1 }] }, sealed: { s: 1 } },
      ["data zz", 'data["opts"] q', 'data["opts"]["tags"][0] r', 'data["sealed"] s'],
    ],
  ])("%s", (_name, data, expected) => {
    expect(violations(data)).toEqual(expected);
  });

  test("__proto__, constructor and prototype keys from JSON.parse are unknown keys, and nothing is polluted", () => {
    const data = JSON.parse(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "opts": {"__proto__": {"x": 1}}}',
    );
    expect(violations(data)).toEqual(["data __proto__", "data constructor", 'data["opts"] __proto__']);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  test("a data path quotes awkward keys", () => {
    expect(dataPathOf(['a "b"', 2, ""])).toBe('data["a \\"b\\""][2][""]');
  });
});

describe("defaults obey the closure", () => {
  const offences = (defaults: unknown) =>
    offencesOfSchema({ description: "d", properties, defaults }).map((o) => `${o.kind} ${o.location} ${o.key}`);

  test.each([
    ["declared defaults pass", { name: "x", opts: { due: "today", tags: [{ label: "a" }] }, meta: { other: 1 }, free: { x: 1 } }, []],
    ["an undeclared top-level default", { ghost: 1 }, ['default actions["a"].defaults ghost']],
    ["a key inside a default", { opts: { colour: "red" } }, ['default actions["a"].defaults["opts"] colour']],
    [
      "a key inside an items default",
      { opts: { tags: [{ label: 1 }, { label: 2, nope: 1 }] } },
      ['default actions["a"].defaults["opts"]["tags"][1] nope'],
    ],
    [
      "a key inside an additionalProperties schema default",
      { labels: { bug: { colour: "red", size: 1 } } },
      ['default actions["a"].defaults["labels"]["bug"] size'],
    ],
    ["additionalProperties false in a default", { sealed: { x: 1 } }, ['default actions["a"].defaults["sealed"] x']],
  ])("%s", (_name, defaults, expected) => {
    expect(offences(defaults)).toEqual(expected);
  });

  test("an undeclared default and a wrong value beside it are named in one error", () => {
    expect(offencesOfSchema({ description: "d", properties, defaults: { name: 1, ghost: 1 } }).map((o) => `${o.code} ${o.key}`)).toEqual([
      "undeclared_default ghost",
      "invalid_default name",
    ]);
  });

  test("defaults whose keys cannot be listed are one offence, naming why", () => {
    const defaults = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("trap");
        },
      },
    );
    expect(offencesOfSchema({ description: "d", properties, defaults })).toEqual([
      expect.objectContaining({ code: "invalid_default", location: 'actions["a"].defaults', problem: "its keys cannot be read (trap)" }),
    ]);
  });

  test("a symbol key in a default is refused", () => {
    expect(offences({ [Symbol("s")]: 1 })).toEqual(['default actions["a"].defaults Symbol(s)']);
  });

  test("a cyclic default terminates, its cycle refused at the entry that closes it", () => {
    const opts: Record<string, unknown> = { due: "x" };
    opts["tags"] = [opts];
    expect(offences({ opts })).toEqual([
      'default actions["a"].defaults["opts"]["tags"] undefined',
      'default actions["a"].defaults["opts"]["tags"][0] due',
      'default actions["a"].defaults["opts"]["tags"][0] tags',
    ]);
    expect(offencesOfSchema({ description: "d", properties, defaults: { opts } })[0]).toMatchObject({
      index: 0,
      code: "invalid_default",
      problem: "entry 0 is a cycle (an object that contains it)",
    });
  });
});

describe("the key-set functions on their own", () => {
  test("schemaOffences(properties) spells locations from properties", async () => {
    const { schemaOffences } = await import("../src/index.js");
    expect(schemaOffences({ o: { items: "string" } }).map((o) => [o.action, o.location, o.key])).toEqual([
      [null, 'properties["o"]', "items"],
    ]);
    expect(schemaOffences({ o: { items: "string" } }, "create")[0]!.location).toBe('actions["create"].properties["o"]');
    expect(schemaOffences({ o: { type: "string" } })).toEqual([]);
  });

  test.each([
    ["an array", [], "an array"],
    ["null", null, "null"],
    ["a string", "x", "a string"],
  ])("schemaOffences of %s (not a property map) is a wrong_type offence", async (_label, properties, described) => {
    const { schemaOffences } = await import("../src/index.js");
    expect(schemaOffences(properties, "create")).toEqual([
      expect.objectContaining({
        code: "wrong_type",
        key: "properties",
        location: 'actions["create"]',
        problem: `"properties" is ${described}`,
        fix: "write an object mapping each property name to its schema.",
      }),
    ]);
  });

  test("defaultOffences(defaults, properties) reads the closure of the properties", async () => {
    const { defaultOffences } = await import("../src/index.js");
    const offences = defaultOffences({ opts: { colour: "red" } }, { opts: { type: "object", properties: { due: {} } } }, "create");
    expect(offences.map((o) => [o.location, o.key, o.kind])).toEqual([['actions["create"].defaults["opts"]', "colour", "default"]]);
    expect(defaultOffences({ ghost: 1 }, {}).map((o) => o.location)).toEqual(["defaults"]);
  });
});
