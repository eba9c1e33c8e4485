/**
 * `wymcp tsc` with the real `tsc` of TypeScript 5.9 (this repository's),
 * 6.0.3 and 7.0.2 in scratch projects: tsc's own diagnostics first, then the
 * check's offences in tsc's format over the same tsconfig's files (its
 * `include`, its `paths`), the exit code failing when either fails; and
 * `wymcp check --project` over the same file set without tsc.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CHECK_ONLY_OFFENCES, CLEAN_TOOL, SHARED_CODES, tsconfig } from "./support/tool-sources.js";
import { startWymcp, TSC_VERSIONS, tscProject, wymcp } from "./support/tsc-project.js";

/** What the check finds in CHECK_ONLY_OFFENCES, in tsc's format and order (none of it is a type error). */
const CHECK_ONLY_LINES = [
  'src/lookups.ts(8,26): error WYMCP-line_break: actions["find"]: "description" contains a line break. Fix: keep the description on one line; put longer guidance in notes. (tool "lookups")',
  'src/lookups.ts(9,81): error WYMCP-invalid_schema: actions["count"].properties["n"]: "minimum" is "1"; expected number. Fix: write a number. (tool "lookups")',
  'src/shared/codes.ts(1,48): error WYMCP-invalid_schema: actions["find"].properties["code"]: "pattern" is "([a-z", not a valid regular expression (ECMAScript, with the u flag). Fix: write a regular expression JavaScript accepts with the u flag, such as "^[a-z]+$". (tool "lookups")',
];

const PROJECT = {
  "package.json": '{ "type": "module" }',
  "tsconfig.json": tsconfig(),
  "src/lookups.ts": CHECK_ONLY_OFFENCES,
  "src/shared/codes.ts": SHARED_CODES,
  "src/echo.ts": CLEAN_TOOL,
};

