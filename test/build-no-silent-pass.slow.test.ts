/**
 * No silent pass: every way of reaching `defineTool` that the check can
 * follow is followed (the offence fails the build and `wymcp check`), and
 * every way it cannot — or a value changed after its declaration, actions
 * that are async or generators, a file the parser rejects while the bundler
 * builds it — is said: a warning from the bundler, a "not fully checked" or
 * "partly evaluated" entry from `wymcp check`. Through the CLI, esbuild and
 * Vite.
 */
import { describe, expect, test } from "vitest";
import { project } from "./plugin-support.js";
import { cliOutcome, esbuildOutcome, viteOutcome } from "./support/build-outcomes.js";

const BOUND = 120_000;
/** A definition with one certain offence: the typo'd key "descripton". */
const BAD = `{ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { descripton: "A", properties: {} } } }`;
const TYPO = /unknown key "descripton"/;

/** Cases the check follows: the offence fails every build and `wymcp check`. */
const FOLLOWED: readonly (readonly [string, string, Readonly<Record<string, string>>])[] = [
  ["an alias of defineTool", `import { defineTool } from "wymcp";\nconst dt = defineTool;\nexport const t = dt(${BAD});\n`, {}],
  [
    "a local re-export",
    `import { defineTool } from "./w";\nexport const t = defineTool(${BAD});\n`,
    { "src/w.ts": `export { defineTool } from "wymcp";\n` },
  ],
  [
    "an alias exported by a local module that also declares functions",
    `import { helper, make as defineTool } from "./w";\nhelper();\nexport const t = defineTool(${BAD});\n`,
    { "src/w.ts": `import { defineTool } from "wymcp";\nexport function helper() {}\nexport const make = defineTool;\n` },
  ],
  [
    "a re-export behind a comment that reads like a function",
    `import { make as defineTool } from "./w";\nexport const t = defineTool(${BAD});\n`,
    { "src/w.ts": `/* export function make() {} */\nexport { defineTool as make } from "wymcp";\n` },
  ],
  [
    "a local export *",
    `import { defineTool } from "./w";\nexport const t = defineTool(${BAD});\n`,
    { "src/w.ts": `export * from "wymcp";\n` },
  ],
  ["destructuring of a namespace", `import * as w from "wymcp";\nconst { defineTool } = w;\nexport const t = defineTool(${BAD});\n`, {}],
  ["defineTool.call", `import { defineTool } from "wymcp";\nexport const t = defineTool.call(undefined, ${BAD});\n`, {}],
  ["defineTool.apply", `import { defineTool } from "wymcp";\nexport const t = defineTool.apply(undefined, [${BAD}]);\n`, {}],
  ["(0, defineTool)(…)", `import { defineTool } from "wymcp";\nexport const t = (0, defineTool)(${BAD});\n`, {}],
  ['await import("wymcp")', `const { defineTool } = await import("wymcp");\nexport const t = defineTool(${BAD});\n`, {}],
  ['(await import("wymcp")).defineTool', `export const t = (await import("wymcp")).defineTool(${BAD});\n`, {}],
  ["an escaped specifier", `import { defineTool } from "\\u0077ymcp";\nexport const t = defineTool(${BAD});\n`, {}],
];

