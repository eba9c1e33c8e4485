/**
 * The `tspc` route's fixture projects (`test/fixtures/tsc/`), copied to a
 * fresh temporary folder per run (build info never leaks between runs) with
 * `node_modules/wymcp` linked to this repository — which is how both
 * `import { defineTool } from "wymcp"` and the tsconfig's `"transform":
 * "wymcp/transformer"` resolve, as they do for an installed package — and
 * what a compiler prints for the malformed one. Needs `dist/`.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const fixtures = join(repo, "test/fixtures/tsc");
const CODE = 990001;

/** Every offence of the malformed fixture, as `tspc` prints it: file(line,col) of the key or value the offence names. */
export const MALFORMED_OFFENCES = [
  'src/shared.ts(7,64): error TS990001: actions["create"].required: "due" is not declared in properties. Fix: declare "due" in properties, or remove it from required. (tool "tasks")',
  'src/tools.ts(8,13): error TS990001: actions["create"]: missing mandatory key "description". Fix: add description: "What create does, in one line". (tool "tasks")',
  'src/tools.ts(9,7): error TS990001: actions["create"]: unknown key "descripton". Fix: did you mean "description"? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples. (tool "tasks")',
  'src/tools.ts(16,30): error TS990001: actions["list"].defaults: default key "colour" is not declared in properties. Fix: declare "colour" in properties, or remove it from defaults. (tool "tasks")',
  'src/tools.ts(30,20): error TS990001: actions["add"]: "description" contains a line break. Fix: keep the description on one line; put longer guidance in notes. (tool "notes")',
];

/** TypeScript's own errors in the malformed fixture: defineTool's types flag the misspelt key and the undeclared default too. */
export const TYPE_ERRORS = [
  "src/tools.ts(9,7): error TS2322: Type '\"Create a task\"' is not assignable to type '\"unknown key 'descripton'. Fix: did you mean 'description'? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples.\"'.",
  "src/tools.ts(16,30): error TS2322: Type '\"red\"' is not assignable to type '\"default key 'colour' is not declared in this action's properties.\"'.",
];

/** What an editor shows in the malformed fixture's `src/tools.ts` (tsserver's `line:offset text`). */
export const EDITOR_OFFENCES = [
  '8:13 actions["create"]: missing mandatory key "description". Fix: add description: "What create does, in one line". (tool "tasks")',
  '9:7 actions["create"]: unknown key "descripton". Fix: did you mean "description"? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples. (tool "tasks")',
  // Sits in shared.ts: shown in tools.ts where the imported constant is used, naming where the value is.
  '11:17 actions["create"].required: "due" is not declared in properties. Fix: declare "due" in properties, or remove it from required. (tool "tasks") The offending value is at src/shared.ts:7:64.',
  '16:30 actions["list"].defaults: default key "colour" is not declared in properties. Fix: declare "colour" in properties, or remove it from defaults. (tool "tasks")',
  '30:20 actions["add"]: "description" contains a line break. Fix: keep the description on one line; put longer guidance in notes. (tool "notes")',
];

let scratch: string | undefined;
let copies = 0;
/**
 * ts-patch's cache of the compiler it patched, one per test file (process): concurrent tspc runs of one cache wait
 * at most 2 s for its lock and fail past it, which a loaded 2-core machine exceeds.
 */
let tsPatchCache: string | undefined;

/** A fresh copy of a fixture project (`malformed` or `clean`), `node_modules/wymcp` linked to this repository. */
export function copyFixture(name: string, tsconfig?: (config: { compilerOptions: Record<string, unknown> }) => void): string {
  scratch ??= mkdtempSync(join(tmpdir(), "wymcp-tsc-"));
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

/** Removes every copy made so far (for `afterAll`). */
export function removeFixtureCopies(): void {
  for (const folder of [scratch, tsPatchCache]) if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  scratch = tsPatchCache = undefined;
}

/** A finished compiler run. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a compiler binary (a JS file) in a project folder. */
export function compile(binary: string, cwd: string, args: readonly string[]): Promise<Run> {
  tsPatchCache ??= mkdtempSync(join(tmpdir(), "wymcp-ts-patch-cache-"));
  const env = { ...process.env, TSP_CACHE_DIR: tsPatchCache };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binary, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The lines of wymcp's diagnostics, in the order printed. */
export function wymcpLines(output: string): string[] {
  return output.split(/\r?\n/).filter((line) => line.includes(`error TS${CODE}:`));
}

/** Every diagnostic line (`file(line,col): error TSxxxx: …`). */
function diagnosticLines(output: string): string[] {
  return output.split(/\r?\n/).filter((line) => /^\S.*\(\d+,\d+\): error TS\d+: /.test(line));
}

/** The malformed fixture's report: every offence once at its position, TypeScript's own errors once, a failing exit code. */
export function expectMalformedReport(run: Run, offences: readonly string[] = MALFORMED_OFFENCES): void {
  expect(run.stderr).toBe("");
  expect(run.code).not.toBe(0);
  const ours = wymcpLines(run.stdout);
  // Every offence once, at its exact position: no duplicates, nothing else from wymcp.
  expect([...ours].sort()).toEqual([...offences].sort());
  expect(new Set(ours).size).toBe(ours.length);
  // TypeScript's own diagnostics are still there, once.
  expect(diagnosticLines(run.stdout).filter((line) => !ours.includes(line))).toEqual(TYPE_ERRORS);
}
