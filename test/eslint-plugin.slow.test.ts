/**
 * `wymcp/eslint` with the real linters: the `eslint` CLI (10, this
 * repository's, and 9 from the registry), ESLint's Node API called the way
 * the VS Code ESLint extension calls it (`new ESLint({ cwd })` then
 * `lintText(buffer, { filePath })`), a config on typescript-eslint's parser,
 * oxlint's JS plugins, and a project on TypeScript 7. Every offence at its
 * exact range, the fix in the message, the same offences as `wymcp tsc`.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { ESLINT_9, OXLINT, registryPackage } from "./support/registry-package.js";
import { CHECK_ONLY_OFFENCES, CLEAN_TOOL, SHARED_CODES, tsconfig } from "./support/tool-sources.js";
import { tscProject } from "./support/tsc-project.js";
import { TYPESCRIPT_7 } from "./support/typescript-versions.js";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** A tool in plain JavaScript: a line break in a description (line 7, columns 25–34 in ESLint's 1-based count). */
const JS_TOOL = `import { defineTool } from "wymcp";

export const jsTool = defineTool({
  name: "js",
  description: "JS",
  actions: {
    run: { description: "Run\\nit", properties: {} },
  },
  handlers: { run: async () => 1 },
});
`;

/** The same tool in CommonJS (a `.cjs` file is a script to ESLint: no `import`). */
const CJS_TOOL = JS_TOOL.replace('import { defineTool } from "wymcp";', 'const { defineTool } = require("wymcp");').replace(
  "export const jsTool =",
  "exports.jsTool =",
);

const RECOMMENDED = 'import wymcp from "wymcp/eslint";\nexport default [...wymcp.configs.recommended];\n';

/** The three offences of CHECK_ONLY_OFFENCES as ESLint reports them (1-based columns, end exclusive). */
const EXPECTED = [
  {
    line: 4,
    column: 24,
    endLine: 4,
    endColumn: 24,
    message: expect.stringMatching(
      /^src\/shared\/codes\.ts:1:48: actions\["find"\]\.properties\["code"\]: "pattern" is "\(\[a-z", not a valid/,
    ),
  },
  {
    line: 8,
    column: 26,
    endLine: 8,
    endColumn: 37,
    message:
      'actions["find"]: "description" contains a line break. Fix: keep the description on one line; put longer guidance in notes. (tool "lookups")',
  },
  {
    line: 9,
    column: 81,
    endLine: 9,
    endColumn: 105,
    message: 'actions["count"].properties["n"]: "minimum" is "1"; expected number. Fix: write a number. (tool "lookups")',
  },
];

interface LintMessage {
  ruleId: string | null;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
}

/** The files every linted project holds: the recommended config over the check-only offences and the module they import. */
const LINTED_FILES: Record<string, string> = {
  "package.json": '{ "type": "module" }',
  "tsconfig.json": tsconfig(),
  "eslint.config.js": RECOMMENDED,
  "src/lookups.ts": CHECK_ONLY_OFFENCES,
  "src/shared/codes.ts": SHARED_CODES,
};

function project(files: Record<string, string> = {}): string {
  return tscProject({ ...LINTED_FILES, "src/echo.ts": CLEAN_TOOL, ...files }, undefined);
}

