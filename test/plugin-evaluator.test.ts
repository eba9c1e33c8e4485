import { describe, expect, test } from "vitest";
import { textOf } from "../plugin/evaluator/ast.js";
import { Unknown } from "../plugin/evaluator/unknown.js";
import { declarationsOf, evaluateValue } from "./plugin-support.js";

const valueOf = (source: string, files?: Record<string, string>) => evaluateValue(source, files).value;

function expectUnknown(value: unknown, reason: RegExp): void {
  expect(value).toBeInstanceOf(Unknown);
  expect((value as Unknown).reason).toMatch(reason);
}

describe("the static evaluator: supported syntax", () => {
  test.each([
    ["string", `const value = "a";`, "a"],
    ["number", `const value = 0x10;`, 16],
    ["negative number", `const value = -1.5;`, -1.5],
    ["boolean", `const value = [true, false];`, [true, false]],
    ["null", `const value = null;`, null],
    ["undefined", `const value = undefined;`, undefined],
    ["template without substitutions", "const value = `a b`;", "a b"],
    ["template with evaluable substitutions", 'const N = 2; const value = `x${N}-${"y"}${true}`;', "x2-ytrue"],
    ["template with null and undefined substitutions", "const Z = null; const value = `${null}-${Z}-${undefined}`;", "null-null-undefined"],
    ["string concatenation", `const value = "a" + 1 + "b";`, "a1b"],
    ["object literal", `const value = { a: 1, "b-c": [2], 3: "x" };`, { a: 1, "b-c": [2], 3: "x" }],
    ["array with a hole", `const value = [1, , 3];`, [1, , 3]],
    ["as const", `const value = { a: ["x"] } as const;`, { a: ["x"] }],
    ["satisfies", `const value = { a: 1 } satisfies Record<string, number>;`, { a: 1 }],
    ["type assertion", `const value = <const>{ a: 1 };`, { a: 1 }],
    ["as", `const value = ({ a: 1 } as unknown as { a: number });`, { a: 1 }],
    ["non-null assertion", `const a = { b: 1 }; const value = a!;`, { b: 1 }],
    ["parentheses", `const value = ((("p")));`, "p"],
    ["object spread", `const base = { a: 1, b: 2 }; const value = { ...base, b: 3, ...{ c: 4 } };`, { a: 1, b: 3, c: 4 }],
    ["array spread", `const base = ["a", "b"]; const value = [...base, "c", ..."de"];`, ["a", "b", "c", "d", "e"]],
    ["a string spread into an array: its code points", `const value = [..."a\u{1F600}b"];`, ["a", "\u{1F600}", "b"]],
    [
      "a string spread into an object: its UTF-16 code units",
      `const value = { ..."a\u{1F600}b" };`,
      { 0: "a", 1: "\ud83d", 2: "\ude00", 3: "b" },
    ],
    ["shorthand property", `const description = "d"; const value = { description };`, { description: "d" }],
    ["computed keys that evaluate", 'const K = "k"; const value = { [K]: 1, [`${K}2`]: 2, ["x" + 1]: 3 };', { k: 1, k2: 2, x1: 3 }],
    ["a const in an enclosing block", `function f() { const inner = 5; { const value = inner; } }`, 5],
    [
      "a destructured const",
      `const obj = { a: { b: "deep" }, list: ["first"] }; const { a: { b }, list: [first] } = obj; const value = [b, first];`,
      ["deep", "first"],
    ],
    ["a known key of a known object", `const obj = { a: { b: 1 } }; const value = [obj.a.b, obj["a"]];`, [1, { b: 1 }]],
  ])("%s", (_name, source, expected) => {
    expect(valueOf(source)).toEqual(expected);
  });

  test("a computed __proto__ key stays a key, as in a literal", () => {
    const value = valueOf(`const value = { ["__proto__"]: { a: 1 } };`) as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__"]);
  });

  test("a const is evaluated once: a shared object keeps its identity", () => {
    const value = valueOf(`const shared = { type: "string" }; const value = [shared, shared, { x: shared }];`) as unknown[];
    expect(value[0]).toBe(value[1]);
    expect((value[2] as { x: unknown }).x).toBe(value[0]);
  });

  describe("const exports of relative modules", () => {
    test.each([
      ["a specifier without extension", `import { a } from "./lib"; const value = a;`, { "lib.ts": `export const a = { x: 1 };` }],
      ["a .js specifier naming a .ts file", `import { a } from "./lib.js"; const value = a;`, { "lib.ts": `export const a = { x: 1 };` }],
      [
        "an .mjs specifier naming an .mts file",
        `import { a } from "./lib.mjs"; const value = a;`,
        { "lib.mts": `export const a = { x: 1 };` },
      ],
      ["a folder's index file", `import { a } from "./lib"; const value = a;`, { "lib/index.ts": `export const a = { x: 1 };` }],
      ["an aliased import", `import { a as b } from "./lib"; const value = b;`, { "lib.ts": `export const a = { x: 1 };` }],
      [
        "a local export list",
        `import { renamed } from "./lib"; const value = renamed;`,
        { "lib.ts": `const a = { x: 1 }; export { a as renamed };` },
      ],
      [
        "a re-export",
        `import { a } from "./barrel"; const value = a;`,
        { "barrel.ts": `export { a } from "./lib.js";`, "lib.ts": `export const a = { x: 1 };` },
      ],
      [
        "export *",
        `import { a } from "./barrel"; const value = a;`,
        {
          "barrel.ts": `export * from "./other"; export * from "./lib";`,
          "other.ts": `export const b = 1;`,
          "lib.ts": `export const a = { x: 1 };`,
        },
      ],
      ["a default export", `import a from "./lib"; const value = a;`, { "lib.ts": `export default { x: 1 };` }],
      ["a namespace import's member", `import * as lib from "./lib"; const value = lib.a;`, { "lib.ts": `export const a = { x: 1 };` }],
      [
        "an import chain through consts",
        `import { a } from "./lib"; const value = a;`,
        {
          "lib.ts": `import { inner } from "./deep/inner"; export const a = { ...inner };`,
          "deep/inner.ts": `export const inner = { x: 1 };`,
        },
      ],
    ])("%s", (_name, source, files) => {
      expect(valueOf(source, files)).toEqual({ x: 1 });
    });

    test("a cycle between modules is unknown, not a hang", () => {
      const value = valueOf(`import { a } from "./a"; const value = a;`, {
        "a.ts": `import { b } from "./b"; export const a = { b };`,
        "b.ts": `import { a } from "./a"; export const b = { a };`,
      }) as { b: { a: unknown } };
      expectUnknown(value.b.a, /import cycle/);
    });

    test("a cycle of re-exports is unknown, not a hang", () => {
      expectUnknown(
        valueOf(`import { a } from "./a"; const value = a;`, { "a.ts": `export * from "./b";`, "b.ts": `export * from "./a";` }),
        /no export "a"|cycle/,
      );
    });

    test("the sessions' file list names every module read", () => {
      const { evaluator } = evaluateValue(`import { a } from "./lib"; const value = a;`, { "lib.ts": `export const a = 1;` });
      expect(evaluator.filesRead.map((file) => file.split("/").at(-1))).toEqual(["lib.ts"]);
    });
  });
});

