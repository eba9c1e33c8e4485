// The candidate JSON Schema validators for the call gate's value checks, on
// one call's data (a 4-property object: a nested closed object, an enum, a
// string array, an additionalProperties map of numbers), none of them
// generating code except Ajv (the reference): @cfworker/json-schema (one
// validator over the whole object, and one per property as wymcp compiles
// them), zod 4 `z.fromJSONSchema` under `jitless`, TypeBox 1.x
// `typebox/schema` `Compile` with acceleration off, and Ajv compiled. Then
// the gzip size of each bundled with esbuild, and which 2020-12 keywords each
// accepts and gets right. The figures are in BENCHMARKS.md, "Choosing the
// JSON Schema validator".
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { dereference, validate } from "@cfworker/json-schema";
import Ajv2020 from "ajv/dist/2020.js";
import { build } from "esbuild";
import { Compile } from "typebox/schema";
import { Settings } from "typebox/system";
import { z } from "zod";
import { compare } from "./compare.mjs";
import { closed } from "./value-workload.mjs";

/** The properties of one call: the nested object is closed (`additionalProperties: false`) for every candidate alike. */
const properties = closed({
  type: "object",
  properties: {
    owner: { type: "object", properties: { id: { type: "string", minLength: 1 }, team: { type: "string" } }, required: ["id"] },
    status: { type: "string", enum: ["open", "doing", "done"] },
    tags: { type: "array", items: { type: "string", minLength: 1 } },
    scores: { type: "object", additionalProperties: { type: "number", minimum: 0 } },
  },
}).properties;
const whole = { type: "object", properties, additionalProperties: false };

const valid = { owner: { id: "u1", team: "core" }, status: "doing", tags: ["docs", "p1", "q3"], scores: { impact: 3, effort: 1.5 } };
const invalid = { owner: { id: "", role: "lead" }, status: "later", tags: ["docs", 3], scores: { impact: "high", effort: -1 } };

/** Each candidate as `accepts(value)` and `problems(value)` (every problem, as the gate lists them). */
function candidates() {
  // @cfworker/json-schema, driven as src/validation/json-schema/validator.ts drives it: dereference once, validate with the lookup.
  const cfWhole = structuredClone(whole);
  const cfWholeLookup = dereference(cfWhole);
  const cfParts = Object.entries(properties).map(([name, schema]) => {
    const copy = structuredClone(schema);
    return { name, schema: copy, lookup: dereference(copy) };
  });
  const cfPerProperty = (shortCircuit) => (value) => {
    const errors = [];
    for (const part of cfParts) {
      if (!Object.hasOwn(value, part.name)) continue;
      const result = validate(value[part.name], part.schema, "2020-12", part.lookup, shortCircuit);
      if (!result.valid) {
        if (shortCircuit) return false;
        for (const error of result.errors) errors.push(error);
      }
    }
    return shortCircuit ? true : errors;
  };

  // zod 4 from the JSON Schema, without code generation (what it falls back to where eval is forbidden).
  z.config({ jitless: true });
  const zodSchema = z.fromJSONSchema(structuredClone(whole));

  // TypeBox 1.x's JSON Schema checker with acceleration (code generation) off.
  Settings.Set({ useAcceleration: false });
  const typebox = Compile(structuredClone(whole));
  if (typebox.IsAccelerated()) throw new Error("TypeBox still generates code");

  const ajv = new Ajv2020({ allErrors: true, strict: false }).compile(structuredClone(whole));

  return {
    "@cfworker/json-schema, one per property (as wymcp)": { accepts: cfPerProperty(true), problems: cfPerProperty(false) },
    "@cfworker/json-schema, whole object": {
      accepts: (value) => validate(value, cfWhole, "2020-12", cfWholeLookup, true).valid,
      problems: (value) => validate(value, cfWhole, "2020-12", cfWholeLookup, false).errors,
    },
    "zod 4 fromJSONSchema, jitless": {
      accepts: (value) => zodSchema.safeParse(value).success,
      problems: (value) => zodSchema.safeParse(value).error?.issues ?? [],
    },
    "TypeBox 1.x Compile, no acceleration": { accepts: (value) => typebox.Check(value), problems: (value) => typebox.Errors(value)[1] },
    "ajv compiled (2020-12, allErrors)": { accepts: (value) => ajv(value), problems: (value) => (ajv(value) ? [] : ajv.errors) },
  };
}