/** Cases the check cannot see: the build passes, and says what it could not check. */
const SAID: readonly (readonly [string, string, RegExp])[] = [
  [
    "a const assigned after its declaration",
    `const a = { description: "A", properties: {} };\na.descripton = "x";\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a } });\n`,
    /"a" is changed after its declaration/,
  ],
  [
    "a key of a const deleted",
    `const a = { description: "A", properties: {} };\ndelete (a as { description?: string }).description;\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a } });\n`,
    /"a" is changed after its declaration/,
  ],
  [
    "a const given to Object.assign",
    `const a = { description: "A", properties: {} };\nObject.assign(a, { descripton: "x" });\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a } });\n`,
    /"a" is changed after its declaration/,
  ],
  [
    "a const passed to a call",
    `const a = { description: "A", properties: {} };\nfunction spoil(x: object) { Object.assign(x, { descripton: "x" }); }\nspoil(a);\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a } });\n`,
    /"a" is changed after its declaration/,
  ],
  [
    "a method called on a const",
    `const required: string[] = [];\nrequired.push("missing");\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { description: "A", properties: {}, required } } });\n`,
    /"required" is changed after its declaration/,
  ],
  [
    "async actions",
    `export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, async actions() { return { a: { descripton: "A", properties: {} } }; } });\n`,
    /async function/,
  ],
  [
    "generator actions",
    `export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: function* () { yield 1; } as never });\n`,
    /generator function/,
  ],
  [
    "defineTool handed to a function",
    `function wrap<F>(f: F): F { return f; }\nconst make = wrap(defineTool);\nexport const t = make(${BAD});\n`,
    /defineTool is passed to a call/,
  ],
  [
    "handlers with an unknown spread (registration compares their keys with the actions)",
    `declare function more(): Record<string, () => number>;\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1, ...more() }, actions: { a: { description: "A", properties: {} }, b: { description: "B", properties: {} } } });\n`,
    /more\(\)/,
  ],
  [
    "an unknown outputSchema",
    `declare function schema(): object;\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { description: "A", properties: {} } }, outputSchema: schema() as never });\n`,
    /schema\(\)/,
  ],
  [
    "an unknown tool name",
    `declare function toolName(): string;\nexport const t = defineTool({ name: toolName(), description: "T", handlers: { a: () => 1 }, actions: { a: { description: "A", properties: {} } } });\n`,
    /toolName\(\)/,
  ],
  ["defineTool stored in a let", `let dt = defineTool;\nexport const t = dt(${BAD});\n`, /defineTool is stored in a let binding/],
  [
    "defineTool re-exported under another name",
    `export { defineTool as make } from "wymcp";\n`,
    /defineTool is exported as "make": a file that imports it so and never names defineTool is not checked/,
  ],
  ["defineTool exported under another name", `const make = defineTool;\nexport { make };\n`, /defineTool is exported as "make"/],
  ["defineTool as the default export", `export default defineTool;\n`, /defineTool is exported as the default export/],
];

const HEADER = `import { defineTool } from "wymcp";\n`;

describe("followed, not passed: the offence is reported", () => {
  test.each(FOLLOWED)(
    "%s",
    async (_name, source, extra) => {
      const root = project({ "src/index.ts": source, ...extra });
      const cli = cliOutcome(root);
      expect(cli.code).toBe(1);
      expect(cli.stdout).toMatch(TYPO);
      for (const outcome of [await esbuildOutcome(root), await viteOutcome(root)]) {
        expect(outcome.ok).toBe(false);
        expect(outcome.errors.join("\n")).toMatch(TYPO);
      }
    },
    BOUND,
  );
});

test(
  'defineTool destructured from require("wymcp") in a CommonJS module is followed, with no note saying it is not',
  () => {
    const root = project({
      "src/index.cjs": `const { defineTool } = require("wymcp");\nconst { defineTool: dt } = require("wymcp");\nexports.t = defineTool(${BAD});\nexports.u = dt(${BAD});\n`,
    });
    const cli = cliOutcome(root);
    expect(cli.code).toBe(1);
    expect(cli.stdout.match(new RegExp(TYPO.source, "g"))).toHaveLength(2);
    expect(cli.stdout).not.toMatch(/Not fully checked/);
  },
  BOUND,
);

describe("not seen, but said: a warning and a CLI entry, never silence", () => {
  test.each(SAID)(
    "%s",
    async (_name, body, reason) => {
      const root = project({ "src/index.ts": `${HEADER}${body}` });
      const cli = cliOutcome(root);
      expect(cli.code).toBe(0);
      expect(cli.stdout).toMatch(/Partly evaluated|Not fully checked/);
      expect(cli.stdout).toMatch(reason);
      for (const outcome of [await esbuildOutcome(root), await viteOutcome(root)]) {
        expect(outcome.errors).toEqual([]);
        expect(outcome.warnings.join("\n")).toMatch(reason);
      }
    },
    BOUND,
  );

  test(
    "a file the parser rejects but esbuild builds: not checked, with the parser's message",
    async () => {
      // A CommonJS-style module: esbuild reads the HTML comment as a comment, the parser (reading modules) rejects it.
      const root = project({
        "src/index.ts": `const { defineTool } = require("wymcp");\n<!-- a legacy HTML comment\nmodule.exports = defineTool(${BAD});\n`,
      });
      const cli = cliOutcome(root);
      expect(cli.stdout).toMatch(/Not checked[^]*src\/index\.ts:2:1 {2}syntax error: HTML comments are not allowed in modules/);
      const outcome = await esbuildOutcome(root);
      expect(outcome.ok).toBe(true);
      expect(outcome.warnings.join("\n")).toMatch(
        /index\.ts was not checked: the parser reports a syntax error at .*index\.ts:2:1: HTML comments are not allowed in modules/,
      );
    },
    BOUND,
  );
});
