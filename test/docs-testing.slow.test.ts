/**
 * docs/testing.md (and the README's "Testing your tools") as a user runs
 * them: every test file they show is written into a project beside the
 * README's Quick start tool, type-checked under the strict options a new
 * project has, then run — the vitest files by vitest, the `node:test` file
 * by `node --test` — and each passes without printing anything on the
 * side. Needs `npm run build` (`wymcp` resolves to this package's dist/).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { repo, runNode } from "./support/scratch-project.js";

/** The fenced TypeScript blocks of a Markdown file, by the path their first line names (`// test/tasks.test.ts`). */
function testFiles(markdown: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, path, code] of readFileSync(join(repo, markdown), "utf8").matchAll(/^```ts\n\/\/ (\S+\.ts)(?: .*)?\n([\s\S]*?)^```$/gm)) {
    files.set(path!, code!);
  }
  return files;
}

const guide = testFiles("docs/testing.md");
const readme = testFiles("README.md");
/** The Quick start's tool, which the snippets test. */
const tool = [...readFileSync(join(repo, "README.md"), "utf8").matchAll(/^```ts\n(\/\/ src\/tools\/tasks\.ts\n[\s\S]*?)^```$/gm)];

// A project folder inside the repository, so `wymcp` and `wymcp/testing` resolve to this package and vitest to its copy.
const project = join(repo, "test/.tmp", `docs-testing-${process.pid}`);
const files = {
  "src/tools/tasks.ts": tool[0]?.[1] ?? "",
  ...Object.fromEntries(guide),
  // The README's own block runs beside the guide's, under a name of its own.
  ...Object.fromEntries(
    [...readme].filter(([path]) => path.startsWith("test/")).map(([path, code]) => [path.replace(/\.test\.ts$/, ".readme.test.ts"), code]),
  ),
  "vitest.config.mjs": 'export default { test: { include: ["test/**/*.test.ts"], exclude: ["test/**/*.node.test.ts"] } };\n',
};

beforeAll(() => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("the testing guide's test files", () => {
  test("are there: testTool with vitest and with node:test, the router directly, the SDK Client; the README shows one", () => {
    expect(tool).toHaveLength(1);
    expect([...guide.keys()]).toEqual(["test/tasks.test.ts", "test/tasks.node.test.ts", "test/router.test.ts", "test/server.test.ts"]);
    expect([...readme.keys()].filter((path) => path.startsWith("test/"))).toEqual(["test/tasks.test.ts"]);
  });

  test("type-check under strict options, exactOptionalPropertyTypes and noUncheckedIndexedAccess included", () => {
    const program = ts.createProgram(
      Object.keys(files)
        .filter((path) => path.endsWith(".ts"))
        .map((path) => join(project, path)),
      {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        verbatimModuleSyntax: true,
        noEmit: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        types: ["node"],
      },
    );
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file === undefined ? "" : `${diagnostic.file.fileName.slice(project.length + 1)}: `;
      return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    });
    expect(diagnostics).toEqual([]);
  }, 120_000);

  test("pass under vitest, printing nothing but vitest's report", () => {
    const run = runNode(project, [join(repo, "node_modules/vitest/vitest.mjs"), "run", "--config", "vitest.config.mjs"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Test Files {2}4 passed \(4\)/);
    expect(run.stdout + run.stderr).not.toMatch(/stderr \||stdout \||wymcp: /);
  }, 120_000);

  test("the node:test file passes under node --test", () => {
    const run = runNode(project, ["--test", "--test-reporter=tap", "test/tasks.node.test.ts"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^# pass 1$/m);
  }, 120_000);
});
