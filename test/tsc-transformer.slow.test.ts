/**
 * `wymcp/transformer` with the real `tspc` of this repository's ts-patch
 * (3.3.0; ts-patch 4 has its own file) on a fresh copy of a fixture project
 * per run (`support/tspc-fixture.ts`), in every mode, and the program's
 * diagnostics in process. Needs `dist/` (`npm run build`).
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DIAGNOSTIC_CODE, programChecker } from "../plugin/typescript/program-checker.js";
import { extendDiagnostics } from "../plugin/typescript/program.js";
import { compile, copyFixture, expectMalformedReport, MALFORMED_OFFENCES, removeFixtureCopies } from "./support/tspc-fixture.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const tspc = join(repo, "node_modules/.bin/tspc");
const tsc = join(repo, "node_modules/typescript/bin/tsc");

beforeAll(() => {
  if (!existsSync(join(repo, "dist/plugin/typescript/index.cjs"))) throw new Error("dist/ is missing: run `npm run build` first");
});

afterAll(removeFixtureCopies);

/** Every file under a folder, with its text, by relative path. */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path).split("\\").join("/")] = readFileSync(path, "utf8");
  }
  return files;
}

// One test at a time: concurrent tspc runs wait at most 2 s for the lock on ts-patch's cached compiler and fail past it
// (`Could not acquire lock`), which a loaded 2-core machine exceeds. Each test file has a cache of its own (tspc-fixture.ts).
describe("tspc with the program transformer: a malformed project fails in every mode", () => {
  test("tspc", async () => {
    const dir = copyFixture("malformed");
    const run = await compile(tspc, dir, ["-p", "."]);
    expectMalformedReport(run);
    // As with a type error, the JS is still emitted.
    expect(existsSync(join(dir, "dist/tools.js"))).toBe(true);
  });

  test("tspc --noEmit", async () => {
    const dir = copyFixture("malformed");
    expectMalformedReport(await compile(tspc, dir, ["-p", ".", "--noEmit"]));
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });

  test("tspc -b, then again on the unchanged project (diagnostics kept in the build info)", async () => {
    const dir = copyFixture("malformed");
    expectMalformedReport(await compile(tspc, dir, ["-b", "."]));
    expect(existsSync(join(dir, "tsconfig.tsbuildinfo"))).toBe(true);
    expectMalformedReport(await compile(tspc, dir, ["-b", "."]));
  });

  test("tspc --incremental, then again after a fix in the imported module that keeps its type", async () => {
    const dir = copyFixture("malformed");
    expectMalformedReport(await compile(tspc, dir, ["-p", ".", "--incremental"]));
    expect(existsSync(join(dir, "tsconfig.tsbuildinfo"))).toBe(true);
    // The constant keeps its type (readonly string[]): only the version wymcp gives the importing file makes the builder check it again.
    const shared = join(dir, "src/shared.ts");
    writeFileSync(shared, readFileSync(shared, "utf8").replace('["title", "due"]', '["title"]'));
    expectMalformedReport(
      await compile(tspc, dir, ["-p", ".", "--incremental"]),
      MALFORMED_OFFENCES.filter((line) => !line.startsWith("src/shared.ts")),
    );
  });

  test("tsc patched in place by `ts-patch install` (no tspc), under --noEmit", async () => {
    const dir = copyFixture("malformed");
    const typescript = join(dir, "node_modules/typescript");
    cpSync(join(repo, "node_modules/typescript"), typescript, { recursive: true });
    const install = await compile(join(repo, "node_modules/ts-patch/bin/ts-patch.js"), dir, ["install", "--silent", "--dir", typescript]);
    expect(install.code).toBe(0);
    expectMalformedReport(await compile(join(typescript, "bin/tsc"), dir, ["-p", ".", "--noEmit"]));
  });

  test("the source-transformer form reports the same offences when it emits", async () => {
    const dir = copyFixture("malformed", (config) => {
      config.compilerOptions.plugins = [{ transform: "wymcp/transformer" }];
    });
    expectMalformedReport(await compile(tspc, dir, ["-p", "."]));
  });
});

