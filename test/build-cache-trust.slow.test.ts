/**
 * What the build cache trusts: nothing in the cache folder is ever run. A
 * planted compiled-code file (`.bin`, the V8 code cache of earlier
 * versions) and a verdict file carrying code are read as data or not at
 * all; entries of the wrong shape (a `null` crashed builds once) are
 * dropped and their files checked again.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { codeStamp } from "../plugin/bundler/code-stamp.js";
import { ModuleChecker } from "../plugin/bundler/checks/module-checker.js";
import { loadVerdicts } from "../plugin/bundler/verdicts/verdict-store.js";
import { offencesOf } from "../plugin/check/file-check.js";
import { repo } from "./plugin-builds.js";
import { project } from "./plugin-support.js";

const BAD_TOOL = `import { defineTool } from "wymcp";\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { descripton: "A", properties: {} } } });\n`;

describe("a planted cache file never runs", () => {
  test("compiled-code files and a verdict file with code in them: the CLI and an esbuild build run none of it and still report the offence", () => {
    const root = project({ "src/index.ts": BAD_TOOL, "node_modules/.keep": "" });
    const marker = join(root, "planted-code-ran");
    const payload = `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran");`;
    const cache = join(root, "node_modules/.cache/wymcp");
    mkdirSync(cache, { recursive: true });
    // The names earlier versions read TypeScript's compiled code from, with a payload in them.
    for (const version of ["5.9.3", "6.0.3", "undefined"])
      writeFileSync(join(cache, `typescript-${version}-v8-${process.versions.v8}.bin`), payload);
    writeFileSync(
      join(cache, "verdicts.json"),
      JSON.stringify({ format: 3, stamp: payload, entries: { [join(root, "src/index.ts")]: { seen: payload } } }),
    );
    const cli = spawnSync(process.execPath, [join(repo, "dist/plugin/cli/main.js"), "check", "src"], { cwd: root, encoding: "utf8" });
    expect(cli.status).toBe(1);
    expect(cli.stdout).toMatch(/unknown key "descripton"/);
    const script = `import { createRequire } from "node:module";
import wymcp from ${JSON.stringify(join(repo, "dist/plugin/bundler/esbuild/esbuild.js"))};
const { build } = createRequire(${JSON.stringify(join(repo, "package.json"))})("esbuild");
try { await build({ entryPoints: ["src/index.ts"], bundle: true, write: false, format: "esm", platform: "node", alias: { wymcp: ${JSON.stringify(join(repo, "src/index.ts"))} }, logLevel: "silent", plugins: [wymcp()] }); console.log("built"); }
catch (error) { console.log(error.errors.map((message) => message.text).join("\\n")); }`;
    writeFileSync(join(root, "build.mjs"), script);
    const built = spawnSync(process.execPath, ["build.mjs"], { cwd: root, encoding: "utf8" });
    expect(built.stdout).toMatch(/unknown key "descripton"/);
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});

describe("verdict entries of the wrong shape", () => {
  test("are dropped when the store is read; well-formed ones are kept", () => {
    const root = project({ "x.ts": "export const x = 1;\n" });
    const file = join(root, "verdicts.json");
    const good = { seen: [1, 2, 3, "hash"], reads: [["/a.ts", null]], resolutions: [["./a", "", "/a.ts"]], free: ["/lib.ts"] };
    const entries = {
      "/null.ts": null,
      "/array.ts": [1],
      "/string.ts": "clean",
      "/short-seen.ts": { seen: [1, 2] },
      "/bad-reads.ts": { seen: [1, 2, 3, "h"], reads: [null] },
      "/bad-resolution.ts": { seen: [1, 2, 3, "h"], resolutions: [["./a", 1, null]] },
      "/mentions.ts": { seen: [1, 2, 3, "h"], mentions: "yes" },
      "/warning.ts": { seen: [1, 2, 3, "h"], warning: 7 },
      "/free-not-a-list.ts": { seen: [1, 2, 3, "h"], free: "/lib.ts" },
      "/free-not-names.ts": { seen: [1, 2, 3, "h"], free: [null] },
      "/good.ts": good,
    };
    writeFileSync(file, JSON.stringify({ format: 3, stamp: codeStamp(), entries }));
    expect(Object.keys(loadVerdicts(file).entries)).toEqual(["/good.ts"]);
    writeFileSync(file, JSON.stringify({ format: 3, stamp: codeStamp(), entries: null }));
    expect(loadVerdicts(file).entries).toEqual({});
    writeFileSync(file, "null");
    expect(loadVerdicts(file).entries).toEqual({});
  });

  test("a null entry for the very file being built: checked again, the offence reported, no crash", async () => {
    const root = project({ "src/tools.ts": BAD_TOOL });
    const cacheFile = join(root, "cache/verdicts.json");
    mkdirSync(join(root, "cache"));
    writeFileSync(cacheFile, JSON.stringify({ format: 3, stamp: codeStamp(), entries: { [join(root, "src/tools.ts")]: null } }));
    const checker = new ModuleChecker(cacheFile);
    checker.startBuild(true);
    const { check } = await checker.check(join(root, "src/tools.ts"));
    checker.endBuild();
    expect(offencesOf(check!).map((located) => located.offence.problem)).toContainEqual(expect.stringMatching(/unknown key "descripton"/));
  });
});