/**
 * One 2020-12 keyword each: a schema, a value it refuses and one it accepts.
 * Each schema names its `type`, so that a candidate that only reads a keyword
 * next to a `type` (zod) is tested on the keyword itself; the last cases test
 * keywords without a `type` and a `const` object.
 */
const keywordCases = {
  not: [{ not: { type: "string" } }, "x", 1],
  "if/then/else": [
    {
      type: "object",
      if: { properties: { kind: { const: "a" } }, required: ["kind"] },
      then: { required: ["a"] },
      else: { required: ["b"] },
    },
    { kind: "a" },
    { kind: "a", a: 1 },
  ],
  dependentRequired: [{ type: "object", dependentRequired: { a: ["b"] } }, { a: 1 }, { a: 1, b: 2 }],
  dependentSchemas: [{ type: "object", dependentSchemas: { a: { required: ["b"] } } }, { a: 1 }, { a: 1, b: 2 }],
  unevaluatedProperties: [
    { type: "object", properties: { a: {} }, allOf: [{ properties: { b: {} } }], unevaluatedProperties: false },
    { a: 1, b: 1, c: 1 },
    { a: 1, b: 1 },
  ],
  unevaluatedItems: [{ type: "array", prefixItems: [{ type: "string" }], unevaluatedItems: false }, ["a", 1], ["a"]],
  $dynamicRef: [
    {
      $id: "https://example.com/root",
      $ref: "list",
      $defs: {
        foo: { $dynamicAnchor: "items", type: "string" },
        list: { $id: "list", type: "array", items: { $dynamicRef: "#items" }, $defs: { items: { $dynamicAnchor: "items" } } },
      },
    },
    ["a", 42],
    ["a", "b"],
  ],
  prefixItems: [{ type: "array", prefixItems: [{ type: "string" }, { type: "number" }] }, ["a", "b"], ["a", 1]],
  "contains/minContains": [{ type: "array", contains: { type: "number" }, minContains: 2 }, [1, "a"], [1, 2]],
  patternProperties: [{ type: "object", patternProperties: { "^n_": { type: "number" } } }, { n_a: "x" }, { n_a: 1 }],
  propertyNames: [{ type: "object", propertyNames: { maxLength: 3 } }, { abcd: 1 }, { abc: 1 }],
  uniqueItems: [{ type: "array", uniqueItems: true }, [1, 1], [1, 2]],
  "multipleOf 0.01": [{ type: "number", multipleOf: 0.01 }, 0.075, 0.07],
  "$ref to $defs": [
    { type: "object", $defs: { positive: { type: "integer", minimum: 1 } }, properties: { a: { $ref: "#/$defs/positive" } } },
    { a: 0 },
    { a: 1 },
  ],
  "recursive $ref": [
    { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } } },
    { children: [{ name: 1 }] },
    { children: [{ name: "x" }] },
  ],
  "format: date (asserting it is optional in 2020-12)": [{ type: "string", format: "date" }, "2026-13-45", "2026-12-01"],
  "keywords without type ({ minimum: 1 })": [{ minimum: 1 }, 0, 1],
  "const of an object": [{ type: "object", const: { a: [1] } }, { a: [2] }, { a: [1] }],
};

