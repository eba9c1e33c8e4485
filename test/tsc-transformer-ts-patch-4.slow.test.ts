/**
 * `wymcp/transformer` with ts-patch 4 (4.0.1: Node ≥ 22.15, TypeScript ≥ 6),
 * installed from the registry together with TypeScript 6.0.3 (its `tspc`
 * patches the TypeScript it resolves from its own folder): the malformed
 * fixture fails in every mode exactly as with ts-patch 3; `ts-patch install`
 * patches a project's TypeScript in place, whose `tsc` then reports the same
 * and whose tsserver (running on the patched `typescript.js`) still loads the
 * editor plugin. ts-patch 4 refuses TypeScript 5.9 — and its `install` says
 * so but exits 0, leaving `tsc` unpatched: 5.9 stays on ts-patch 3.
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { registryPackages, TS_PATCH_4 } from "./support/registry-package.js";
import { compile, copyFixture, EDITOR_OFFENCES, expectMalformedReport, removeFixtureCopies, wymcpLines } from "./support/tspc-fixture.js";
import { ours, TsServer } from "./support/tsserver.js";
import { TYPESCRIPT_6 } from "./support/typescript-versions.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const modules = registryPackages({ "ts-patch": TS_PATCH_4, typescript: TYPESCRIPT_6 });
const tspc = join(modules, "ts-patch/bin/tspc.js");
const tsPatch = join(modules, "ts-patch/bin/ts-patch.js");

afterAll(removeFixtureCopies);

/** A copy of `typescript` in the project's own node_modules, patched in place by ts-patch 4; what `ts-patch install` printed. */
async function patchInPlace(dir: string, typescript: string): Promise<{ folder: string; output: string; code: number | null }> {
  const folder = join(dir, "node_modules/typescript");
  cpSync(typescript, folder, { recursive: true });
  const run = await compile(tsPatch, dir, ["install", "--dir", folder]);
  return { folder, output: run.stdout + run.stderr, code: run.code };
}

// One test at a time, as in tsc-transformer.slow.test.ts: ts-patch's lock on its cached compiler gives up after 2 s.
describe(`ts-patch ${TS_PATCH_4} on TypeScript ${TYPESCRIPT_6}: the malformed project fails in every mode`, () => {
  test("tspc --noEmit", async () => {
    const dir = copyFixture("malformed");
    expectMalformedReport(await compile(tspc, dir, ["-p", ".", "--noEmit"]));
  });

  test("tspc -b, then again on the unchanged project (diagnostics kept in the build info)", async () => {
    const dir = copyFixture("malformed");
    expectMalformedReport(await compile(tspc, dir, ["-b", "."]));
    expectMalformedReport(await compile(tspc, dir, ["-b", "."]));
  });

  test("the source-transformer form reports the same when it emits, and nothing under --noEmit (as with ts-patch 3)", async () => {
    const dir = copyFixture("malformed", (config) => {
      config.compilerOptions.plugins = [{ transform: "wymcp/transformer" }];
    });
    expectMalformedReport(await compile(tspc, dir, ["-p", "."]));
    expect(wymcpLines((await compile(tspc, dir, ["-p", ".", "--noEmit"])).stdout)).toEqual([]);
  });

  test("`ts-patch install`: tsc patched in place reports the same under --noEmit, and its tsserver still loads the editor plugin", async () => {
    const dir = copyFixture("malformed");
    const patched = await patchInPlace(dir, join(modules, "typescript"));
    expect(patched.output).toContain("ts-patch installed");
    expect(readFileSync(join(patched.folder, "lib/typescript.js"), "utf8")).toContain("ts-patch");
    expectMalformedReport(await compile(join(patched.folder, "bin/tsc"), dir, ["-p", ".", "--noEmit"]));

    const server = new TsServer(dir);
    try {
      expect((await server.request("open", { file: join(dir, "src/tools.ts"), projectRootPath: dir })).success).toBe(true);
      const response = await server.request("semanticDiagnosticsSync", { file: join(dir, "src/tools.ts") });
      expect(ours(response.body as Parameters<typeof ours>[0])).toEqual(EDITOR_OFFENCES);
      expect(readFileSync(join(dir, "tsserver.log"), "utf8")).toContain("[wymcp] language-service plugin enabled");
      expect(await server.exit()).toBe(0);
    } finally {
      server.kill();
    }
  });
});

test("ts-patch 4 refuses TypeScript 5.9: `ts-patch install` says so, exits 0, and leaves tsc unpatched (no offences reported)", async () => {
  const dir = copyFixture("malformed");
  const patched = await patchInPlace(dir, join(repo, "node_modules/typescript"));
  expect(patched.output).toContain("ts-patch v4 requires TypeScript >= 6. Found 5.9.3.");
  expect(patched.code).toBe(0);
  const run = await compile(join(patched.folder, "bin/tsc"), dir, ["-p", ".", "--noEmit"]);
  expect(wymcpLines(run.stdout)).toEqual([]);
  expect(run.code).not.toBe(0); // TypeScript's own errors in the fixture
});
