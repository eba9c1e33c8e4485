/**
 * TypeScript 7 (the native compiler) runs no compiler plugins: its
 * `typescript` module is only the version. Handed that module, the `tspc`
 * transformer fails in one line naming `wymcp tsc` and the ESLint plugin,
 * with no stack, and the tsserver plugin leaves the language service as it
 * is and says so in the log. ts-patch itself (3.3.0 and 4.0.1) fails on
 * TypeScript 7 before it loads any transformer: pinned, so a ts-patch that
 * one day runs on 7 shows here.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, test } from "vitest";
import { registryPackages, TS_PATCH_4 } from "./support/registry-package.js";
import { tscProject } from "./support/tsc-project.js";
import { CHECK_ONLY_OFFENCES, SHARED_CODES, tsconfig } from "./support/tool-sources.js";
import { TYPESCRIPT_7, typescriptPackage } from "./support/typescript-versions.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

const LINE =
  "wymcp: TypeScript 7 runs no compiler plugins (ts-patch, tsserver): build with `wymcp tsc` " +
  "(npx wymcp tsc [tsc's arguments]) and see offences in the editor with the ESLint plugin (wymcp/eslint); see docs/typescript.md";

type Entry = (...args: unknown[]) => unknown;

function entry(): Entry {
  return require(join(repo, "dist/plugin/typescript/index.cjs")) as Entry;
}

function typescript7(): object {
  // As a project requires it: through the package's exports.
  return createRequire(join(typescriptPackage(TYPESCRIPT_7), "..", "project.js"))("typescript") as object;
}

test("TypeScript 7's module is only the version: no compiler API to run a plugin in", () => {
  expect(Object.keys(typescript7()).sort()).toEqual(["version", "versionMajorMinor"]);
});

test.each([
  ["the program transformer", (program: ts.Program, ts7: object) => [program, undefined, {}, { ts: ts7 }]],
  ["the source transformer", (program: ts.Program, ts7: object) => [program, {}, { ts: ts7, addDiagnostic: () => 0 }]],
])("%s, handed TypeScript 7, fails in one line with no stack", (_name, argsOf) => {
  const program = ts.createProgram({ rootNames: [], options: {} });
  let thrown: unknown;
  try {
    entry()(...argsOf(program, typescript7()));
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Error);
  expect((thrown as Error).message).toBe(LINE);
  expect((thrown as Error).stack).toBe(LINE);
});

test("the tsserver plugin, handed TypeScript 7, leaves the language service as it is and logs the line", () => {
  const logged: string[] = [];
  const languageService = {};
  const plugin = entry()({ typescript: typescript7() }) as ts.server.PluginModule;
  const info = { languageService, project: { projectService: { logger: { info: (text: string) => logged.push(text) } } } };
  expect(plugin.create(info as unknown as ts.server.PluginCreateInfo)).toBe(languageService);
  expect(logged).toEqual([`[wymcp] language-service plugin disabled: ${LINE}`]);
});

test.each(["3.3.0", TS_PATCH_4])(
  "ts-patch %s's tspc fails on TypeScript 7 before it loads any transformer (wymcp tsc is the route there)",
  (tsPatch) => {
    const modules = registryPackages({ "ts-patch": tsPatch, typescript: TYPESCRIPT_7 });
    const root = tscProject(
      {
        "package.json": '{ "type": "module" }',
        "tsconfig.json": tsconfig({
          compilerOptions: { noEmit: true, plugins: [{ transform: "wymcp/transformer", transformProgram: true }] },
        }),
        "src/lookups.ts": CHECK_ONLY_OFFENCES,
        "src/shared/codes.ts": SHARED_CODES,
      },
      undefined,
    );
    const run = spawnSync(process.execPath, [join(modules, "ts-patch/bin/tspc.js")], { cwd: root, encoding: "utf8" });
    expect(run.stderr).toContain("ts-patch/config.js");
    expect(run.stderr).toContain("Cannot read properties of undefined (reading 'LineFeed')");
    expect(run.status).not.toBe(0);
  },
);
