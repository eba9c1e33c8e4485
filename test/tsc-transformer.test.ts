/**
 * `wymcp/transformer` with the real `tspc` (ts-patch 3.3.0): the fixture
 * projects under `test/fixtures/tsc/` are copied to a fresh temporary folder
 * per run (build info never leaks between runs), with `node_modules/wymcp`
 * linked to this repository — which is how both `import { defineTool } from
 * "wymcp"` and the tsconfig's `"transform": "wymcp/transformer"` resolve, as
 * they do for an installed package. Needs `dist/` (`npm run build`).
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DIAGNOSTIC_CODE, programChecker } from "../plugin/typescript/diagnostics.js";
import { extendDiagnostics } from "../plugin/typescript/program.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const fixtures = join(repo, "test/fixtures/tsc");
const tspc = join(repo, "node_modules/.bin/tspc");
const tsc = join(repo, "node_modules/typescript/bin/tsc");

/** Every offence of the malformed fixture, as `tspc` prints it: file(line,col) of the key or value the offence names. */
const MALFORMED_OFFENCES = [
  'src/shared.ts(7,64): error TS990001: actions["create"].required: "due" is not declared in properties. Fix: declare "due" in properties, or remove it from required. (tool "tasks")',
  'src/tools.ts(8,13): error TS990001: actions["create"]: missing mandatory key "description". Fix: add description: "Create a task". (tool "tasks")',
  'src/tools.ts(9,7): error TS990001: actions["create"]: unknown key "descripton". Fix: did you mean "description"? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples. (tool "tasks")',
  'src/tools.ts(16,30): error TS990001: actions["list"].defaults: default key "colour" is not declared in properties. Fix: declare "colour" in properties, or remove it from defaults. (tool "tasks")',
  'src/tools.ts(30,20): error TS990001: actions["add"]: "description" contains a line break. Fix: keep the description on one line; put longer guidance in notes. (tool "notes")',
];

/** TypeScript's own errors in the malformed fixture: defineTool's types flag the misspelt key and the undeclared default too. */
const TYPE_ERRORS = [
  "src/tools.ts(9,7): error TS2322: Type '\"Create a task\"' is not assignable to type '\"unknown key 'descripton'. Fix: did you mean 'description'? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples.\"'.",
  "src/tools.ts(16,30): error TS2322: Type '\"red\"' is not assignable to type '\"default key 'colour' is not declared in this action's properties.\"'.",
];

const scratch = mkdtempSync(join(tmpdir(), "wymcp-tsc-"));
let copies = 0;

beforeAll(() => {
  if (!existsSync(join(repo, "dist/plugin/typescript/index.cjs"))) throw new Error("dist/ is missing: run `npm run build` first");
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A fresh copy of a fixture project, `node_modules/wymcp` linked to this repository. */
function copyFixture(name: string, tsconfig?: (config: { compilerOptions: Record<string, unknown> }) => void): string {
  const dir = join(scratch, `${name}-${++copies}`);
  cpSync(join(fixtures, name), dir, { recursive: true, filter: (source) => !/[\\/](dist|node_modules)$|\.tsbuildinfo$/.test(source) });
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(repo, join(dir, "node_modules/wymcp"), "dir");
  if (tsconfig !== undefined) {
    const config = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8")) as { compilerOptions: Record<string, unknown> };
    tsconfig(config);
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config, null, 2));
  }
  return dir;
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a compiler binary (a JS file) in a project folder. */
function compile(binary: string, cwd: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binary, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The lines of our diagnostics, in the order printed. */
function wymcpLines(output: string): string[] {
  return output.split(/\r?\n/).filter((line) => line.includes(`error TS${DIAGNOSTIC_CODE}:`));
}

/** Every diagnostic line (`file(line,col): error TSxxxx: …`). */
function diagnosticLines(output: string): string[] {
  return output.split(/\r?\n/).filter((line) => /^\S.*\(\d+,\d+\): error TS\d+: /.test(line));
}

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

function expectMalformedReport(run: Run, offences: readonly string[] = MALFORMED_OFFENCES): void {
  expect(run.stderr).toBe("");
  expect(run.code).not.toBe(0);
  const ours = wymcpLines(run.stdout);
  // Every offence once, at its exact position: no duplicates, nothing else from wymcp.
  expect([...ours].sort()).toEqual([...offences].sort());
  expect(new Set(ours).size).toBe(ours.length);
  // TypeScript's own diagnostics are still there, once.
  expect(diagnosticLines(run.stdout).filter((line) => !ours.includes(line))).toEqual(TYPE_ERRORS);
}

describe.concurrent("tspc with the program transformer: a malformed project fails in every mode", () => {
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

describe.concurrent("tspc with the program transformer: a clean project", () => {
  test("compiles to exactly what plain tsc writes", async () => {
    const withPlugin = copyFixture("clean");
    const plain = copyFixture("clean", (config) => {
      delete config.compilerOptions.plugins;
    });
    const [patched, unpatched] = await Promise.all([compile(tspc, withPlugin, ["-p", "."]), compile(tsc, plain, ["-p", "."])]);
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

describe("the program's diagnostics, in process", () => {
  // Pins TypeScript's internal `getBindAndCheckDiagnostics`: the builder (`--incremental`, `-b`) asks the program for it.
  test("the builder asks the program's internal getBindAndCheckDiagnostics, and gets every offence once", () => {
    const dir = copyFixture("malformed");
    const config = ts.getParsedCommandLineOfConfigFile(
      join(dir, "tsconfig.json"),
      { noEmit: true },
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    )!;
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
    const config = ts.getParsedCommandLineOfConfigFile(
      join(dir, "tsconfig.json"),
      { noEmit: true },
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    )!;
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