/** How each candidate fares on each keyword: "ok", "wrong" (a verdict differs from the spec's) or "throws" at compile time. */
function keywordCoverage() {
  const compilers = {
    "@cfworker/json-schema": (schema) => {
      const copy = structuredClone(schema);
      const lookup = dereference(copy);
      return (value) => validate(value, copy, "2020-12", lookup, true).valid;
    },
    "zod 4 fromJSONSchema": (schema) => {
      const zodSchema = z.fromJSONSchema(structuredClone(schema));
      return (value) => zodSchema.safeParse(value).success;
    },
    "TypeBox 1.x (schema)": (schema) => {
      const typebox = Compile(structuredClone(schema));
      return (value) => typebox.Check(value);
    },
    "ajv 2020": (schema) => {
      const ajv = new Ajv2020({ strict: false, logger: false });
      const check = ajv.compile(structuredClone(schema));
      return (value) => check(value);
    },
  };
  const table = {};
  for (const [keyword, [schema, refused, accepted]] of Object.entries(keywordCases)) {
    table[keyword] = {};
    for (const [name, compile] of Object.entries(compilers)) {
      let verdict;
      try {
        const check = compile(schema);
        verdict = !check(refused) && check(accepted) ? "ok" : "wrong";
      } catch (error) {
        verdict = `throws (${String(error?.message ?? error)
          .split("\n")[0]
          .slice(0, 60)})`;
      }
      table[keyword][name] = verdict;
    }
  }
  return table;
}

const bundleEntries = {
  "@cfworker/json-schema": `export { dereference, validate } from "@cfworker/json-schema";`,
  "zod 4 (fromJSONSchema, config)": `export { config, fromJSONSchema } from "zod";`,
  "TypeBox 1.x (typebox/schema Compile, Settings)": `export { Compile } from "typebox/schema"; export { Settings } from "typebox/system";`,
  "ajv 2020": `import Ajv2020 from "ajv/dist/2020.js"; export default Ajv2020;`,
};

/** Minified, `platform: "neutral"` bundles of what each candidate needs, and their gzip sizes. */
async function bundleSizes() {
  const resolveDir = fileURLToPath(new URL("..", import.meta.url));
  const sizes = {};
  for (const [name, contents] of Object.entries(bundleEntries)) {
    const result = await build({
      stdin: { contents, resolveDir, loader: "js" },
      bundle: true,
      minify: true,
      platform: "neutral",
      format: "esm",
      // Ajv and its dependencies are CommonJS packages with only `main`.
      mainFields: ["module", "main"],
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0].contents;
    sizes[name] = { minified: code.byteLength, gzip: gzipSync(code).byteLength };
  }
  return sizes;
}

export async function run() {
  const saved = { jitless: z.config().jitless, useAcceleration: Settings.Get().useAcceleration };
  try {
    const all = candidates();
    const names = Object.keys(all);
    for (const [name, candidate] of Object.entries(all)) {
      if (candidate.accepts(valid) !== true || candidate.accepts(invalid) !== false)
        throw new Error(`validators: ${name} disagrees on the probe data`);
      console.log(`validators: ${name} reports ${candidate.problems(invalid).length} problems on the invalid data`);
    }
    const [ours, ...anchors] = names;
    const label = "@cfworker per property";
    await compare(
      "validators, valid data (yes/no)",
      () => all[ours].accepts(valid),
      anchors.map((name) => ({ name, run: () => all[name].accepts(valid) })),
      { label },
    );
    await compare(
      "validators, invalid data (every problem)",
      () => all[ours].problems(invalid),
      anchors.map((name) => ({ name, run: () => all[name].problems(invalid) })),
      { label },
    );
    console.log("\nkeyword coverage (2020-12): ok = refuses and accepts as the spec says");
    console.table(keywordCoverage());
    console.log("bundle sizes (esbuild, minified, platform neutral), bytes");
    console.table(await bundleSizes());
  } finally {
    z.config({ jitless: saved.jitless ?? false });
    Settings.Set({ useAcceleration: saved.useAcceleration });
  }
}
