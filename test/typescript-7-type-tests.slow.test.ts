/**
 * The type tests (`test/*.test-d.ts`: misspelt keys and undeclared names
 * flagged at their line, `data` typed from the schema) on TypeScript 7, the
 * native compiler. `npm run typecheck` runs them on 5.9 and the version
 * matrix on 6.0; the repository's tsconfig also holds TypeScript hosts
 * written against the JS compiler API that 7 does not have, so TypeScript
 * 7's own `tsc --noEmit` checks the type tests and what they import through
 * a tsconfig of their own, every failed expectation a type error. A broken expectation fails it with
 * the same error as TypeScript 6, and exit code 1 where 6 exits 2.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { TYPESCRIPT_6, TYPESCRIPT_7, tscOf } from "./support/typescript-versions.js";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** A folder under test/.tmp/ with a tsconfig extending the repository's over `include`. */
function project(name: string, include: readonly string[], files: Readonly<Record<string, string>> = {}): string {
  const folder = join(repo, "test/.tmp", name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "tsconfig.json"), JSON.stringify({ extends: "../../../tsconfig.json", include }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);
  return folder;
}

function tsc(version: string, folder: string) {
  const run = spawnSync(process.execPath, [tscOf(version), "-p", folder, "--pretty", "false"], { cwd: folder, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

test(`every type test passes on TypeScript ${TYPESCRIPT_7}`, () => {
  const run = tsc(TYPESCRIPT_7, project("type-tests-7", ["../../*.test-d.ts"]));
  expect(run.stdout + run.stderr).toBe("");
  expect(run.code).toBe(0);
});

test(`a failed expectation fails TypeScript ${TYPESCRIPT_7} as it fails ${TYPESCRIPT_6}: the same error, exit 1 where 6 exits 2`, () => {
  const broken = [
    'import { expectTypeOf } from "vitest";',
    'import { defineTool } from "../../../src/index.js";',
    "",
    "defineTool({",
    '  name: "t",',
    '  description: "T",',
    '  actions: { get: { description: "Get", properties: { n: { type: "integer" } }, required: ["n"] } },',
    "  handlers: { get: async (data) => expectTypeOf(data.n).toEqualTypeOf<string>() },",
    "});",
    "",
  ].join("\n");
  const folder = project("type-tests-broken", ["broken.test-d.ts"], { "broken.test-d.ts": broken });
  const errors = (output: string) => output.split("\n").filter((line) => line.startsWith("broken.test-d.ts("));
  const on7 = tsc(TYPESCRIPT_7, folder);
  const on6 = tsc(TYPESCRIPT_6, folder);
  expect(errors(on7.stdout)).toEqual([
    expect.stringMatching(/^broken\.test-d\.ts\(8,71\): error TS2344: .*Expected: string, Actual: number/),
  ]);
  expect(errors(on7.stdout)).toEqual(errors(on6.stdout));
  expect(on7.code).toBe(1);
  expect(on6.code).toBe(2);
});