describe("tspc with the program transformer: a clean project", () => {
  test("compiles to exactly what plain tsc writes", async () => {
    const withPlugin = copyFixture("clean");
    const plain = copyFixture("clean", (config) => {
      delete config.compilerOptions.plugins;
    });
    const patched = await compile(tspc, withPlugin, ["-p", "."]);
    const unpatched = await compile(tsc, plain, ["-p", "."]);
    expect(patched).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(unpatched).toEqual({ code: 0, stdout: "", stderr: "" });
    const emitted = tree(join(withPlugin, "dist"));
    expect(Object.keys(emitted).sort()).toEqual([
      "index.d.ts",
      "index.js",
      "index.js.map",
      "shared.d.ts",
      "shared.js",
      "shared.js.map",
      "tools.d.ts",
      "tools.js",
      "tools.js.map",
    ]);
    expect(emitted).toEqual(tree(join(plain, "dist")));
  });

  test("tspc --noEmit passes silently", async () => {
    expect(await compile(tspc, copyFixture("clean"), ["-p", ".", "--noEmit"])).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

/** A fixture's tsconfig as tsc reads it with `--noEmit`. */
function noEmitConfig(dir: string): ts.ParsedCommandLine {
  return ts.getParsedCommandLineOfConfigFile(
    join(dir, "tsconfig.json"),
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
}

describe("the program's diagnostics, in process", () => {
  // Pins TypeScript's internal `getBindAndCheckDiagnostics`: the builder (`--incremental`, `-b`) asks the program for it.
  test("the builder asks the program's internal getBindAndCheckDiagnostics, and gets every offence once", () => {
    const dir = copyFixture("malformed");
    const config = noEmitConfig(dir);
    const host = ts.createIncrementalCompilerHost(config.options);
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host }) as ts.Program & {
      getBindAndCheckDiagnostics?: unknown;
    };
    expect(typeof program.getBindAndCheckDiagnostics).toBe("function");
    extendDiagnostics(program, ts);
    const builder = ts.createEmitAndSemanticDiagnosticsBuilderProgram(program, host);
    const lines = builder
      .getSemanticDiagnostics()
      .filter((diagnostic) => diagnostic.code === DIAGNOSTIC_CODE)
      .map((diagnostic) => {
        const { line, character } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!);
        return `${relative(dir, diagnostic.file!.fileName)}(${line + 1},${character + 1}): error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
      });
    expect(lines.sort()).toEqual([...MALFORMED_OFFENCES].sort());
    // Extending twice changes nothing.
    expect(
      extendDiagnostics(program, ts)
        .getSemanticDiagnostics()
        .filter((diagnostic) => diagnostic.code === DIAGNOSTIC_CODE),
    ).toHaveLength(MALFORMED_OFFENCES.length);
  });

  test("a program from another TypeScript version: files are parsed again, diagnostics still point at the program's files", () => {
    const dir = copyFixture("malformed");
    const config = noEmitConfig(dir);
    const program = ts.createProgram(config.fileNames, config.options);
    const checker = programChecker(program, { ...ts, version: "5.0.0" });
    const tools = program.getSourceFile(join(dir, "src/tools.ts"))!;
    expect(checker.host.evaluatedSourceFile(tools)).not.toBe(tools);
    const diagnostics = checker.allOffences().map((offence) => offence.diagnostic);
    expect(diagnostics.every((diagnostic) => diagnostic.file === program.getSourceFile(diagnostic.file!.fileName))).toBe(true);
    const positions = diagnostics.map((diagnostic) => {
      const { line, character } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!);
      return `${relative(dir, diagnostic.file!.fileName)}(${line + 1},${character + 1})`;
    });
    expect(positions.sort()).toEqual(MALFORMED_OFFENCES.map((line) => line.slice(0, line.indexOf(":"))).sort());
  });
});
