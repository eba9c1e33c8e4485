/**
 * The build-time check under hostile sources: syntax errors, very large
 * files, nesting deeper than the call stack, import cycles, declarations
 * built by code, shadowed and type-only names, look-alikes in comments and
 * strings. Whatever the source, the check never throws, never hangs (each
 * test runs under a generous timeout, never a timed assertion), and never
 * reports an offence the author did not write; the bundler's own syntax
 * error is the one the user sees.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { ModuleChecker, type ModuleVerdict } from "../plugin/bundler/checks/module-checker.js";
import { textHash } from "../plugin/bundler/string-hash.js";
import wymcpEsbuild from "../plugin/bundler/esbuild/esbuild.js";
import { wymcp } from "../plugin/bundler/unplugin.js";
import { checkSource } from "../plugin/check/check.js";
import { offencesOf, type FileCheck } from "../plugin/check/file-check.js";
import { run } from "../plugin/cli/run.js";
import type { CheckReport } from "../plugin/cli/output.js";
import { Unknown } from "../plugin/evaluator/unknown.js";
import { build, bundlers, esbuildInMemory, fixtures, repo } from "./plugin-builds.js";
import { checkProject, declarationsOf, evaluateValue, project } from "./plugin-support.js";

/** A generous bound for one test: a hang fails the test, slowness alone does not. */
const BOUND = 90_000;

const HEADER = `import { defineTool } from "wymcp";\n`;
/** A declaration with one certain offence (a typo'd key), to prove a file really was evaluated. */
const TYPO_TOOL = `defineTool({ name: "typo", description: "T", actions: { a: { descripton: "A", properties: {} } }, handlers: { a: () => 1 } })`;

const problems = (check: FileCheck): string[] =>
  offencesOf(check).map((located) => `${located.line}:${located.column} ${located.offence.problem}`);

