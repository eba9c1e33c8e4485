/**
 * `wymcp check`: text and JSON reports, exit codes, the files it reads, and
 * the built binary itself.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { run } from "../plugin/cli/run.js";
import { USAGE } from "../plugin/cli/args.js";
import type { CheckReport } from "../plugin/cli/output.js";
import { fixtures, MALFORMED_OFFENCES, offenceLines, repo } from "./plugin-builds.js";
import { project } from "./plugin-support.js";

function cli(argv: string[], cwd = fixtures): { code: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const code = run(argv, { stdout: (text) => (stdout += `${text}\n`), stderr: (text) => (stderr += `${text}\n`), cwd });
  return { code, stdout, stderr };
}

const fromFixtures = MALFORMED_OFFENCES.map((line) => line.replace(/test\/fixtures\/plugin\//g, ""));
const BAD_TOOL = `import { defineTool } from "wymcp";\ndefineTool({ name: "t", description: "T", handlers: {}, actions: { a: { descripton: "A", properties: {} } } });\n`;

describe("wymcp check, text", () => {
  test("a malformed project: one line per offence, the partly evaluated declarations, a summary, exit 1", () => {
    const { code, stdout, stderr } = cli(["check", "malformed"]);
    expect(code).toBe(1);
    expect(stderr).toBe("");
    expect(offenceLines(stdout).slice(0, 7)).toEqual(fromFixtures);
    expect(stdout).toContain(
      [
        "Partly evaluated (offences that depend on these parts are left to the registration check at run time):",
        '  malformed/src/tools.ts:44:24  tool "partial", 2 possible offences not reported',
        "    malformed/src/tools.ts:49:30  String(LIST): a function call is not evaluated",
        "    malformed/src/tools.ts:55:24  extraProperties(): a function call is not evaluated",
        "",
        "7 action-schema offences in 1 file (4 files checked, 3 tool declarations).",
      ].join("\n"),
    );
  });

  test("a clean project: no offences, exit 0", () => {
    const { code, stdout } = cli(["check", "clean"]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        "Partly evaluated (offences that depend on these parts are left to the registration check at run time):",
        '  clean/src/tools.ts:35:22  tool "notes", 1 possible offence not reported',
        "    clean/src/tools.ts:40:20  summary(): a function call is not evaluated",
        "",
        "No action-schema offences (4 files checked, 2 tool declarations).",
        "",
      ].join("\n"),
    );
  });

  test("the current directory by default, and files named directly", () => {
    expect(cli(["check"], join(fixtures, "clean")).code).toBe(0);
    expect(cli(["check"], join(fixtures, "malformed")).code).toBe(1);
    const single = cli(["check", "malformed/src/index.ts", "malformed/src/shared.ts"]);
    expect(single.code).toBe(0);
    expect(single.stdout).toContain("(2 files checked, 0 tool declarations)");
  });

  test("node_modules, dist, hidden folders and declaration files are skipped", () => {
    const root = project({
      "node_modules/pkg/index.ts": BAD_TOOL,
      "dist/index.js": BAD_TOOL,
      ".cache/tools.ts": BAD_TOOL,
      "src/types.d.ts": BAD_TOOL,
      "src/ok.ts": "export const ok = 1;\n",
    });
    const { code, stdout } = cli(["check"], root);
    expect(code).toBe(0);
    expect(stdout).toContain("(1 file checked, 0 tool declarations)");
    expect(cli(["check", "src/tools.mjs"], project({ "src/tools.mjs": BAD_TOOL })).code).toBe(1);
  });
});

describe("wymcp check --format json", () => {
  test("every offence with its position and structure, the partial declarations, a summary", () => {
    const { code, stdout } = cli(["check", "malformed", "clean", "--format", "json"]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as CheckReport;
    expect(report.summary).toEqual({ files: 8, declarations: 5, offences: 7, partial: 2 });
    expect(report.offences.map((o) => `${o.file}:${o.line}:${o.column}  ${o.location}: ${o.problem}. Fix: ${o.fix}`)).toEqual(fromFixtures);
    expect(report.offences[3]).toEqual({
      file: "malformed/src/tools.ts",
      line: 17,
      column: 26,
      tool: "tasks",
      action: "create",
      path: ["required"],
      key: "due",
      index: 1,
      location: 'actions["create"].required',
      problem: '"due" is not declared in properties',
      fix: 'declare "due" in properties, or remove it from required.',
      kind: "shape",
      code: "undeclared_name",
    });
    expect(report.partial).toEqual([
      {
        file: "clean/src/tools.ts",
        line: 35,
        column: 22,
        tool: "notes",
        unchecked: 1,
        unknowns: [{ file: "clean/src/tools.ts", line: 40, column: 20, text: "summary()", reason: "a function call is not evaluated" }],
      },
      {
        file: "malformed/src/tools.ts",
        line: 44,
        column: 24,
        tool: "partial",
        unchecked: 2,
        unknowns: [
          { file: "malformed/src/tools.ts", line: 49, column: 30, text: "String(LIST)", reason: "a function call is not evaluated" },
          { file: "malformed/src/tools.ts", line: 55, column: 24, text: "extraProperties()", reason: "a function call is not evaluated" },
        ],
      },
    ]);
  });

  test("a clean run: exit 0, no offences; --format=json works too", () => {
    const { code, stdout } = cli(["check", "--format=json", "clean"]);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as CheckReport).offences).toEqual([]);
  });
});

describe("usage", () => {
  test.each([
    [[], "missing command"],
    [["lint"], 'unknown command "lint"'],
    [["check", "--fix"], 'unknown option "--fix"'],
    [["check", "--format", "xml"], '--format takes "text" or "json", not "xml"'],
    [["check", "--format"], '--format takes "text" or "json", not nothing'],
    [["check", "no/such/dir"], "no such file or directory: no/such/dir"],
  ])("%j is a usage error: exit 2", (argv, message) => {
    const { code, stdout, stderr } = cli(argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(`wymcp: ${message}`);
  });

  test("--help prints the usage, --version the package version, both exit 0", () => {
    expect(cli(["--help"])).toEqual({ code: 0, stdout: `${USAGE}\n`, stderr: "" });
    expect(cli(["check", "-h"]).stdout).toBe(`${USAGE}\n`);
    const { version } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { version: string };
    expect(cli(["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("the built binary", () => {
  test("compiles to an executable script that checks and sets the exit code", () => {
    const outDir = join(repo, "test/.tmp/cli-dist");
    execFileSync(
      process.execPath,
      [join(repo, "node_modules/typescript/bin/tsc"), "-p", join(repo, "tsconfig.build.json"), "--outDir", outDir],
      { cwd: repo },
    );
    const main = join(outDir, "plugin/cli/main.js");
    expect(readFileSync(main, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    const failing = spawnSync(process.execPath, [main, "check", "malformed"], { cwd: fixtures, encoding: "utf8" });
    expect(failing.status).toBe(1);
    expect(offenceLines(failing.stdout).slice(0, 7)).toEqual(fromFixtures);
    const json = spawnSync(process.execPath, [main, "check", "clean", "--format", "json"], { cwd: fixtures, encoding: "utf8" });
    expect(json.status).toBe(0);
    expect((JSON.parse(json.stdout) as CheckReport).summary.offences).toBe(0);
    expect(spawnSync(process.execPath, [main, "check", "--nope"], { encoding: "utf8" }).status).toBe(2);
  });
});