/** Runs an `eslint` binary with the JSON formatter; the messages by file (relative), and the exit code. */
function eslintCli(eslintFolder: string, root: string, args: readonly string[] = ["."]) {
  const result = spawnSync(process.execPath, [join(eslintFolder, "bin/eslint.js"), "--format", "json", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  const results = JSON.parse(result.stdout) as { filePath: string; messages: LintMessage[] }[];
  const byFile = Object.fromEntries(
    results.filter((entry) => entry.messages.length > 0).map((entry) => [entry.filePath.slice(root.length + 1), entry.messages]),
  );
  return { code: result.status, byFile, stderr: result.stderr };
}

function pick(messages: readonly LintMessage[]) {
  return messages.map(({ line, column, endLine, endColumn, message }) => ({ line, column, endLine, endColumn, message }));
}

describe.each([
  ["ESLint 10", join(repo, "node_modules/eslint")],
  ["ESLint 9", undefined],
])("%s CLI with configs.recommended", (_name, folder) => {
  const eslint = () => folder ?? registryPackage("eslint", ESLINT_9);

  test("every offence at its exact range, the fix as the message; clean files say nothing; exit 1", () => {
    const run = eslintCli(eslint(), project());
    expect(run.stderr).toBe("");
    expect(Object.keys(run.byFile)).toEqual(["src/lookups.ts"]);
    expect(pick(run.byFile["src/lookups.ts"]!)).toEqual(EXPECTED);
    expect(run.byFile["src/lookups.ts"]!.every((message) => message.ruleId === "wymcp/action-schema")).toBe(true);
    expect(run.code).toBe(1);
  });

  test.each([".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs"])("a %s file is linted with no other parser installed", (extension) => {
    const run = eslintCli(eslint(), project({ [`src/tool${extension}`]: extension === ".cjs" ? CJS_TOOL : JS_TOOL }), [
      `src/tool${extension}`,
    ]);
    expect(pick(run.byFile[`src/tool${extension}`] ?? [])).toEqual([
      {
        line: 7,
        column: 25,
        endLine: 7,
        endColumn: 34,
        message:
          'actions["run"]: "description" contains a line break. Fix: keep the description on one line; put longer guidance in notes. (tool "js")',
      },
    ]);
  });

  test("an eslint-disable comment in a TypeScript file is honoured", () => {
    const disabled = CHECK_ONLY_OFFENCES.replace("    find:", "    // eslint-disable-next-line wymcp/action-schema\n    find:");
    const run = eslintCli(eslint(), project({ "src/lookups.ts": disabled }));
    expect(pick(run.byFile["src/lookups.ts"]!).map((message) => message.line)).toEqual([4, 10]);
  });
});

test("ESLint's Node API as the VS Code extension calls it: lintText lints the unsaved buffer, lintFiles the disk", async () => {
  const root = project();
  const { ESLint } = (await import(pathToFileURL(join(repo, "node_modules/eslint/lib/api.js")).href)) as typeof import("eslint");
  const eslint = new ESLint({ cwd: root });
  const filePath = join(root, "src/lookups.ts");
  const [onDisk] = await eslint.lintFiles([filePath]);
  expect(pick(onDisk!.messages)).toEqual(EXPECTED);
  // The buffer being edited: the line break fixed, not saved.
  const buffer = readFileSync(filePath, "utf8").replace('"Find\\none"', '"Find one"');
  const [edited] = await eslint.lintText(buffer, { filePath });
  expect(pick(edited!.messages).map((message) => message.line)).toEqual([4, 9]);
});

// The repository's TypeScript: 5.9, and 6.0 in the version matrix's ts6 leg (typescript-eslint supports neither 7 nor later).
test(`under typescript-eslint's parser (TypeScript ${ts.version}) the rule reports the same`, () => {
  const root = project({
    "eslint.config.js":
      'import tseslint from "typescript-eslint";\nimport wymcp from "wymcp/eslint";\n' +
      'export default [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, ' +
      '{ plugins: { wymcp }, rules: { "wymcp/action-schema": "error" } }];\n',
  });
  symlinkSync(join(repo, "node_modules/typescript-eslint"), join(root, "node_modules/typescript-eslint"), "dir");
  const run = eslintCli(join(repo, "node_modules/eslint"), root);
  expect(run.stderr).toBe("");
  expect(pick(run.byFile["src/lookups.ts"]!)).toEqual(EXPECTED);
});

test(`in a project on TypeScript ${TYPESCRIPT_7}, configs.recommended reports the same (it loads no TypeScript)`, () => {
  const root = tscProject(LINTED_FILES, TYPESCRIPT_7);
  const run = eslintCli(join(repo, "node_modules/eslint"), root);
  expect(run.stderr).toBe("");
  expect(pick(run.byFile["src/lookups.ts"]!)).toEqual(EXPECTED);
  expect(run.code).toBe(1);
});

test("oxlint's JS plugins run the rule: the same offences at the same places", () => {
  const root = project({ ".oxlintrc.json": JSON.stringify({ jsPlugins: ["wymcp/eslint"], rules: { "wymcp/action-schema": "error" } }) });
  const oxlint = registryPackage("oxlint", OXLINT);
  const result = spawnSync(join(oxlint, "..", ".bin", "oxlint"), ["--format", "unix", "src"], { cwd: root, encoding: "utf8" });
  const lines = result.stdout.split("\n").filter((line) => line.includes("action-schema"));
  expect(lines.map((line) => line.replace(/: .*$/, ""))).toEqual(["src/lookups.ts:9:81", "src/lookups.ts:8:26", "src/lookups.ts:4:24"]);
  expect(result.status).toBe(1);
});