/** `line:column` (1-based) of the first `needle` in `text` after `anchor`. */
function where(text: string, needle: string, anchor = ""): string {
  const offset = text.indexOf(needle, text.indexOf(anchor));
  const before = text.slice(0, offset).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

function cli(argv: string[], cwd: string): { code: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const code = run(argv, { stdout: (text) => (stdout += `${text}\n`), stderr: (text) => (stderr += `${text}\n`), cwd });
  return { code, stdout, stderr };
}

const { transform } = wymcp.raw(undefined, { framework: "rollup", versions: {} }) as unknown as {
  transform: { handler(this: unknown, code: string, id: string): unknown };
};

/** Runs the plugin's transform on a file as a bundler would, recording what it warns and what it reports. */
function transformFile(fileName: string): { result: unknown; warnings: string[]; errors: unknown[] } {
  const warnings: string[] = [];
  const errors: unknown[] = [];
  const context = {
    addWatchFile: () => {},
    warn: (message: string) => warnings.push(message),
    error: (error: unknown) => errors.push(error),
  };
  const result = transform.handler.call(context, readFileSync(fileName, "utf8"), fileName);
  return { result, warnings, errors };
}

describe("syntax errors", () => {
  const midEdit = readFileSync(join(fixtures, "hostile/syntax-error/src/tools.ts"), "utf8");

  test("a tool module with a syntax error is reported as not checked, at the parser's position, with no offence", () => {
    // The parser's recovery reads `required: ["name"]` as a property schema; evaluating it gave four offences the author never wrote.
    const check = checkProject(midEdit);
    expect(check.declarations).toEqual([]);
    expect(check.skipped).toEqual({ reason: "syntax-error", message: "Expected `,` or `}` but found `)`", line: 17, column: 2 });
  });

  test("a constant imported from a module with a syntax error is unknown: no offence, and the module is still watched", () => {
    const schemas = readFileSync(join(fixtures, "hostile/broken-import/src/schemas.ts"), "utf8");
    const tools = readFileSync(join(fixtures, "hostile/broken-import/src/tools.ts"), "utf8");
    const check = checkProject(tools, { "schemas.ts": schemas });
    expect(check.skipped).toBeUndefined();
    expect(offencesOf(check)).toEqual([]);
    const [declaration] = check.declarations;
    expect(declaration!.declaration.unknowns.map((unknown) => unknown.reason)).toEqual([
      expect.stringMatching(/schemas\.ts has a syntax error \(line 6: Expected `,` or `}` but found `;`\)$/),
    ]);
    expect(check.filesRead).toEqual([join(check.root, "schemas.ts")]);
  });

  test("an unterminated string, template or comment, and text that is no source at all, never throw", () => {
    for (const text of [
      `${HEADER}${TYPO_TOOL}; const s = "unterminated`,
      `${HEADER}${TYPO_TOOL}; const s = \`unterminated \${`,
      `${HEADER}${TYPO_TOOL}; /* unterminated`,
      `${HEADER}${TYPO_TOOL}; <<<<<<< HEAD\n=======\n>>>>>>> branch\n`,
      `wymcp defineTool \u0000\u0001\uFFFD\uD800 ${"{[(".repeat(50)}`,
    ]) {
      const check = checkProject(text);
      expect(check.skipped?.reason).toBe("syntax-error");
      expect(check.declarations).toEqual([]);
    }
  });

  test("wymcp check lists an unparseable file as not checked and still checks the others", () => {
    const root = project({ "src/broken.ts": midEdit, "src/typo.ts": `${HEADER}${TYPO_TOOL};\n`, "src/ok.ts": "export const ok = 1;\n" });
    const text = cli(["check", "src"], root);
    expect(text.code).toBe(1);
    expect(text.stderr).toBe("");
    expect(text.stdout).toContain(
      [
        "Not checked (their tools are still validated when they are registered at run time):",
        "  src/broken.ts:17:2  syntax error: Expected `,` or `}` but found `)`",
      ].join("\n"),
    );
    expect(text.stdout).toContain(`src/typo.ts:${where(`${HEADER}${TYPO_TOOL};\n`, "descripton")}  actions["a"]: unknown key "descripton"`);
    const json = JSON.parse(cli(["check", "src", "--format", "json"], root).stdout) as CheckReport;
    expect(json.skipped).toEqual([
      { file: "src/broken.ts", line: 17, column: 2, reason: "syntax-error", message: "Expected `,` or `}` but found `)`" },
    ]);
    expect(json.summary).toEqual({ files: 3, declarations: 1, offences: 2, partial: 0 });
    // Alone, an unparseable file is no action-schema offence: exit 0, and it is listed.
    const alone = cli(["check", "src/broken.ts"], root);
    expect(alone.code).toBe(0);
    expect(alone.stdout).toContain("src/broken.ts:17:2  syntax error");
  });

  test(
    "esbuild: the build fails with esbuild's own syntax error, exactly as without the plugin",
    async () => {
      for (const fixture of ["hostile/syntax-error", "hostile/broken-import"]) {
        const withPlugin = await build("esbuild", fixture);
        const without = await build("esbuild", fixture, { plugin: false });
        expect(withPlugin.ok).toBe(false);
        if (withPlugin.ok || without.ok) return;
        expect(withPlugin.messages).toEqual(without.messages);
        expect(withPlugin.locations).toEqual(without.locations);
        expect(withPlugin.messages.join("\n")).not.toMatch(/wymcp|action-schema/);
      }
      const failed = await build("esbuild", "hostile/syntax-error");
      expect(failed).toMatchObject({
        ok: false,
        messages: ['Expected "}" but found ")"'],
        locations: [{ file: expect.stringMatching(/hostile\/syntax-error\/src\/tools\.ts$/), line: 17, column: 1 }],
      });
    },
    BOUND,
  );

  test.each(bundlers.filter((bundler) => bundler !== "esbuild"))(
    "%s: the plugin adds nothing to the bundler's own verdict on a syntax error",
    async (bundler) => {
      for (const fixture of ["hostile/syntax-error", "hostile/broken-import"]) {
        const withPlugin = await build(bundler, fixture);
        const without = await build(bundler, fixture, { plugin: false });
        // Rollup and webpack here strip types with ts.transpileModule, which recovers from the error: both builds then succeed.
        expect(withPlugin.ok).toBe(without.ok);
        if (!withPlugin.ok && !without.ok) {
          expect(withPlugin.messages).toEqual(without.messages);
          expect(withPlugin.printed).not.toMatch(/action-schema/);
        }
      }
    },
    BOUND,
  );
});

describe("very large sources", () => {
  test(
    "a generated 6 MB module: evaluated, and its one offence found at its line",
    () => {
      const rows = Array.from(
        { length: 60_000 },
        (_, index) =>
          `  { id: ${index}, name: "row ${index}", tags: ["alpha", "beta", "gamma"], weight: ${index * 1.5}, note: "generated" },`,
      );
      const code = Array.from(
        { length: 8_000 },
        (_, index) =>
          `export function helper${index}(x: number): number { return helper${(index + 1) % 8000}(x) + Math.max(x, ${index}); }`,
      );
      const text = [HEADER, "export const table = [", ...rows, "];", ...code, `export const typo = ${TYPO_TOOL};`, ""].join("\n");
      expect(text.length).toBeGreaterThan(5_000_000);
      const check = checkProject(text);
      expect(check.skipped).toBeUndefined();
      expect(problems(check)).toEqual([
        `${where(text, "{ descripton", "typo =")} missing mandatory key "description"`,
        `${where(text, "descripton", "typo =")} unknown key "descripton"`,
      ]);
    },
    BOUND,
  );

  test(
    "a module of 5,000 declarations: every one found, the one malformed among them reported, no other",
    () => {
      const lines = [HEADER];
      for (let index = 0; index < 5_000; index++) {
        lines.push(
          `const schema${index} = { description: "Action ${index}", properties: { name: { type: "string" }, count: { type: "number" } }, required: ["name"] } as const;`,
        );
        const create = index === 4_321 ? `{ ...schema${index}, required: ["nmae"] }` : `schema${index}`;
        lines.push(
          `export const tool${index} = defineTool({ name: "tool${index}", description: "Tool ${index}", actions: { create: ${create}, list: { description: "List", properties: { limit: { type: "number" } }, defaults: { limit: 10 } } }, handlers: { create: () => 1, list: () => 2 } });`,
        );
      }
      const text = lines.join("\n");
      const check = checkProject(text);
      expect(check.declarations).toHaveLength(5_000);
      expect(problems(check)).toEqual([`${where(text, '"nmae"', "tool4321 =")} "nmae" is not declared in properties`]);
    },
    BOUND,
  );

  test(
    "a module importing from a module of 5,000 exports",
    () => {
      const constants = Array.from(
        { length: 5_000 },
        (_, index) => `export const p${index} = { type: "string", description: "p${index}" } as const;`,
      ).join("\n");
      const names = Array.from({ length: 200 }, (_, index) => `p${index * 25}`);
      const source = `${HEADER}import { ${names.join(", ")} } from "./constants";\nexport const t = defineTool({ name: "t", description: "T", actions: { a: { description: "A", properties: { ${names.join(", ")} }, required: ["p0", "nope"] } }, handlers: { a: () => 1 } });\n`;
      const check = checkProject(source, { "constants.ts": constants });
      expect(check.declarations[0]!.declaration.unknowns).toEqual([]);
      expect(problems(check)).toEqual([`${where(source, '"nope"')} "nope" is not declared in properties`]);
    },
    BOUND,
  );
});

describe("nesting deeper than the call stack", () => {
  const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const deepObject = (depth: number) => `${"{ a: ".repeat(depth)}1${" }".repeat(depth)}`;
  const deepParens = (depth: number) => `${"(".repeat(depth)}"x"${")".repeat(depth)}`;

  test.each([
    ["arrays", 5_000, deepArray],
    ["arrays", 20_000, deepArray],
    ["objects", 5_000, deepObject],
    ["objects", 20_000, deepObject],
    ["parentheses", 20_000, deepParens],
  ])(
    "%s nested %i levels in a tool module: not checked, too deep, no throw",
    (_kind, depth, nest) => {
      const check = checkProject(
        `${HEADER}export const t = defineTool({ name: "t", description: "T", actions: { a: { description: "A", properties: {}, examples: [${nest(depth)}] } }, handlers: {} });\n${TYPO_TOOL};\n`,
      );
      // Located where the nesting passes the bound: line 2, the line of the declaration.
      expect(check.skipped).toEqual({
        reason: "too-deep",
        message: expect.stringMatching(/^the source is nested too deeply to parse: more than 1000 levels of brackets/),
        line: 2,
        column: expect.any(Number),
      });
      expect(check.declarations).toEqual([]);
    },
    BOUND,
  );

  test(
    "a constant imported from a module nested too deeply to parse is unknown: no throw, no offence",
    () => {
      const check = checkProject(
        `${HEADER}import { deep } from "./deep";\nexport const t = defineTool({ name: "t", description: "T", actions: { a: { description: "A", properties: deep } }, handlers: { a: () => 1 } });\n`,
        {
          "deep.ts": `export const deep = ${deepObject(20_000)};\n`,
        },
      );
      expect(offencesOf(check)).toEqual([]);
      expect(check.declarations[0]!.declaration.unknowns.map((unknown) => unknown.reason)).toEqual([
        expect.stringMatching(/deep\.ts is nested too deeply to parse$/),
      ]);
    },
    BOUND,
  );

  test(
    "a chain of 15,000 `+` terms, which the parser reads in a loop, is evaluated in a loop too",
    () => {
      const terms = Array.from({ length: 15_000 }, () => `"ab"`).join(" + ");
      const check = checkProject(
        `${HEADER}defineTool({ name: "t", description: "T", actions: { a: { description: ${terms} + "\\n", properties: {} } }, handlers: { a: () => 1 } });\n`,
      );
      expect((check.declarations[0]!.declaration.record as { a: { description: string } }).a.description).toBe(`${"ab".repeat(15_000)}\n`);
      expect(problems(check)).toEqual([expect.stringMatching(/^2:\d+ "description" contains a line break$/)]);
    },
    BOUND,
  );

  test(
    "a member chain of 15,000 links, which the parser reads in a loop but the evaluator recurses through: not checked, too deep, no throw",
    () => {
      const check = checkProject(
        `${HEADER}const o: any = { a: "x" };\n${TYPO_TOOL};\ndefineTool({ name: "t", description: o${".a".repeat(15_000)}, actions: {}, handlers: {} });\n`,
      );
      expect(check.skipped).toEqual({ reason: "too-deep", message: "the source is nested too deeply to evaluate" });
      expect(check.declarations).toEqual([]);
    },
    BOUND,
  );

  test(
    "the plugin warns that a too-deep module was not checked, and leaves it to the bundler",
    () => {
      const root = project({
        "tools.ts": `${HEADER}export const t = defineTool({ name: "t", description: "T", actions: { a: { description: "A", properties: {}, examples: [${deepArray(20_000)}] } }, handlers: {} });\n`,
      });
      const { result, warnings, errors } = transformFile(join(root, "tools.ts"));
      expect(result).toBeUndefined();
      expect(errors).toEqual([]);
      expect(warnings).toEqual([
        expect.stringMatching(
          /^wymcp: .*tools\.ts was not checked: the source is nested too deeply to parse: .* \(at .*tools\.ts:2:\d+\); its tools are still validated when they are registered$/,
        ),
      ]);
    },
    BOUND,
  );

  test(
    "esbuild builds a module nested 20,000 levels deep with the plugin as without it, with the plugin's warning",
    async () => {
      const esbuild = await import("esbuild");
      const root = project({
        "src/index.ts": `import { tasks } from "./tools.js";\nexport const tools = [tasks];\n`,
        "src/tools.ts": `${HEADER}export const tasks = defineTool({ name: "tasks", description: "T", actions: { a: { description: "A", properties: {}, examples: [${deepArray(20_000)}] } }, handlers: { a: () => 1 } });\n`,
      });
      const options = esbuildInMemory(join(root, "src/index.ts"));
      const withPlugin = await esbuild.build({ ...options, plugins: [wymcpEsbuild()] });
      const without = await esbuild.build(options);
      expect(withPlugin.outputFiles[0]!.text).toBe(without.outputFiles[0]!.text);
      expect(withPlugin.warnings.map((warning) => warning.text)).toEqual([
        expect.stringMatching(/tools\.ts was not checked: the source is nested too deeply to parse/),
      ]);
    },
    BOUND,
  );

  test.each([
    [
      "strings doubled by +",
      (i: number) => `const v${i} = v${i - 1} + v${i - 1};`,
      `"0123456789abcdef"`,
      // Each doubling uses the string twice by name: the size of what is used runs out before the characters built do.
      /budget of the file \(\d+ (characters of strings built|values and characters used by name)/,
    ],
    [
      "strings doubled by a template",
      (i: number) => `const v${i} = \`\${v${i - 1}}\${v${i - 1}}\`;`,
      `"0123456789abcdef"`,
      // Each doubling uses the string twice by name: the size of what is used runs out before the characters built do.
      /budget of the file \(\d+ (characters of strings built|values and characters used by name)/,
    ],
    ["arrays doubled by spreads", (i: number) => `const v${i} = [...v${i - 1}, ...v${i - 1}];`, `[1, 2, 3, 4]`, /more than \d+ entries/],
    [
      "a long string spread into an object",
      (i: number) => `const v${i} = v${i - 1} + v${i - 1};`,
      `"0123456789abcdef"`,
      /more than \d+ entries/,
      (_last: string): string => `{ ...v13 }`,
    ],
  ])(
    "%s 40 times: unknown past the evaluator's bounds, never a RangeError",
    (_name, line, seed, reason, wrap = (last: string) => last) => {
      const source = [
        `const v0 = ${seed};`,
        ...Array.from({ length: 40 }, (_, index) => line(index + 1)),
        `const value = ${wrap("v40")};`,
      ].join("\n");
      const { value, evaluator } = evaluateValue(source);
      const unknown = value instanceof Unknown ? value : evaluator.provenance.unknownPartsOf(value as object)[0];
      expect(unknown).toBeInstanceOf(Unknown);
      expect(unknown!.reason).toMatch(reason);
      const check = checkProject(
        `${source.replace("const value = ", "const examples = ")}\n${HEADER}defineTool({ name: "t", description: "T", actions: { a: { description: "A", properties: {}, examples: [${wrap("v40")}] } }, handlers: { a: () => 1 } });\n`,
      );
      expect(offencesOf(check)).toEqual([]);
    },
    BOUND,
  );
});

describe("import cycles", () => {
  test("three modules whose constants refer to each other: evaluation ends, the cyclic values are unknown, no offence", () => {
    const files = {
      "a.ts": `import { b } from "./b"; export const a = { type: "object", properties: { next: b } } as const;`,
      "b.ts": `import { c } from "./c"; export const b = { type: "object", properties: { next: c } } as const;`,
      "c.ts": `import { a } from "./a"; export const c = { type: "object", properties: { next: a } } as const;`,
    };
    const check = checkProject(
      `${HEADER}import { a } from "./a";\nexport const t = defineTool({ name: "t", description: "T", actions: { x: { description: "X", properties: { a }, required: ["a"] } }, handlers: { x: () => 1 } });\n`,
      files,
    );
    expect(offencesOf(check)).toEqual([]);
    expect(check.declarations[0]!.declaration.unknowns.map((unknown) => unknown.reason)).toEqual([expect.stringMatching(/import cycle/)]);
    expect(check.filesRead.map((file) => file.slice(check.root.length + 1)).sort()).toEqual(["a.ts", "b.ts", "c.ts"]);
  });

  test.each([
    [
      "a module that imports itself",
      { "self.ts": `import { s } from "./self"; export const s = { type: "object", properties: { s } };` },
      `import { s } from "./self";`,
      "s",
    ],
    [
      "a cycle through export *",
      { "x.ts": `export * from "./y";`, "y.ts": `export * from "./x"; export const unrelated = 1;` },
      `import { s } from "./x";`,
      "s",
    ],
    [
      "a cycle through default exports",
      {
        "d1.ts": `import d2 from "./d2"; export default { type: "object", properties: { d2 } };`,
        "d2.ts": `import d1 from "./d1"; export default { type: "object", properties: { d1 } };`,
      },
      `import s from "./d1";`,
      "s",
    ],
    [
      "a cycle of re-export lists",
      { "r1.ts": `export { s } from "./r2";`, "r2.ts": `export { s } from "./r1";` },
      `import { s } from "./r1";`,
      "s",
    ],
    [
      "a cycle through namespace imports",
      {
        "n1.ts": `import * as n2 from "./n2"; export const s = { type: "object", properties: { x: n2.s } };`,
        "n2.ts": `import * as n1 from "./n1"; export const s = n1.s;`,
      },
      `import { s } from "./n1";`,
      "s",
    ],
    [
      "a const cycle inside one module",
      {},
      `const p: any = { type: "object", properties: { q } }; const q: any = { type: "object", properties: { p } }; const s = p;`,
      "s",
    ],
    [
      "a cycle that reaches the tool module itself",
      { "back.ts": `import { own } from "./index"; export const s = { type: "object", properties: { own } };` },
      `import { s } from "./back"; export const own = { type: "string" };`,
      "s",
    ],
  ])("%s: terminates, no offence", (_name, files, imports, name) => {
    const check = checkProject(
      `${HEADER}${imports}\nexport const t = defineTool({ name: "t", description: "T", actions: { x: { description: "X", properties: { root: ${name} } } }, handlers: { x: () => 1 } });\n`,
      files,
    );
    expect(check.skipped).toBeUndefined();
    expect(offencesOf(check)).toEqual([]);
  });
});

describe("declarations built by code are unknown, never a false offence", () => {
  // Each would be a wrong type (or a missing key) if the evaluator guessed; each sits beside a certain offence the check must still report.
  test.each([
    ["a function call", `const make = () => ({}); const props = make();`, `description: "A", properties: props`],
    ["a spread of a call", `const extra = () => ({});`, `description: "A", properties: { ...extra() }, required: ["fromExtra"]`],
    ["a call spread into an action", `const base = () => ({ description: "A", properties: {} });`, `...base()`],
    [
      "a computed key from a call",
      `const key = () => "name";`,
      `description: "A", properties: { [key()]: { type: "string" } }, required: ["name"]`,
    ],
    [
      "a computed action name from a call",
      `const key = () => "a";`,
      `description: "A", properties: {} }, [key()]: { description: "B", properties: {}`,
    ],
    ["a getter", ``, `get description() { return "A"; }, properties: {}`],
    ["a getter for properties", ``, `description: "A", get properties() { return {}; }`],
    ["a class instance", `class Props { name = { type: "string" }; }`, `description: "A", properties: new Props()`],
    [
      "a class instance through a const",
      `class Props { name = { type: "string" }; } const props = new Props();`,
      `description: "A", properties: props`,
    ],
    ["new Map()", ``, `description: "A", properties: new Map([["name", { type: "string" }]]) as never`],
    ["Object.freeze", ``, `description: "A", properties: Object.freeze({ name: { type: "string" } })`],
    ["Object.fromEntries", ``, `description: "A", properties: Object.fromEntries([["name", { type: "string" }]]), required: ["name"]`],
    ["an immediately invoked function", ``, `description: "A", properties: (() => ({}))()`],
    ["a method call on a literal", ``, `description: "A", properties: {}, required: ["x"].map((name) => name.trim())`],
    ["JSON.parse", ``, `description: "A", properties: JSON.parse('{"name":{"type":"string"}}'), required: ["name"]`],
    [
      "a conditional",
      `const flag = Math.random() > 0.5;`,
      `description: "A", properties: flag ? {} : { name: { type: "string" } }, required: ["name"]`,
    ],
    ["a tagged template", `const tag = (s: TemplateStringsArray) => s.join("");`, `description: tag\`A\`, properties: {}`],
    ["a let", `let props = {};`, `description: "A", properties: props`],
    ["a global", ``, `description: "A", properties: globalThis.structuredClone({})`],
    ["a require", `const shared = require("./shared.cjs");`, `description: "A", properties: shared.props, required: ["name"]`],
  ])("%s", (_name, before, schema) => {
    const check = checkProject(
      `${HEADER}${before}\nexport const t = defineTool({ name: "t", description: "T", actions: { a: { ${schema} }, bad: { description: "B", properties: {}, nots: "typo" } }, handlers: { a: () => 1, bad: () => 3 } });\n`,
    );
    expect(check.skipped).toBeUndefined();
    expect(offencesOf(check).map((located) => located.offence.problem)).toEqual(['unknown key "nots"']);
    expect(check.declarations[0]!.declaration.unknowns.length).toBeGreaterThan(0);
  });

  test("actions and a whole definition built by calls leave nothing to validate", () => {
    for (const source of [
      `${HEADER}const make = () => ({}); export const t = defineTool({ name: "t", description: "T", actions: make(), handlers: {} });`,
      `${HEADER}const make = () => ({}); export const t = defineTool(make());`,
      `${HEADER}export const t = defineTool({ ...(globalThis as any).definition });`,
      `${HEADER}const args: any[] = []; export const t = (defineTool as any)(...args);`,
    ]) {
      const check = checkProject(source);
      expect(offencesOf(check)).toEqual([]);
      expect(check.declarations.every(({ declaration }) => declaration.tool === undefined)).toBe(true);
    }
  });
});

describe("what is a declaration", () => {
  test("export default defineTool(...) is a declaration, and a barrel re-exporting tools adds none", () => {
    const tool = `${HEADER}export default ${TYPO_TOOL};\n`;
    expect(problems(checkProject(tool))).toEqual([
      `${where(tool, "{ descripton")} missing mandatory key "description"`,
      `${where(tool, "descripton")} unknown key "descripton"`,
    ]);
    const barrel = checkProject(
      `export { default as typo } from "./tool";\nexport * from "./tool";\nexport * as tools from "./tool";\n// wymcp defineTool\n`,
      { "tool.ts": tool },
    );
    expect(barrel.declarations).toEqual([]);
  });

  test.each([
    [
      "a default export",
      { "schema.ts": `export default { description: "A", properties: { name: { type: "string" } }, required: ["nope"] };` },
      `import schema from "./schema";`,
    ],
    [
      "a local re-exported as default",
      {
        "schema.ts": `const s = { description: "A", properties: { name: { type: "string" } }, required: ["nope"] }; export { s as default };`,
      },
      `import schema from "./schema";`,
    ],
    [
      "a default re-exported by name through a barrel",
      {
        "barrel.ts": `export { default as schema } from "./schema";`,
        "schema.ts": `export default { description: "A", properties: { name: { type: "string" } }, required: ["nope"] };`,
      },
      `import { schema } from "./barrel";`,
    ],
    [
      "a namespace re-export",
      {
        "barrel.ts": `export * as all from "./schema";`,
        "schema.ts": `export const schema = { description: "A", properties: { name: { type: "string" } }, required: ["nope"] };`,
      },
      `import { all } from "./barrel"; const schema = all.schema;`,
    ],
  ])("a schema reached through %s is evaluated: its offence is found at its source", (_name, files, imports) => {
    const check = checkProject(
      `${HEADER}${imports}\nexport const t = defineTool({ name: "t", description: "T", actions: { a: schema }, handlers: { a: () => 1 } });\n`,
      files,
    );
    expect(offencesOf(check).map((located) => [located.fileName.split("/").at(-1), located.offence.problem])).toEqual([
      ["schema.ts", '"nope" is not declared in properties'],
    ]);
  });

  const BAD = `{ name: "t", description: "T", actions: { a: { descripton: "A", properties: {} } }, handlers: {} }`;

  test.each([
    ["a const in a block", `{ const defineTool = (x: unknown) => x; defineTool(${BAD}); }`],
    ["a let in a function", `function f() { let defineTool = (x: unknown) => x; return defineTool(${BAD}); }`],
    [
      "a var in a nested block, hoisted to the function",
      `function f(flag: boolean) { if (flag) { var defineTool = (x: unknown) => x; } return defineTool!(${BAD}); }`,
    ],
    [
      "a var in a for-of head, hoisted to the function",
      `function f(list: any[]) { for (var defineTool of list) {} return defineTool(${BAD}); }`,
    ],
    [
      "a var in a labelled block, hoisted to the function",
      `function f() { label: { var defineTool = (x: unknown) => x; } return defineTool(${BAD}); }`,
    ],
    ["a function declaration in a function", `function f() { function defineTool(x: unknown) { return x; } return defineTool(${BAD}); }`],
    ["a function declaration in a block", `{ function defineTool(x: unknown) { return x; } defineTool(${BAD}); }`],
    ["a method's parameter", `class K { m(defineTool: (x: unknown) => void) { defineTool(${BAD}); } }`],
    ["a destructured parameter", `const f = ({ defineTool }: { defineTool: (x: unknown) => void }) => defineTool(${BAD});`],
    ["a caught error", `try { } catch (defineTool: any) { defineTool(${BAD}); }`],
    ["a const in a static block", `class K { static { const defineTool = (x: unknown) => x; defineTool(${BAD}); } }`],
    [
      "a const in a case clause",
      `function f(k: number) { switch (k) { case 1: const defineTool = (x: unknown) => x; return defineTool(${BAD}); } }`,
    ],
    ["a const in a namespace", `namespace N { const defineTool = (x: unknown) => x; defineTool(${BAD}); }`],
    ["a class expression's own name", `const C = class defineTool { static x = (defineTool as any)(${BAD}); };`],
    ["a loop variable", `for (const defineTool of [(x: unknown) => x]) defineTool(${BAD});`],
  ])("defineTool shadowed by %s is not wymcp's: no declaration", (_name, body) => {
    expect(declarationsOf(`${HEADER}${body}\n`)).toEqual([]);
  });

  test("a var in a nested function does not shadow the outer scope's import", () => {
    const [declaration, ...rest] = declarationsOf(
      `${HEADER}function f() { function g() { var defineTool = 1; } return defineTool(${BAD}); }\n`,
    );
    expect(rest).toEqual([]);
    expect(declaration!.name).toBe("t");
  });

  test.each([
    ["import type", `import type { defineTool } from "wymcp";`, `defineTool(${BAD})`],
    ["an inline type modifier", `import { type defineTool } from "wymcp";`, `defineTool(${BAD})`],
    ["a type-only namespace import", `import type * as w from "wymcp";`, `w.defineTool(${BAD})`],
    ["a type-only default import", `import type w from "wymcp";`, `w.defineTool(${BAD})`],
    [
      "typeof in a type position only",
      `import type { defineTool } from "wymcp"; declare const defineTool2: typeof defineTool;`,
      `defineTool2(${BAD})`,
    ],
  ])("a wymcp import that is type-only (%s) declares nothing", (_name, imports, call) => {
    const check = checkProject(`${imports}\n${call};\n`);
    expect(check.declarations).toEqual([]);
    expect(offencesOf(check)).toEqual([]);
  });

  test("declarations in comments, strings, templates, regular expressions and JSX text are not declarations", () => {
    const text = [
      `// import { defineTool } from "wymcp"; defineTool(${BAD});`,
      `/* defineTool(${BAD}) */`,
      `/** @example defineTool(${BAD}) */`,
      `export const a = 'import { defineTool } from "wymcp"; defineTool(${BAD.replace(/"/g, '\\"')})';`,
      `export const b = \`defineTool(${BAD})\`;`,
      `export const c = /defineTool\\(\\{ descripton: "wymcp" \\}\\)/;`,
      `export const d = <p>defineTool({"{"} descripton: "wymcp" {"}"})</p>;`,
    ].join("\n");
    const check = checkSource(join(project({}), "view.tsx"), text);
    expect(check.skipped).toBeUndefined();
    expect(check.declarations).toEqual([]);
  });

  test("an escaped identifier and an escaped module name still name wymcp's defineTool", () => {
    const [declaration] = declarationsOf(`import { def\\u0069neTool } from "wym\\u0063p";\nd\\u0065fineTool(${BAD});\n`);
    expect(declaration!.name).toBe("t");
  });
});

describe("verdicts kept between builds are never stale", () => {
  const CLEAN = `${HEADER}import { props } from "./shared";\nexport const t = defineTool({ name: "t", description: "T", actions: { a: { description: "A", properties: props, required: ["name"] } }, handlers: { a: () => 1 } });\n`;
  const SHARED = `export const props = { name: { type: "string" } } as const;\n`;

  /** A project with a tool module importing a constant, and a checker keeping its verdicts in the project. */
  function setUp(): { root: string; tools: string; cacheFile: string; verdict: () => Promise<ModuleVerdict> } {
    const root = project({ "tools.ts": CLEAN, "shared.ts": SHARED });
    const cacheFile = join(root, "cache/verdicts.json");
    const tools = join(root, "tools.ts");
    // A fresh checker per build, as a fresh bundler process would make, reading what the previous one wrote.
    const verdict = async () => {
      const checker = new ModuleChecker(cacheFile);
      checker.startBuild(true);
      const result = await checker.check(tools);
      checker.endBuild();
      return result;
    };
    return { root, tools, cacheFile, verdict };
  }
  const served = (verdict: ModuleVerdict) => verdict.check === undefined;

  test("a clean module is checked once, then served from the cache with the modules to watch", async () => {
    const { root, cacheFile, verdict } = setUp();
    const first = await verdict();
    expect(first.check?.declarations).toHaveLength(1);
    expect(existsSync(cacheFile)).toBe(true);
    const second = await verdict();
    expect(served(second)).toBe(true);
    expect(second.filesRead).toEqual([join(root, "shared.ts")]);
  });

  test("an edit of the module, of a constant it imports, or of how an import resolves: checked again, and the offence found", async () => {
    const { root, tools, verdict } = setUp();
    await verdict();
    writeFileSync(tools, CLEAN.replace('"name"]', '"nmae"]'));
    expect(offencesOf((await verdict()).check!).map((located) => located.offence.problem)).toEqual([
      '"nmae" is not declared in properties',
    ]);
    writeFileSync(tools, CLEAN);
    expect(served(await verdict())).toBe(false);
    expect(served(await verdict())).toBe(true);
    writeFileSync(join(root, "shared.ts"), `export const props = { name: { type: "string", items: "string" } } as const;\n`);
    expect(offencesOf((await verdict()).check!).map((located) => located.offence.problem)).toEqual(['"items" is a string']);
    writeFileSync(join(root, "shared.ts"), SHARED);
    await verdict();
    expect(served(await verdict())).toBe(true);
    // A module that now answers "./shared" first (shared.mts is tried after shared.ts; a folder's index last): an index file does not change it, a .ts file beside does.
    writeFileSync(join(root, "shared.mts"), `export const props = 1;\n`);
    expect(served(await verdict())).toBe(true);
    rmSync(join(root, "shared.ts"));
    const moved = await verdict();
    expect(served(moved)).toBe(false);
    expect(offencesOf(moved.check!).map((located) => located.offence.problem)).toEqual(['"properties" is a number']);
  });

  test("in watch mode a build looks afresh at every check: an edit between two checks of one build is found", async () => {
    const { tools, cacheFile } = setUp();
    const checker = new ModuleChecker(cacheFile);
    checker.startBuild(false);
    expect(served(await checker.check(tools))).toBe(false);
    expect(served(await checker.check(tools))).toBe(true);
    // A longer text: the edit is found by its size, however coarse the file system's times.
    writeFileSync(tools, CLEAN.replace('"name"]', '"names"]'));
    const edited = await checker.check(tools);
    checker.endBuild();
    expect(offencesOf(edited.check!).map((located) => located.offence.problem)).toEqual(['"names" is not declared in properties']);
  });

  test("a module touched without a change is still served; a change that keeps size and times is caught by its hash", async () => {
    const { tools, verdict } = setUp();
    await verdict();
    const later = new Date(Date.now() + 60_000);
    utimesSync(tools, later, later);
    expect(served(await verdict())).toBe(true);
    // Same length, same times restored: the recorded change time differs, so the text is hashed and the edit found.
    const edited = CLEAN.replace('"name"]', '"nmae"]');
    writeFileSync(tools, edited);
    utimesSync(tools, later, later);
    expect(served(await verdict())).toBe(false);
  });

  test(
    "offences, syntax errors and modules too deep are never kept: every build reports them again",
    async () => {
      for (const text of [
        CLEAN.replace('"name"]', '"nmae"]'),
        `${CLEAN}\nconst x = ;`,
        `${CLEAN}\nexport const deep = ${"[".repeat(20_000)}${"]".repeat(20_000)};\n`,
      ]) {
        const { tools, verdict } = setUp();
        writeFileSync(tools, text);
        expect(served(await verdict())).toBe(false);
        expect(served(await verdict())).toBe(false);
      }
    },
    BOUND,
  );

  test.each([
    ["garbage", "{ not json"],
    ["another format", JSON.stringify({ format: 0, stamp: "x", entries: {} })],
    ["entries of the wrong shape", JSON.stringify({ format: 2, stamp: "x", entries: null })],
  ])("a cache file holding %s is ignored, never trusted", async (_name, text) => {
    const { tools, cacheFile, verdict } = setUp();
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, text);
    writeFileSync(tools, CLEAN.replace('"name"]', '"nmae"]'));
    expect(offencesOf((await verdict()).check!)).toHaveLength(1);
  });

  test("a verdict stored by other code (another wymcp, another TypeScript) is never used, even for the very same file", async () => {
    const { tools, cacheFile, verdict } = setUp();
    const malformed = CLEAN.replace('"name"]', '"nmae"]');
    writeFileSync(tools, malformed);
    const stats = statSync(tools);
    const seen = [stats.size, stats.mtimeMs, stats.ctimeMs, textHash(malformed)];
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, JSON.stringify({ format: 2, stamp: "another", entries: { [tools]: { seen, reads: [], resolutions: [] } } }));
    expect(offencesOf((await verdict()).check!)).toHaveLength(1);
  });

  test("without a cache file nothing is written and every build checks", async () => {
    const { root, tools } = setUp();
    const checker = new ModuleChecker(undefined);
    expect(served(await checker.check(tools))).toBe(false);
    expect(served(await checker.check(tools))).toBe(false);
    checker.endBuild();
    expect(existsSync(join(root, "cache"))).toBe(false);
  });

  test(
    "esbuild, built again and again: served from the cache, then an edited constant fails the build; the metafile stays off when not asked for",
    async () => {
      const esbuild = await import("esbuild");
      const root = project({
        "src/index.ts": `import { t } from "./tools.js";\nexport const tools = [t];\n`,
        "src/tools.ts": CLEAN,
        "src/shared.ts": SHARED,
      });
      const cache = join(root, "cache/verdicts.json");
      const options = esbuildInMemory(join(root, "src/index.ts"));
      const first = await esbuild.build({ ...options, plugins: [wymcpEsbuild({ cache })] });
      expect(first.metafile).toBeUndefined();
      expect(existsSync(cache)).toBe(true);
      const second = await esbuild.build({ ...options, plugins: [wymcpEsbuild({ cache })] });
      expect(second.outputFiles[0]!.text).toBe(first.outputFiles[0]!.text);
      writeFileSync(join(root, "src/shared.ts"), `export const props = { name: { type: "string", items: "string" } } as const;\n`);
      const failed = await esbuild.build({ ...options, plugins: [wymcpEsbuild({ cache })] }).then(
        () => [],
        (error: { errors: unknown[] }) => error.errors,
      );
      expect(failed).toEqual([
        expect.objectContaining({
          text: expect.stringMatching(/^wymcp: 1 action-schema offence in .*tools\.ts\n/),
          location: expect.objectContaining({ file: join(root, "src/shared.ts"), line: 1 }),
        }),
      ]);
      writeFileSync(join(root, "src/shared.ts"), SHARED);
      const withMetafile = await esbuild.build({ ...options, metafile: true, plugins: [wymcpEsbuild({ cache })] });
      expect(Object.keys(withMetafile.metafile.inputs).some((input) => input.endsWith("src/tools.ts"))).toBe(true);
    },
    BOUND,
  );
});

describe("the unplugin instance runs the same hooks as the per-bundler entries", () => {
  test.each(["esbuild", "rolldown", "rollup"] as const)(
    "wymcp.%s() fails the malformed fixture and builds the clean one",
    async (bundler) => {
      const fixture = (name: string) => join(fixtures, name, "src/index.ts");
      const run = async (entry: string): Promise<string[]> => {
        if (bundler === "esbuild") {
          const esbuild = await import("esbuild");
          return esbuild.build({ ...esbuildInMemory(entry), plugins: [wymcp.esbuild({ cache: false })] }).then(
            () => [],
            (error: { errors: { text: string }[] }) => error.errors.map((message) => message.text),
          );
        }
        const ts = await import("typescript");
        const strip = {
          name: "strip",
          resolveId(source: string, importer?: string) {
            if (source === "wymcp") return join(repo, "src/index.ts");
            if (importer === undefined || !source.startsWith(".")) return null;
            const base = join(importer, "..", source);
            return (
              [base.replace(/\.js$/, ".ts"), `${base}.ts`, join(base, "index.ts")].find(
                (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
              ) ?? null
            );
          },
          transform: (code: string, id: string) =>
            id.endsWith(".ts")
              ? ts.default.transpileModule(code, {
                  compilerOptions: { module: ts.default.ModuleKind.ESNext, target: ts.default.ScriptTarget.ES2022 },
                }).outputText
              : null,
        };
        const { rollup } = bundler === "rollup" ? await import("rollup") : { rollup: (await import("rolldown")).rolldown };
        const plugins = bundler === "rollup" ? [wymcp.rollup({ cache: false }), strip] : [wymcp.rolldown({ cache: false }), strip];
        try {
          const bundle = await (
            rollup as (options: unknown) => Promise<{ generate(options: unknown): Promise<unknown>; close(): Promise<void> }>
          )({ input: entry, plugins, onwarn: () => {}, logLevel: "silent" });
          await bundle.generate({ format: "es" });
          await bundle.close();
          return [];
        } catch (error) {
          return [String((error as Error).message)];
        }
      };
      const failed = await run(fixture("malformed"));
      expect(failed.join("\n")).toContain("wymcp: 7 action-schema offences in test/fixtures/plugin/malformed/src/tools.ts");
      expect(await run(fixture("clean"))).toEqual([]);
    },
    BOUND,
  );
});