describe("the static evaluator: unknown parts", () => {
  test.each([
    ["a call", `const value = make();`, /function call/],
    ["a constructor call", `const value = new Map();`, /constructor call/],
    ["a conditional", `const value = Math.random() > 0.5 ? "a" : "b";`, /conditional/],
    ["a let binding", `let x = 1; const value = x;`, /let/],
    ["a var binding", `var x = 1; const value = x;`, /var/],
    ["a parameter", `function f(p: string) { const value = p; }`, /parameter/],
    ["a function declaration", `function g() {} const value = g;`, /function/],
    ["a global", `const value = process;`, /global/],
    ["a package import", `import { x } from "lodash"; const value = x;`, /package "lodash"/],
    ["a missing module", `import { x } from "./missing"; const value = x;`, /not found/],
    ["a missing export", `import { nope } from "./lib"; const value = nope;`, /no export "nope"/],
    ["a non-const export", `import { x } from "./lib"; const value = x;`, /let/],
    ["a template with an unknown substitution", "const value = `a${make()}`;", /function call/],
    ["a spread of an unknown array", `const value = ["a", ...make()];`, /function call/],
    ["an operator other than +", `const value = 2 * 3;`, /operator/],
    ["a key that is not own", `const o = { a: 1 }; const value = o.toString;`, /not an own key/],
    ["a whole namespace import", `import * as lib from "./lib"; const value = lib;`, /namespace/],
    [
      "a destructured name with a default",
      `const obj = { a: 1, b: 2 }; const { a = 5 } = obj; const value = a;`,
      /rest element or a default/,
    ],
    [
      "a nested destructured name with a default",
      `const obj = { a: { b: 1 } }; const { a: { b = 5 } } = obj; const value = b;`,
      /rest element or a default/,
    ],
    ["an object rest element", `const obj = { a: 1, b: 2 }; const { a, ...rest } = obj; const value = rest;`, /rest element or a default/],
    [
      "an array rest element",
      `const list = [1, 2, 3]; const [first, ...others] = list; const value = others;`,
      /rest element or a default/,
    ],
  ])("%s", (_name, source, reason) => {
    expectUnknown(valueOf(source, { "lib.ts": `export let x = 1;` }), reason);
  });

  test("a const that refers to itself is unknown where it does", () => {
    const value = valueOf(`const a: unknown = { self: a }; const value = a;`) as { self: unknown };
    expectUnknown(value.self, /itself/);
  });

  test("a spread of an unknown value makes an object partial and every earlier value uncertain", () => {
    const { value, evaluator } = evaluateValue(`const value = { a: 1, ...make(), b: 2 };`);
    const object = value as Record<string, unknown>;
    expect(evaluator.provenance.isPartial(object)).toBe(true);
    expectUnknown(object.a, /may be replaced by the spread of make\(\)/);
    expect(object.b).toBe(2);
    expect(evaluator.provenance.unknownPartsOf(object).map((part) => part.text)).toEqual(["make()"]);
  });

  test("a spread of a partial object carries its unknown parts along", () => {
    const { value, evaluator } = evaluateValue(`const inner = { ...make(), x: 1 }; const value = { a: 0, ...inner };`);
    const object = value as Record<string, unknown>;
    expect(evaluator.provenance.isPartial(object)).toBe(true);
    expect(object.x).toBe(1);
    expectUnknown(object.a, /spread of inner/);
  });

  test("an unevaluable computed key makes the object partial, with no extra key", () => {
    const { value, evaluator } = evaluateValue(`const value = { [key()]: 1, b: 2 };`);
    expect(Object.keys(value as object)).toEqual(["b"]);
    expect(evaluator.provenance.isPartial(value)).toBe(true);
  });

  test("evaluated objects carry no marker key: only what the source wrote", () => {
    const { value } = evaluateValue(`const value = { a: 1, ...make() };`);
    expect(Reflect.ownKeys(value as object)).toEqual(["a"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  test("user code is never executed", () => {
    const source = `
      const value = {
        a: (() => { (globalThis as any).__wymcpRan = true; return 1; })(),
        b: (function () { (globalThis as any).__wymcpRan = true; })(),
        get c() { (globalThis as any).__wymcpRan = true; return 1; },
      };`;
    const { value } = evaluateValue(source);
    expect((globalThis as Record<string, unknown>).__wymcpRan).toBeUndefined();
    expectUnknown((value as Record<string, unknown>).a, /function call/);
  });
});

describe("finding declarations", () => {
  const tool = `{ name: "t", description: "T", actions: { a: { description: "A", properties: {} } }, handlers: { a: () => 1 } }`;

  test.each([
    ["a named import", `import { defineTool } from "wymcp"; defineTool(${tool});`],
    ["an aliased import", `import { defineTool as dt } from "wymcp"; dt(${tool});`],
    ["a namespace import", `import * as w from "wymcp"; w.defineTool(${tool});`],
    ["an element access on a namespace", `import * as w from "wymcp"; w["defineTool"](${tool});`],
    ["require with destructuring", `const { defineTool: d } = require("wymcp"); d(${tool});`],
    ["require of the module", `const w = require("wymcp"); w.defineTool(${tool});`],
    ["a call inside a function", `import { defineTool } from "wymcp"; export function make() { return defineTool(${tool}); }`],
  ])("finds %s", (_name, source) => {
    const [declaration, ...rest] = declarationsOf(source);
    expect(rest).toEqual([]);
    expect(declaration!.name).toBe("t");
    expect(declaration!.record).toEqual({ a: { description: "A", properties: {} } });
  });

  test.each([
    ["a same-named local function", `function defineTool(x: unknown) { return x; } defineTool(${tool});`],
    ["a same-named import from elsewhere", `import { defineTool } from "./other"; defineTool(${tool});`],
    ["another export of wymcp", `import { validate as defineTool } from "wymcp"; defineTool(${tool});`],
    ["a type-only import", `import type { defineTool } from "wymcp"; defineTool(${tool});`],
    [
      "a parameter shadowing the import",
      `import { defineTool } from "wymcp"; function f(defineTool: (x: unknown) => void) { defineTool(${tool}); }`,
    ],
    ["a member of another namespace", `import * as w from "./other"; w.defineTool(${tool});`],
  ])("ignores %s", (_name, source) => {
    expect(declarationsOf(source, { "other.ts": `export function defineTool(x: unknown) { return x; }` })).toEqual([]);
  });

  test("actions written as a function returning an object are evaluated", () => {
    const [arrow, block] = declarationsOf(`
      import { defineTool } from "wymcp";
      defineTool({ name: "x", description: "X", actions: () => ({ a: { description: "A", properties: {} } }), handlers: {} });
      defineTool({ name: "y", description: "Y", actions() { const p = {}; return { b: { description: "B", properties: p } }; }, handlers: {} });
    `);
    expect(arrow!.record).toEqual({ a: { description: "A", properties: {} } });
    expect(block!.record).toEqual({ b: { description: "B", properties: {} } });
  });

  test("a declaration whose actions cannot be evaluated has no tool to validate, and says why", () => {
    const [declaration] = declarationsOf(
      `import { defineTool } from "wymcp"; defineTool({ name: "x", description: "X", actions: build(), handlers: {} });`,
    );
    expect(declaration!.tool).toBeUndefined();
    expect(declaration!.unknowns.map((unknown) => [unknown.text, unknown.reason])).toEqual([
      ["build()", "a function call is not evaluated"],
    ]);
  });

  test("the unknown parts of a record are listed in source order", () => {
    const [declaration] = declarationsOf(`
      import { defineTool } from "wymcp";
      defineTool({ name: "x", description: "X", handlers: {}, actions: {
        a: { description: d(), properties: { ...p() } },
        b: { description: "B", properties: {}, related: r },
      } });
    `);
    expect(declaration!.unknowns.map((unknown) => unknown.text)).toEqual(["d()", "p()", "r"]);
  });

  test("provenance maps every evaluated object and slot to its node", () => {
    const [declaration] = declarationsOf(
      `import { defineTool } from "wymcp"; defineTool({ name: "x", description: "X", handlers: {}, actions: { a: { description: "A", properties: {}, required: ["n"] } } });`,
    );
    const { provenance } = declaration!;
    const schema = (declaration!.record as Record<string, Record<string, unknown>>).a!;
    expect(textOf(provenance.nodeOf(schema)!)).toBe(`{ description: "A", properties: {}, required: ["n"] }`);
    expect(textOf(provenance.slotOf(schema, "required")!.key!)).toBe("required");
    expect(textOf(provenance.slotOf(schema.required as object, 0)!.value)).toBe(`"n"`);
  });
});
