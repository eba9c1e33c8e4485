/**
 * Which files `wymcp check` reads, through the built binary: `.gitignore`
 * rules, build outputs, files that are not modules, FIFOs, symbolic links
 * inside and outside the folder, and file names with control characters.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { CheckReport } from "../plugin/cli/output.js";
import { project } from "./plugin-support.js";
import { runCli } from "./support/cli-process.js";

const BAD_TOOL = `import { defineTool } from "wymcp";\ndefineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { descripton: "A", properties: {} } } });\n`;
const CLEAN = "export const ok = 1;\n";

function checkedFiles(cwd: string, argv: string[] = []): { code: number | null; report: CheckReport; files: string[] } {
  const { code, stdout } = runCli(["check", ...argv, "--format", "json"], cwd);
  const report = JSON.parse(stdout) as CheckReport;
  return { code, report, files: [...new Set(report.offences.map((offence) => offence.file))].sort() };
}

describe(".gitignore", () => {
  test("what .gitignore files ignore is not checked, at every depth, negations included; named paths are checked anyway", () => {
    const root = project({
      ".gitignore": "generated/\n*.gen.ts\n!keep.gen.ts\n",
      "src/tools.ts": BAD_TOOL,
      "src/a.gen.ts": BAD_TOOL,
      "src/keep.gen.ts": BAD_TOOL,
      "generated/tools.ts": BAD_TOOL,
      "packages/app/.gitignore": "local.ts\n",
      "packages/app/local.ts": BAD_TOOL,
      "packages/app/tools.ts": BAD_TOOL,
    });
    const { code, files, report } = checkedFiles(root);
    expect(code).toBe(1);
    expect(files).toEqual(["packages/app/tools.ts", "src/keep.gen.ts", "src/tools.ts"]);
    expect(report.summary.files).toBe(3);
    expect(checkedFiles(root, ["generated", "src/a.gen.ts"]).files).toEqual(["generated/tools.ts", "src/a.gen.ts"]);
  });

  test("a subfolder of a git repository follows the repository's .gitignore and .git/info/exclude above it", () => {
    const root = project({
      ".gitignore": "src/legacy/\n",
      ".git/info/exclude": "scratch.ts\n",
      "src/legacy/old.ts": BAD_TOOL,
      "src/scratch.ts": BAD_TOOL,
      "src/tools.ts": BAD_TOOL,
    });
    expect(checkedFiles(join(root, "src")).files).toEqual(["tools.ts"]);
    expect(checkedFiles(root, ["src"]).files).toEqual(["src/tools.ts"]);
  });
});

describe("build outputs", () => {
  test("dist, stale dist-* folders, build, out and coverage are skipped unless named", () => {
    const root = project({
      "src/tools.ts": CLEAN,
      "dist/tools.js": BAD_TOOL,
      "dist-old/tools.ts": BAD_TOOL,
      "dist_esm/tools.js": BAD_TOOL,
      "build/tools.js": BAD_TOOL,
      "out/tools.js": BAD_TOOL,
      "coverage/tools.js": BAD_TOOL,
      "src/distance/tools.ts": BAD_TOOL,
    });
    const all = checkedFiles(root);
    expect(all.files).toEqual(["src/distance/tools.ts"]);
    expect(all.report.summary.files).toBe(2);
    expect(checkedFiles(root, ["dist-old"]).files).toEqual(["dist-old/tools.ts"]);
  });
});

describe("paths that are not read, each said", () => {
  test("a named file that is not a module: listed as not read, the rest checked", () => {
    const root = project({ "package.json": "{}\n", "README.md": "# x\n", "src/tools.ts": BAD_TOOL });
    const { code, stdout } = runCli(["check", "package.json", "README.md", "src/tools.ts"], root);
    expect(code).toBe(1);
    expect(stdout).toContain(
      "Not read:\n  package.json  not a JavaScript or TypeScript module (.ts .tsx .mts .cts .js .jsx .mjs .cjs)\n  README.md  not a JavaScript or TypeScript module",
    );
    expect(stdout).toContain("(1 file checked, 1 tool declaration)");
    const alone = checkedFiles(root, ["package.json"]);
    expect(alone.code).toBe(0);
    expect(alone.report.notRead).toEqual([
      { file: "package.json", reason: "not-a-module", message: expect.stringContaining("not a JavaScript or TypeScript module") },
    ]);
  });

  test("a FIFO, met in a folder or named, is never opened (the run would block) and is said", () => {
    const root = project({ "src/tools.ts": BAD_TOOL });
    execFileSync("mkfifo", [join(root, "src/pipe.ts")]);
    const walked = checkedFiles(root);
    expect(walked.code).toBe(1);
    expect(walked.report.notRead).toEqual([{ file: "src/pipe.ts", reason: "not-a-regular-file", message: "a FIFO, not a regular file" }]);
    const named = runCli(["check", "src/pipe.ts"], root);
    expect(named.code).toBe(0);
    expect(named.stdout).toContain("Not read:\n  src/pipe.ts  a FIFO, not a regular file");
  });

  test("symbolic links: followed inside the folder (each file once, cycles ended), reported when they lead out or nowhere", () => {
    const outside = project({ "tools.ts": BAD_TOOL, "lib/more.ts": BAD_TOOL });
    const root = project({ "src/tools.ts": BAD_TOOL, "shared/inner.ts": BAD_TOOL });
    symlinkSync(join(root, "shared"), join(root, "src/shared-link"));
    symlinkSync(join(root, "src/tools.ts"), join(root, "src/again.ts"));
    symlinkSync(root, join(root, "src/loop"));
    symlinkSync(join(outside, "tools.ts"), join(root, "src/outer.ts"));
    symlinkSync(join(outside, "lib"), join(root, "src/outer-lib"));
    symlinkSync(join(root, "nowhere.ts"), join(root, "src/dead.ts"));
    const { code, report } = checkedFiles(root);
    expect(code).toBe(1);
    expect(report.summary.files).toBe(2);
    expect(new Set(report.offences.map((offence) => offence.file)).size).toBe(2);
    expect(report.notRead.map(({ file, reason }) => [file, reason]).sort()).toEqual([
      ["src/dead.ts", "broken-link"],
      ["src/outer-lib", "link-outside"],
      ["src/outer.ts", "link-outside"],
    ]);
    expect(report.notRead.find((entry) => entry.file === "src/outer.ts")?.message).toBe(
      `a symbolic link out of . (to ${join(outside, "tools.ts")}), not followed`,
    );
    // Named on the command line, a link is taken as the user gave it.
    expect(checkedFiles(root, ["src/outer.ts"]).report.summary.files).toBe(1);
  });

  test("file names with line breaks, escape sequences or bidirectional controls are printed escaped, one entry per line", () => {
    const root = project({});
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src/a\nb.ts"), BAD_TOOL);
    writeFileSync(join(root, "src/\u001b[31mred.ts"), BAD_TOOL);
    writeFileSync(join(root, "src/\u202eevil.ts"), BAD_TOOL);
    const { code, stdout } = runCli(["check"], root);
    expect(code).toBe(1);
    // eslint-disable-next-line no-control-regex -- control characters are what must not be printed
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    const lines = stdout.split("\n").filter((line) => line.startsWith("src/"));
    expect(lines.map((line) => line.slice(0, line.indexOf(".ts:") + 3))).toEqual(
      expect.arrayContaining(["src/a\\nb.ts", "src/\\u001b[31mred.ts", "src/\\u202eevil.ts"]),
    );
    expect(lines).toHaveLength(6);
    // JSON keeps the names as they are, for machines.
    expect(checkedFiles(root).files).toContain("src/a\nb.ts");
  });
});
