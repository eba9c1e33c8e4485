/**
 * Bounded evaluation: one budget per file (characters of strings built,
 * entries created, steps). A 38 KB file that doubles strings to 8 M
 * characters and spreads arrays to 64 K entries ends with the values past
 * the budget unknown, no offence invented, and the file reported as not
 * fully checked — by the CLI and as a bundler warning. (Bounded by a
 * generous test timeout, never a timed assertion.)
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import wymcpEsbuild from "../plugin/bundler/esbuild/esbuild.js";
import { run } from "../plugin/cli/run.js";
import { esbuildInMemory } from "./plugin-builds.js";
import { project } from "./plugin-support.js";

function hostileSource(): string {
  const lines = [`import { defineTool } from "wymcp";`, `const s0 = "0123456789abcdef";`, `const a0 = [1, 2, 3, 4];`];
  // 16 × 2^19 = 8 Mi characters; 4 × 2^14 = 64 Ki entries.
  for (let index = 1; index <= 19; index++) lines.push(`const s${index} = s${index - 1} + s${index - 1};`);
  for (let index = 1; index <= 14; index++) lines.push(`const a${index} = [...a${index - 1}, ...a${index - 1}];`);
  // Many declarations, each doubling again: the budget is per file, not per expression.
  for (let index = 0; lines.join("\n").length < 37_000; index++)
    lines.push(`const t${index} = \`\${s19}\${s19}\`; const b${index} = [...a14, ...a14];`);
  lines.push(
    `export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { description: "A", properties: {}, examples: [{ s: s19 }], notes: a14 } } });`,
  );
  const text = `${lines.join("\n")}\n`;
  return text;
}

describe("a file that builds huge values", () => {
  const source = hostileSource();

  test("the source is about 38 KB", () => {
    expect(source.length).toBeGreaterThan(36_000);
    expect(source.length).toBeLessThan(40_000);
  });

  test("wymcp check: no offence invented, the file not fully checked, heap growth bounded", () => {
    const root = project({ "src/tools.ts": source });
    const before = process.memoryUsage().heapUsed;
    let stdout = "";
    const code = run(["check", "src", "--format", "json"], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stdout += text),
      cwd: root,
    });
    const grown = process.memoryUsage().heapUsed - before;
    const report = JSON.parse(stdout) as {
      offences: unknown[];
      notes: { message: string }[];
      partial: { unknowns: { reason: string }[] }[];
    };
    expect(code).toBe(0);
    expect(report.offences).toEqual([]);
    expect(report.notes.map((note) => note.message)).toEqual([expect.stringMatching(/evaluation budget of the file .* is spent/)]);
    expect(report.partial[0]!.unknowns.map((unknown) => unknown.reason)).toContainEqual(expect.stringMatching(/budget/));
    // 8 Mi characters as flat strings would be 8 MB each, and 64 Ki-entry arrays thousands of times over would be gigabytes.
    expect(grown).toBeLessThan(256 * 1024 * 1024);
  }, 120_000);

  test("esbuild: the build passes with a warning that the file was partly checked", async () => {
    const root = project({ "src/tools.ts": source, "src/index.ts": `export { t } from "./tools.js";\n` });
    const esbuild = await import("esbuild");
    const result = await esbuild.build({ ...esbuildInMemory(join(root, "src/index.ts")), plugins: [wymcpEsbuild({ cache: false })] });
    expect(result.warnings.map((warning) => warning.text).join("\n")).toMatch(
      /tools\.ts was partly checked[^]*evaluation budget of the file/,
    );
  }, 120_000);
});
