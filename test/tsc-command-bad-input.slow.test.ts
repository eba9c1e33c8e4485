/**
 * `wymcp tsc` and `wymcp check --project` on input they cannot use: a
 * TypeScript whose API changed shape (a release newer than wymcp, stood in
 * for by a package that runs the real `tsc` of 6.0.3 or 7.0.2 but moves or
 * breaks the API wymcp reads), and a TypeScript package without its `tsc`:
 * one line naming the cause and the fix, exit 2, never a stack trace. And a
 * file the check cannot fully see: reported as partly checked, as the
 * bundlers report it, without failing the build. (A missing or broken
 * tsconfig, and no TypeScript at all: tsc-command.slow.test.ts.)
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CLEAN_TOOL, tsconfig } from "./support/tool-sources.js";
import { tscProject, typescriptFolder, wymcp, type WymcpRun } from "./support/tsc-project.js";

const PROJECT = {
  "package.json": '{ "type": "module" }',
  "tsconfig.json": tsconfig(),
  "src/echo.ts": CLEAN_TOOL,
};

/** A `typescript` package at `version` whose `tsc` runs the real one of `real`, with `files` of its own. */
function standIn(version: string, real: string, manifest: object, files: Record<string, string>): Record<string, string> {
  const passThrough = [
    'const { spawnSync } = require("node:child_process");',
    `const run = spawnSync(process.execPath, [${JSON.stringify(join(typescriptFolder(real), "bin/tsc"))}, ...process.argv.slice(2)], { stdio: "inherit" });`,
    "process.exit(run.status ?? 1);",
    "",
  ].join("\n");
  const entries = Object.entries({ "bin/tsc.cjs": passThrough, ...files }).map(([name, text]) => [`node_modules/typescript/${name}`, text]);
  return {
    "node_modules/typescript/package.json": JSON.stringify({ name: "typescript", version, bin: { tsc: "bin/tsc.cjs" }, ...manifest }),
    ...Object.fromEntries(entries),
  };
}

/** One line on standard error, naming the cause and the fix; exit 2; no stack. */
function expectOneLine(run: WymcpRun, prefix: string, cause: RegExp): void {
  expect(run.stderr).toMatch(new RegExp(`^${prefix}: [^\\n]*\\n$`));
  expect(run.stderr).toMatch(cause);
  expect(run.stderr).toMatch(/update wymcp \(npm install wymcp@latest\), or pin TypeScript to a release wymcp supports|reinstall it/);
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);
  expect(run.code).toBe(2);
}

const CHANGED: [string, Record<string, string>, RegExp][] = [
  [
    "7.x without the API's entry points",
    standIn(
      "7.9.0",
      "7.0.2",
      { type: "module", exports: { ".": "./lib/version.js", "./package.json": "./package.json" } },
      {
        "lib/version.js": 'export const version = "7.9.0";\n',
      },
    ),
    /the API of TypeScript 7\.9\.0 has changed shape \(no typescript\/sync or typescript\/unstable\/sync exporting API\)/,
  ],
  [
    "7.x whose API throws when it is opened",
    standIn(
      "7.9.0",
      "7.0.2",
      { type: "module", exports: { ".": "./lib/version.js", "./sync": "./lib/sync.js", "./package.json": "./package.json" } },
      {
        "lib/version.js": 'export const version = "7.9.0";\n',
        "lib/sync.js": 'export class API {\n  constructor() {\n    throw new TypeError("options.projectRoot is required");\n  }\n}\n',
      },
    ),
    /TypeScript 7\.9\.0 failed reading .*tsconfig\.json \(TypeError: options\.projectRoot is required\): its API may have changed shape/,
  ],
  [
    "6.x without the JS compiler API",
    standIn("6.9.0", "6.0.3", { main: "lib/typescript.js" }, { "lib/typescript.js": 'module.exports = { version: "6.9.0" };\n' }),
    /the API of TypeScript 6\.9\.0 has changed shape \(no getParsedCommandLineOfConfigFile and createProgram\)/,
  ],
  [
    "6.x whose compiler API throws",
    standIn(
      "6.9.0",
      "6.0.3",
      { main: "lib/typescript.js" },
      {
        "lib/typescript.js":
          'module.exports = {\n  version: "6.9.0",\n  createProgram() {},\n  getParsedCommandLineOfConfigFile() {\n    throw new TypeError("host.readDirectory is not a function");\n  },\n};\n',
      },
    ),
    /TypeScript 6\.9\.0 failed reading .*tsconfig\.json \(TypeError: host\.readDirectory is not a function\): its API may have changed shape/,
  ],
];

describe.each(CHANGED)("a TypeScript whose API changed shape: %s", (_name, typescript, cause) => {
  test("wymcp tsc: tsc runs (and passes), then one line naming the cause and the fix, exit 2", () => {
    expectOneLine(wymcp(tscProject({ ...PROJECT, ...typescript }, undefined), ["tsc", "--noEmit"]), "wymcp tsc", cause);
  });

  test("wymcp check --project: the same line", () => {
    expectOneLine(wymcp(tscProject({ ...PROJECT, ...typescript }, undefined), ["check", "--project", "."]), "wymcp", cause);
  });
});

test("a TypeScript package without its tsc: one line saying to reinstall it, exit 2", () => {
  const root = tscProject(
    { ...PROJECT, "node_modules/typescript/package.json": JSON.stringify({ name: "typescript", version: "7.0.2" }) },
    undefined,
  );
  expectOneLine(
    wymcp(root, ["tsc", "--noEmit"]),
    "wymcp tsc",
    /TypeScript 7\.0\.2 has no tsc at .*node_modules\/typescript\/bin\/tsc: reinstall it/,
  );
});

/** A tool whose properties come from a function call: the evaluator does not run it. */
const PARTLY_SEEN = `import { defineTool } from "wymcp";

function makeProps() {
  return { q: { type: "string" } } as const;
}

export const search = defineTool({
  name: "search",
  description: "Search",
  actions: { find: { description: "Find", properties: makeProps() } },
  handlers: { find: async () => 1 },
});
`;

test.each(["5.9", "7.0.2"])(
  "TypeScript %s: a file the check cannot fully see is partly checked, as in the bundlers; the build passes",
  (version) => {
    const root = tscProject({ ...PROJECT, "src/search.ts": PARTLY_SEEN }, version);
    const run = wymcp(root, ["tsc", "--noEmit"]);
    expect(run.stderr).toBe(
      "wymcp: src/search.ts was partly checked (what depends on these is validated when the tools are registered):\n" +
        '  src/search.ts:10:55  tool "search": makeProps(): a function call is not evaluated\n',
    );
    expect(run.stdout).toBe("");
    expect(run.code).toBe(0);
    const check = wymcp(root, ["check", "--project", "."]);
    expect(check.stdout).toContain('src/search.ts:7:23  tool "search", 1 possible offence not reported');
    expect(check.stdout).toContain("src/search.ts:10:55  makeProps(): a function call is not evaluated");
    expect(check.code).toBe(0);
  },
);

test.each(["5.9", "7.0.2"])("TypeScript %s: a tsconfig that matches no file is tsc's to report; wymcp adds nothing", (version) => {
  const root = tscProject({ ...PROJECT, "tsconfig.json": tsconfig({ include: ["nothing"] }) }, version);
  const run = wymcp(root, ["tsc", "--noEmit"]);
  expect(run.stdout).toMatch(/^error TS18003: No inputs were found in config file/);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(2);
});
