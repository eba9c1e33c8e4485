/**
 * TypeScript's compiled code kept between builds (`plugin/cache/code-cache.ts`):
 * a module loaded through the code cache behaves as `require` would, a
 * stale or damaged cache is never trusted, and the bundler plugin keeps
 * TypeScript's code beside its verdicts. Separate Node processes, as builds
 * are. Needs `dist/` (`npm run build`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { requireWithCodeCache } from "../plugin/cache/code-cache.js";

const repo = fileURLToPath(new URL("..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "wymcp-code-cache-"));
let folders = 0;

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function folder(): string {
  const dir = join(scratch, String(++folders));
  rmSync(dir, { recursive: true, force: true });
  return mkdtempSync(`${dir}-`);
}

/** Loads `file` through the code cache in a fresh process; answers what it saw. */
function loadInChild(file: string, cacheFile: string): { value: unknown; fromCache: boolean } {
  const script = `
    const { requireWithCodeCache } = await import(${JSON.stringify(join(repo, "dist/plugin/cache/code-cache.js"))});
    const loaded = requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheFile)});
    loaded.save();
    console.log(JSON.stringify({ value: loaded.exports.answer(), fromCache: loaded.fromCache }));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { value: unknown; fromCache: boolean };
}

describe("a CommonJS module loaded through the code cache", () => {
  test("runs as require would, registers itself, and reads its compiled code back in the next process", () => {
    const dir = folder();
    const file = join(dir, "module.cjs");
    writeFileSync(file, `const path = require("node:path"); exports.answer = () => [path.basename(__filename), typeof module.exports, this === module.exports];`);
    const cacheFile = join(dir, "cache", "module.bin");
    expect(loadInChild(file, cacheFile)).toEqual({ value: ["module.cjs", "object", true], fromCache: false });
    expect(existsSync(cacheFile)).toBe(true);
    expect(loadInChild(file, cacheFile)).toEqual({ value: ["module.cjs", "object", true], fromCache: true });

    // In this process: registered, so require gives the same instance.
    const loaded = requireWithCodeCache(file, cacheFile);
    expect(createRequire(file)(file)).toBe(loaded.exports);
    expect(requireWithCodeCache(file, cacheFile).exports).toBe(loaded.exports);
  });

  test.each([
    ["damaged", (cacheFile: string) => writeFileSync(cacheFile, "not compiled code")],
    ["for another source", (cacheFile: string, file: string) => writeFileSync(file, `exports.answer = () => "changed, and longer than before";`)],
  ])("a %s cache is rejected, the source compiled, and the cache written anew", (_, spoil) => {
    const dir = folder();
    const file = join(dir, "module.cjs");
    writeFileSync(file, `exports.answer = () => "original";`);
    const cacheFile = join(dir, "module.bin");
    loadInChild(file, cacheFile);
    spoil(cacheFile, file);
    const expected = loadInChild(file, cacheFile);
    expect(expected.fromCache).toBe(false);
    expect(loadInChild(file, cacheFile)).toEqual({ value: expected.value, fromCache: true });
  });

  test("a module that throws is not left registered", () => {
    const dir = folder();
    const file = join(dir, "broken.cjs");
    writeFileSync(file, `throw new Error("broken on purpose");`);
    expect(() => requireWithCodeCache(file, join(dir, "broken.bin"))).toThrow("broken on purpose");
    expect(createRequire(file).cache[file]).toBeUndefined();
  });
});

describe("the bundler plugin keeps TypeScript's compiled code beside its verdicts", () => {
  test("the first build that checks a module writes it; the next one reads it and leaves it be", () => {
    const dir = folder();
    const cacheFile = join(dir, "node_modules/.cache/wymcp/verdicts.json");
    const tools = join(repo, "test/fixtures/plugin/clean/src/tools.ts");
    const script = `
      const { ModuleChecker } = await import(${JSON.stringify(join(repo, "dist/plugin/bundler/module-checker.js"))});
      const checker = new ModuleChecker(${JSON.stringify(cacheFile)});
      checker.startBuild(true);
      const { check } = await checker.check(${JSON.stringify(tools)});
      checker.endBuild();
      console.log(JSON.stringify(check.declarations.map((declaration) => declaration.offences.length)));`;
    const build = () => {
      rmSync(cacheFile, { force: true }); // verdicts dropped: the module is checked, TypeScript loaded
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
      if (child.status !== 0) throw new Error(child.stderr);
      return JSON.parse(child.stdout) as number[];
    };
    expect(build()).toEqual([0, 0]);
    const [kept] = readdirSync(join(dir, "node_modules/.cache/wymcp")).filter((name) => name.startsWith("typescript-"));
    expect(kept).toMatch(/^typescript-\d+\.\d+\.\d+-v8-.+\.bin$/);
    const written = statSync(join(dir, "node_modules/.cache/wymcp", kept!)).mtimeMs;
    expect(build()).toEqual([0, 0]);
    expect(statSync(join(dir, "node_modules/.cache/wymcp", kept!)).mtimeMs).toBe(written);
  });
});
