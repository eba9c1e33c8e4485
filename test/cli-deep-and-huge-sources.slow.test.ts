/**
 * `wymcp check` never crashes on a source nested or chained beyond what the
 * native parser survives: every nesting form — not brackets alone — is
 * measured before the parser runs, the file is listed as not checked at the
 * line where it becomes too deep, and the command exits 1 (such a file
 * builds, so passing it would pass its tools unchecked). Each form is
 * written deep enough to crash the parser (exit 139) before the guard; the
 * CLI runs as a process under a generous timeout, and the test asserts it
 * ended by itself with that output.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "./support/cli-process.js";
import { project } from "./plugin-support.js";

const HEADER = `import { defineTool } from "wymcp";\n`;
const TOOL = `export const t = defineTool({ name: "t", description: "T", actions: { a: { description: "A", properties: {} } }, handlers: { a: () => 1 } });\n`;
const DEEP = 20_000;
const list = (count: number, item: (index: number) => string, separator: string) =>
  Array.from({ length: count }, (_, index) => item(index)).join(separator);

/** Each form, written on line 2 of its module, deep enough to crash the parser when handed to it. */
const FORMS: readonly (readonly [string, string, string?])[] = [
  ["a 5,000-deep generic type", `type T = ${"Array<".repeat(5_000)}string${">".repeat(5_000)};`],
  ["a ternary chain", `const x = ${list(DEEP, (index) => `a${index} ? ${index} :`, " ")} 0;`],
  ["an else-if chain", `if (a) {}${" else if (a) {}".repeat(DEEP)}`],
  ["an else-if chain of statements without braces", `if (a) b;${" else if (a) b;".repeat(DEEP)}`],
  ["nested ifs without braces", `${"if (a) ".repeat(DEEP)}b;`],
  ["a chain of assignments", `${list(DEEP, (index) => `a${index} =`, " ")} 0;`],
  ["a chain of arrows", `const f = ${"a => ".repeat(DEEP)}0;`],
  ["prefix operators", `const x = ${"!".repeat(50_000)}a;`],
  ["a chain of labels", `${list(DEEP, (index) => `l${index}:`, " ")} b;`],
  ["a chain of do-whiles", `${"do ".repeat(DEEP)}x;${" while (a);".repeat(DEEP)}`],
  ["a conditional type chain", `type T = ${"A extends B ? C : ".repeat(DEEP)}D;`],
  ["nested function types", `type T = ${"() => ".repeat(DEEP)}void;`],
  ["nested template literals", `const x = ${"`${".repeat(DEEP)}a${"}`".repeat(DEEP)};`],
  ["nested JSX elements", `const x = ${"<a>".repeat(DEEP)}${"</a>".repeat(DEEP)};`, "tsx"],
  ["a chain of 300,000 `+` terms", `const x = ${list(300_000, () => `"a"`, " + ")};`],
  ["a member chain of 300,000 links", `const x = a${".b".repeat(300_000)};`],
];

describe("wymcp check on sources deeper than the parser survives", () => {
  test("every form is listed as not checked at its line, the other files are checked, exit 1", () => {
    const files: Record<string, string> = { "src/typo.ts": `${HEADER}${TOOL.replace('description: "A"', 'descripton: "A"')}` };
    FORMS.forEach(([, line, extension = "ts"], index) => {
      files[`src/form${String(index).padStart(2, "0")}.${extension}`] = `${HEADER}${line}\n${TOOL}`;
    });
    const root = project(files);
    const { code, signal, stdout, stderr } = runCli(["check", "src"], root, 300_000);
    expect({ signal, stderr }).toEqual({ signal: null, stderr: "" });
    expect(code).toBe(1);
    FORMS.forEach(([name, , extension = "ts"], index) => {
      const file = `src/form${String(index).padStart(2, "0")}.${extension}`;
      expect(stdout, name).toMatch(
        new RegExp(
          `\\n {2}${file.replace(".", "\\.")}:2:\\d+ {2}the source is nested too deeply to parse: (more than 1000 levels|a chain of more than 20000)`,
        ),
      );
    });
    // The one checkable file was checked: its offence is reported.
    expect(stdout).toMatch(/src\/typo\.ts:2:\d+ {2}actions\["a"\]: unknown key "descripton"/);
    expect(stdout).toMatch(/\(1 file checked, 1 tool declaration\)\. 16 files not checked \(listed above\)\.$/m);
  });

  test("a file deeper than the parser survives alone: exit 1, never 0 (the file would build, its tools unchecked)", () => {
    const root = project({ "src/tools.ts": `${HEADER}${FORMS[0]![1]}\n${TOOL}` });
    const text = runCli(["check", "src"], root, 120_000);
    expect(text.signal).toBeNull();
    expect(text.code).toBe(1);
    const json = runCli(["check", "src", "--format", "json"], root, 120_000);
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as { skipped: unknown[] }).skipped).toEqual([
      {
        file: "src/tools.ts",
        line: 2,
        column: expect.any(Number),
        reason: "too-deep",
        message: expect.stringMatching(/^the source is nested too deeply to parse: more than 1000 levels/),
      },
    ]);
  });

  test("ordinary deep code is checked: 500 levels of brackets, a 400-branch else-if chain, a 5,000-term + chain", () => {
    const root = project({
      "src/tools.ts": [
        HEADER,
        `const nested = ${"[".repeat(500)}${"]".repeat(500)};`,
        `export function pick(a: number): number { if (a === 0) return 0;${list(400, (index) => ` else if (a === ${index + 1}) return ${index};`, "")} return -1; }`,
        `const long = ${list(5_000, () => `"ab"`, " + ")};`,
        TOOL.replace('description: "T"', "description: long"),
      ].join("\n"),
    });
    const { code, signal, stdout } = runCli(["check", "src"], root, 120_000);
    expect(signal).toBeNull();
    expect(stdout).not.toMatch(/not checked/i);
    expect(stdout).toMatch(/No action-schema offences \(1 file checked, 1 tool declaration\)\./);
    expect(code).toBe(0);
  });

  test("a 56 MB source: one line saying it is too large to parse, no parser error, exit 1", () => {
    const root = project({ "src/small.ts": `${HEADER}${TOOL}` });
    const row = `export const x = { description: "generated row of a table", properties: { a: { type: "string" } } };\n`;
    writeFileSync(join(root, "src/huge.ts"), HEADER + row.repeat(Math.ceil(56_000_000 / row.length)));
    const { code, signal, stdout, stderr } = runCli(["check", "src"], root, 300_000);
    expect({ signal, stderr }).toEqual({ signal: null, stderr: "" });
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /\n {2}src\/huge\.ts {2}the source is too large to parse: 56,\d{3},\d{3} characters, more than the 16,777,216 the check parses; declare the tools in a smaller module\n/,
    );
    expect(stdout).toMatch(/No action-schema offences \(1 file checked, 1 tool declaration\)\. 1 file not checked \(listed above\)\.$/m);
  });
});
