/**
 * Bundlers and `wymcp check` need no TypeScript: with `typescript` made
 * unresolvable (a preload that fails every `require` and `import` of it, as
 * if it were not installed), the CLI and an esbuild build still find every
 * offence. A missing build-time package (`oxc-parser`) is one line naming
 * what to install — exit code 2 from the CLI, one build error from esbuild.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { fixtures, repo } from "./plugin-builds.js";

const folder = mkdtempSync(join(tmpdir(), "wymcp-no-typescript-"));
const blocker = join(folder, "block.cjs");
writeFileSync(
  blocker,
  `const Module = require("node:module");
const blocked = (process.env.WYMCP_BLOCK || "").split(",").filter(Boolean);
const isBlocked = (request) => blocked.some((name) => request === name || request.startsWith(name + "/"));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (isBlocked(request)) throw Object.assign(new Error("Cannot find module '" + request + "'"), { code: "MODULE_NOT_FOUND" });
  return resolveFilename.call(this, request, ...rest);
};
// Synchronous hooks (Node >= 22.15), in this thread: module.register() is deprecated on Node 26, and says so on stderr.
Module.registerHooks({
  resolve(specifier, context, next) {
    // Each loader's own code: require() says MODULE_NOT_FOUND, import ERR_MODULE_NOT_FOUND.
    const code = context.conditions.includes("require") ? "MODULE_NOT_FOUND" : "ERR_MODULE_NOT_FOUND";
    if (isBlocked(specifier)) throw Object.assign(new Error("Cannot find package '" + specifier + "'"), { code });
    return next(specifier, context);
  },
});
`,
);
const esbuildScript = join(folder, "build.mjs");
writeFileSync(
  esbuildScript,
  `import { createRequire } from "node:module";
import wymcp from ${JSON.stringify(join(repo, "dist/plugin/bundler/esbuild/esbuild.js"))};
const { build } = createRequire(${JSON.stringify(join(repo, "package.json"))})("esbuild");
const [entry] = process.argv.slice(2);
try {
  await build({ entryPoints: [entry], bundle: true, write: false, format: "esm", platform: "node", alias: { wymcp: ${JSON.stringify(join(repo, "src/index.ts"))} }, logLevel: "silent", plugins: [wymcp({ cache: false })] });
  console.log("built");
} catch (error) {
  for (const message of error.errors ?? []) console.log("error: " + message.text);
  process.exitCode = 1;
}
`,
);

function node(block: string, args: string[], cwd = fixtures): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--require", blocker, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, WYMCP_BLOCK: block, NODE_OPTIONS: "" },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cliMain = join(repo, "dist/plugin/cli/main.js");

describe("no typescript installed", () => {
  test("the preload really hides TypeScript from require and import", () => {
    expect(node("typescript", ["-e", `try { require("typescript"); } catch (error) { console.log(error.code); }`]).stdout.trim()).toBe(
      "MODULE_NOT_FOUND",
    );
    expect(
      node("typescript", [
        "--input-type=module",
        "-e",
        `try { await import("typescript"); } catch (error) { console.log(error.code); }`,
      ]).stdout.trim(),
    ).toBe("ERR_MODULE_NOT_FOUND");
  });

  test("wymcp check finds the offences of a malformed project (exit 1) and passes a clean one (exit 0)", () => {
    const malformed = node("typescript", [cliMain, "check", "malformed"]);
    expect(malformed.stderr).toBe("");
    expect(malformed.status).toBe(1);
    expect(malformed.stdout).toMatch(/unknown key "descripton"/);
    expect(node("typescript", [cliMain, "check", "clean"]).status).toBe(0);
  }, 60_000);

  test("an esbuild build fails on a malformed project and builds a clean one", () => {
    const malformed = node("typescript", [esbuildScript, join(fixtures, "malformed/src/index.ts")]);
    expect(malformed.status).toBe(1);
    expect(malformed.stdout).toMatch(/unknown key "descripton"/);
    const clean = node("typescript", [esbuildScript, join(fixtures, "clean/src/index.ts")]);
    expect(clean.stdout.trim()).toBe("built");
    expect(clean.status).toBe(0);
  }, 60_000);
});

describe("a missing parser", () => {
  const line =
    /^wymcp: checking tool declarations at build time needs the package "oxc-parser", which cannot be loaded \(it is not installed\)\. Install it: npm i -D oxc-parser$/;

  test("wymcp check: one line naming the package, exit 2", () => {
    const result = node("oxc-parser", [cliMain, "check", "malformed"]);
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split("\n")).toEqual([expect.stringMatching(line)]);
    expect(result.stdout).toBe("");
  }, 60_000);

  test("esbuild: one build error naming the package", () => {
    const result = node("oxc-parser", [esbuildScript, join(fixtures, "malformed/src/index.ts")]);
    expect(result.status).toBe(1);
    expect(result.stdout.trimEnd().split("\n")).toEqual([
      expect.stringMatching(/^error: wymcp: checking tool declarations at build time needs the package "oxc-parser".*npm i -D oxc-parser$/),
    ]);
  }, 60_000);
});
