/**
 * Nothing passes silently, for the ways a red team found around the check:
 * a constant changed through another name (an alias, a loop variable, a
 * callback's parameter, a function returning it), wymcp's `defineTool`
 * read by a computed key or destructured so the check cannot follow, and
 * wymcp reached through an alias (a package.json `imports` entry, a
 * bundler's `alias`). Each is either followed — the offence fails
 * `wymcp check`, esbuild and Vite — or said: the build passes with a
 * warning, and `wymcp check` lists it as partly checked.
 */
import { describe, expect, test } from "vitest";
import { build, runtimeEntry } from "./plugin-builds.js";
import { project } from "./plugin-support.js";
import { cliOutcome, esbuildOutcome, viteOutcome } from "./support/build-outcomes.js";

const BOUND = 120_000;
/** A definition with one certain offence: the typo'd key "descripton". */
const BAD = `{ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { descripton: "A", properties: {} } } }`;
const TYPO = /unknown key "descripton"/;

/** wymcp installed as a package re-exporting its sources, and the project's package.json mapping `#w` to it. */
const INSTALLED = {
  "package.json": JSON.stringify({ name: "app", type: "module", imports: { "#w": "wymcp" } }),
  "node_modules/wymcp/package.json": JSON.stringify({ name: "wymcp", type: "module", exports: "./index.js" }),
  "node_modules/wymcp/index.js": `export * from ${JSON.stringify(runtimeEntry)};\n`,
};

/** Followed: the offence is reported by every check. */
const FOLLOWED: readonly (readonly [string, string, Readonly<Record<string, string>>])[] = [
  ["a namespace member read by a computed key", `import * as w from "wymcp";\nexport const t = w["define" + "Tool"](${BAD});\n`, {}],
  ["a namespace member read by a template key", `import * as w from "wymcp";\nexport const t = w[\`define\${"Tool"}\`](${BAD});\n`, {}],
  [
    "a namespace member read by a constant key",
    `import * as w from "wymcp";\nconst key = "defineTool";\nexport const t = w[key](${BAD});\n`,
    {},
  ],
  [
    "defineTool imported through package.json imports",
    `import { defineTool } from "#w";\nexport const t = defineTool(${BAD});\n`,
    INSTALLED,
  ],
  [
    "the package through package.json imports, read by a computed key",
    `import * as w from "#w";\nexport const t = w["define" + "Tool"](${BAD});\n`,
    INSTALLED,
  ],
  [
    "a local export * of package.json imports",
    `import { defineTool } from "./w";\nexport const t = defineTool(${BAD});\n`,
    { ...INSTALLED, "src/w.ts": `export * from "#w";\n` },
  ],
];

const CREATE = `const create = { description: "A", properties: { p: { type: "string" } }, required: ["p"] };\n`;
const TOOL = `export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: create } });\n`;
const CHANGED = /"create" is changed after its declaration/;

/** Said: the build passes with a warning naming why, and the CLI lists the file as partly checked. */
const SAID: readonly (readonly [string, string, RegExp])[] = [
  ["a mutation through an alias", `${CREATE}const s = create;\ns.required.push("x");\n${TOOL}`, CHANGED],
  ["a mutation through a let alias", `${CREATE}let s = create;\ns.required.push("x");\n${TOOL}`, CHANGED],
  ["a mutation through a loop variable", `${CREATE}for (const c of [create]) c.required.push("x");\n${TOOL}`, CHANGED],
  [
    "a mutation in a callback of Object.values",
    `${CREATE}Object.values(create.properties).forEach((p) => { (p as { type: string }).type = "strng"; });\n${TOOL}`,
    CHANGED,
  ],
  [
    "a mutation in a callback of Object.entries",
    `${CREATE}Object.entries(create.properties).forEach(([, p]) => { (p as { type: string }).type = "strng"; });\n${TOOL}`,
    CHANGED,
  ],
  ["a mutation through forEach's array parameter", `${CREATE}create.required.forEach((_, i, a) => a.push("x"));\n${TOOL}`, CHANGED],
  [
    "a mutation through map and a second callback",
    `${CREATE}[create].map((c) => c).forEach((c) => c.required.push("x"));\n${TOOL}`,
    CHANGED,
  ],
  [
    "a callback passed by name",
    `${CREATE}function spoil(p: { type: string }) { p.type = "strng"; }\nObject.values(create.properties).forEach(spoil);\n${TOOL}`,
    CHANGED,
  ],
  [
    "a mutation through a destructured part",
    `${CREATE}const { properties } = create;\n(properties as Record<string, unknown>).q = { type: "strng" };\n${TOOL}`,
    CHANGED,
  ],
  ["a mutation through an object holding it", `${CREATE}const all = { create };\nall.create.required.push("x");\n${TOOL}`, CHANGED],
  ["a mutation through a function returning it", `${CREATE}const get = () => create;\nget().required.push("x");\n${TOOL}`, CHANGED],
  ["a constant stored in another object", `${CREATE}const box: { v?: unknown } = {};\nbox.v = create;\n${TOOL}`, CHANGED],
  [
    "a namespace member read by a key that cannot be known",
    `import * as w from "wymcp";\ndeclare const key: "defineTool";\nexport const t = w[key](${BAD});\n`,
    /a member of "wymcp" read by a computed key is not followed/,
  ],
  [
    "the package destructured by a computed key",
    `import * as w from "wymcp";\nconst { ["define" + "Tool"]: dt } = w;\nexport const t = dt(${BAD});\n`,
    /the "wymcp" module is destructured with a computed key, a default or a rest element/,
  ],
  [
    "the package destructured into a rest element",
    `import * as w from "wymcp";\nconst { ...all } = w;\nexport const t = all.defineTool(${BAD});\n`,
    /the "wymcp" module is destructured with a computed key, a default or a rest element/,
  ],
  [
    "the package destructured with a default",
    `import * as w from "wymcp";\nconst { defineTool: dt = (() => undefined) as never } = w;\nexport const t = dt(${BAD});\n`,
    /the "wymcp" module is destructured with a computed key, a default or a rest element/,
  ],
];