describe.each(TSC_VERSIONS)("TypeScript %s", (version) => {
  test("offences only the check sees fail the build, after tsc's (empty) diagnostics, in tsc's format", () => {
    const root = tscProject(PROJECT, version);
    const run = wymcp(root, ["tsc", "--noEmit"]);
    expect(run.stdout.trim().split("\n")).toEqual(CHECK_ONLY_LINES);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
  });

  test("a type error: tsc's diagnostic first, then the offences; tsc's own exit code", () => {
    const root = tscProject({ ...PROJECT, "src/broken.ts": "export const n: number = 'one';\n" }, version);
    const run = wymcp(root, ["tsc", "-p", "tsconfig.json"]);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^src\/broken\.ts\(1,14\): error TS2322: /);
    expect(lines.slice(1)).toEqual(CHECK_ONLY_LINES);
    expect(run.code).not.toBe(0);
  });

  test("a clean project passes, and only the tsconfig's files are checked (exclude, -p)", () => {
    const root = tscProject({ ...PROJECT, "tsconfig.clean.json": tsconfig({ exclude: ["src/lookups.ts"] }) }, version);
    expect(wymcp(root, ["tsc", "-p", "tsconfig.clean.json"])).toMatchObject({ code: 0, stdout: "", stderr: "" });
    const check = wymcp(root, ["check", "--project", "tsconfig.clean.json"]);
    expect(check.stdout).toBe("No action-schema offences (2 files checked, 1 tool declaration).\n");
    expect(check.code).toBe(0);
  });

  test("wymcp check --project checks the same files as tsc lists them, without tsc", () => {
    const root = tscProject({ ...PROJECT, "src/broken.ts": "export const n: number = 'one';\n" }, version);
    const run = wymcp(root, ["check", "--project", "."]);
    expect(run.stdout).not.toContain("TS2322");
    expect(run.stdout).toContain('src/shared/codes.ts:1:48  actions["find"].properties["code"]: "pattern" is "([a-z"');
    expect(run.stdout).toMatch(/3 action-schema offences in 1 file \(4 files checked, 2 tool declarations\)\.\n$/);
    expect(run.code).toBe(1);
  });

  test("a module outside include that an included file imports is compiled by tsc, and checked too", () => {
    const outside = CHECK_ONLY_OFFENCES.replace('"#shared/codes"', '"../src/shared/codes.js"');
    const root = tscProject(
      { ...PROJECT, "src/lookups.ts": 'export { lookups } from "../tools/lookups.js";\n', "tools/lookups.ts": outside },
      version,
    );
    const run = wymcp(root, ["tsc", "--noEmit"]);
    expect(run.stdout).toContain("tools/lookups.ts(8,26): error WYMCP-line_break:");
    expect(run.code).toBe(1);
  });

  test("--build checks the referenced projects too", () => {
    const root = tscProject(
      {
        ...PROJECT,
        "tsconfig.json": JSON.stringify({ files: [], references: [{ path: "./packages/tools" }] }),
        "packages/tools/tsconfig.json": tsconfig({
          compilerOptions: { composite: true, outDir: "dist", module: "NodeNext", strict: true },
        }),
        "packages/tools/package.json": '{ "type": "module" }',
        "packages/tools/src/lookups.ts": CHECK_ONLY_OFFENCES.replace('"#shared/codes"', '"./codes.js"'),
        "packages/tools/src/codes.ts": SHARED_CODES,
      },
      version,
    );
    const run = wymcp(root, ["tsc", "--build"]);
    expect(run.stdout).toContain("packages/tools/src/lookups.ts(8,26): error WYMCP-line_break:");
    expect(run.stdout).toContain("packages/tools/src/codes.ts(1,48): error WYMCP-invalid_schema:");
    expect(run.code).toBe(1);
  });

  test("--pretty: tsc's colours, file:line:col and the source line underlined", () => {
    const root = tscProject(PROJECT, version);
    const run = wymcp(root, ["tsc", "--pretty"], { NO_COLOR: "" });
    expect(run.stdout).toContain(
      "\u001b[96msrc/lookups.ts\u001b[0m:\u001b[93m8\u001b[0m:\u001b[93m26\u001b[0m - \u001b[91merror\u001b[0m\u001b[90m WYMCP-line_break: \u001b[0m",
    );
    expect(run.stdout).toContain('\u001b[7m8\u001b[0m     find: { description: "Find\\none", properties: { code: CODE } },');
    expect(run.stdout).toContain("Found 3 wymcp offences in 2 files.");
    expect(run.code).toBe(1);
  });

  test.each([
    [
      "a missing tsconfig",
      {},
      ["tsc", "-p", "nope.json"],
      /^wymcp tsc: no tsconfig at .*nope\.json: create one \(npx tsc --init\) or name yours with -p\/--project\n$/,
    ],
    [
      "a broken tsconfig",
      { "tsconfig.json": '{ "compilerOptions": {' },
      ["tsc"],
      /^wymcp tsc: .*tsconfig\.json(?:\(\d+,\d+\))? is not a valid tsconfig: .*Fix it, or name another with -p\/--project\n$/,
    ],
  ] as const)("%s: one line naming the cause and the fix, exit 2", (_name, files, argv, expected) => {
    const root = tscProject({ ...PROJECT, ...files }, version);
    const run = wymcp(root, argv);
    expect(run.stderr + (run.stderr.endsWith("\n") ? "" : "\n")).toMatch(expected);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(2);
  });
});

test("no TypeScript installed: one line saying what to install, exit 2", () => {
  const root = tscProject(PROJECT, undefined);
  for (const argv of [
    ["tsc", "--noEmit"],
    ["check", "--project", "."],
  ]) {
    const run = wymcp(root, argv);
    expect(run.stderr).toMatch(/TypeScript is not installed in this project: run npm install --save-dev typescript \(5\.9, 6\.x or 7\.x\)/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(2);
  }
});

test.each(["5.9", "7.0.2"])("--watch on TypeScript %s: tsc watches, and the check runs again when a file changes", async (version) => {
  const root = tscProject(PROJECT, version);
  const watching = startWymcp(root, ["tsc", "--watch", "--noEmit"]);
  try {
    await expect.poll(watching.output, { timeout: 60_000, interval: 200 }).toContain("[wymcp] Found 3 wymcp offences in 2 files.");
    writeFileSync(join(root, "src/lookups.ts"), CLEAN_TOOL.replace("echo", "lookups"));
    await expect.poll(watching.output, { timeout: 60_000, interval: 200 }).toContain("[wymcp] No action-schema offences.");
    expect(watching.output()).toContain("Watching for file changes.");
  } finally {
    watching.stop();
  }
});

test("tsc's own --version is tsc's answer", () => {
  const root = tscProject(PROJECT, "7.0.2");
  const run = wymcp(root, ["tsc", "--version"]);
  expect(run.stdout).toMatch(/^Version 7\.0\.2/);
  expect(run.code).toBe(0);
});