const HEADER = `import { defineTool } from "wymcp";\n`;

describe("followed: the offence is reported by wymcp check, esbuild and Vite", () => {
  test.each(FOLLOWED)(
    "%s",
    async (_name, source, extra) => {
      const root = project({ "src/index.ts": source, ...extra });
      const cli = cliOutcome(root);
      expect(cli.stdout).toMatch(TYPO);
      expect(cli.code).toBe(1);
      for (const outcome of [await esbuildOutcome(root), await viteOutcome(root)]) {
        expect(outcome.ok).toBe(false);
        expect(outcome.errors.join("\n")).toMatch(TYPO);
      }
    },
    BOUND,
  );
});

describe("not followed, but said: a warning and a CLI entry, never silence", () => {
  test.each(SAID)(
    "%s",
    async (_name, body, reason) => {
      const root = project({ "src/index.ts": body.startsWith("import") ? body : `${HEADER}${body}` });
      const cli = cliOutcome(root);
      expect(cli.stdout).toMatch(/Partly evaluated|Not fully checked/);
      expect(cli.stdout).toMatch(reason);
      expect(cli.stdout).not.toMatch(TYPO);
      expect(cli.code).toBe(0);
      for (const outcome of [await esbuildOutcome(root), await viteOutcome(root)]) {
        expect(outcome.errors).toEqual([]);
        expect(outcome.warnings.join("\n")).toMatch(reason);
      }
    },
    BOUND,
  );

  test("reads that leave the constant as it is are not changes: the declaration is checked in full", async () => {
    const root = project({
      "src/index.ts": `${HEADER}${CREATE}const s = create;\nconsole.log(s.required.join(", "), Object.keys(create.properties).map((k) => k.toUpperCase()));\nfor (const c of [create]) console.log(c.description.trim());\nObject.values(create.properties).forEach((p) => console.log(p.type));\nconst actions = () => ({ a: create });\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions });\n`,
    });
    const cli = cliOutcome(root);
    expect(cli.stdout).not.toMatch(/Partly evaluated|Not fully checked/);
    expect(cli.code).toBe(0);
    const outcome = await esbuildOutcome(root);
    expect(outcome.warnings).toEqual([]);
  });
});

describe("a bundler's alias of wymcp", () => {
  const alias = { w: runtimeEntry };

  test.each([
    ["defineTool imported from the alias", `import { defineTool } from "w";\nexport const t = defineTool(${BAD});\n`],
    [
      "the alias read by a computed key (the text names neither wymcp nor defineTool)",
      `import * as w from "w";\nexport const t = w["define" + "Tool"](${BAD});\n`,
    ],
  ])(
    "%s: esbuild and Vite follow it to the offence",
    async (_name, source) => {
      const root = project({ "src/index.ts": source });
      for (const outcome of [await esbuildOutcome(root, alias), await viteOutcome(root, alias)]) {
        expect(outcome.ok).toBe(false);
        expect(outcome.errors.join("\n")).toMatch(TYPO);
      }
    },
    BOUND,
  );

  test.each([
    ["defineTool imported from the alias", `import { defineTool } from "w";\nexport const t = defineTool(${BAD});\n`],
    ["the alias read by a computed key", `import * as w from "w";\nexport const t = w["define" + "Tool"](${BAD});\n`],
  ])(
    "%s: Rolldown, told the alias by its resolve.alias, follows it to the offence",
    async (_name, source) => {
      const root = project({ "src/index.ts": source });
      const result = await build("rolldown", root, { alias, pluginOptions: { cache: false } });
      if (result.ok) throw new Error("the build passed");
      expect(result.messages.join("\n")).toMatch(TYPO);
    },
    BOUND,
  );

  test("wymcp check, which reads no bundler configuration, says it cannot resolve the import of defineTool", () => {
    const root = project({ "src/index.ts": `import { defineTool } from "w";\nexport const t = defineTool(${BAD});\n` });
    const cli = cliOutcome(root);
    expect(cli.stdout).toMatch(/Not fully checked/);
    expect(cli.stdout).toMatch(/defineTool is imported from "w", which does not resolve here: if it names wymcp \(a bundler alias\)/);
  });
});
