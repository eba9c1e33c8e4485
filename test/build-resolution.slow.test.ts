/**
 * The file the bundler bundles is the file checked: `./shared.js` next to
 * both shared.js and shared.ts names shared.js (as esbuild, Vite and Rollup
 * bundle it), tsconfig `paths` apply, JSON imports evaluate, and a resolve
 * or read that fails (ENOTDIR, ELOOP) leaves the value unknown — never a
 * crash.
 */
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import wymcpEsbuild from "../plugin/bundler/esbuild/esbuild.js";
import { checkSource } from "../plugin/check/check.js";
import { offencesOf } from "../plugin/check/file-check.js";
import { run } from "../plugin/cli/run.js";
import { esbuildInMemory } from "./plugin-builds.js";
import { checkProject, project } from "./plugin-support.js";

const HEADER = `import { defineTool } from "wymcp";\n`;
const tool = (actions: string) =>
  `${HEADER}export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: ${actions} });\n`;
const GOOD = `{ description: "A", properties: {} }`;
const BAD = `{ descripton: "A", properties: {} }`;

function cli(root: string): { code: number; stdout: string } {
  let stdout = "";
  const code = run(["check", "src/index.ts"], {
    stdout: (text) => (stdout += `${text}\n`),
    stderr: (text) => (stdout += `${text}\n`),
    cwd: root,
  });
  return { code, stdout };
}

async function esbuildErrors(root: string): Promise<string> {
  const esbuild = await import("esbuild");
  try {
    await esbuild.build({ ...esbuildInMemory(join(root, "src/index.ts")), absWorkingDir: root, plugins: [wymcpEsbuild({ cache: false })] });
    return "";
  } catch (error) {
    return ((error as { errors?: { text: string }[] }).errors ?? []).map((message) => message.text).join("\n");
  }
}

describe("the bundled file is the checked file", () => {
  test("./shared.js next to shared.js and shared.ts: shared.js, as the bundler bundles it", async () => {
    const root = project({
      "src/index.ts": `import { schema } from "./shared.js";\n${tool("{ a: schema }")}`,
      "src/shared.js": `export const schema = ${BAD};\n`,
      "src/shared.ts": `export const schema = ${GOOD};\n`,
    });
    const result = cli(root);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/src\/shared\.js:1:\d+ .*unknown key "descripton"/);
    expect(await esbuildErrors(root)).toMatch(/unknown key "descripton"/);
  }, 60_000);

  test("./shared.js with only shared.ts: its TypeScript source", () => {
    const check = checkProject(`import { schema } from "./shared.js";\n${tool("{ a: schema }")}`, {
      "shared.ts": `export const schema = ${BAD};\n`,
    });
    expect([...new Set(offencesOf(check).map((located) => located.fileName.slice(check.root.length + 1)))]).toEqual(["shared.ts"]);
  });

  test("tsconfig paths are followed, in the CLI and in esbuild", async () => {
    const root = project({
      "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@schemas/*": ["src/schemas/*"] } } }),
      "src/index.ts": `import { schema } from "@schemas/create";\n${tool("{ a: schema }")}`,
      "src/schemas/create.ts": `export const schema = ${BAD};\n`,
    });
    expect(cli(root).stdout).toMatch(/src\/schemas\/create\.ts:1:\d+ .*unknown key "descripton"/);
    expect(await esbuildErrors(root)).toMatch(/unknown key "descripton"/);
  }, 60_000);

  test("a JSON import evaluates: its default export and its top-level keys", async () => {
    const root = project({
      "src/index.ts": `import schemas from "./schemas.json";\nimport { b } from "./schemas.json";\n${tool("{ a: schemas.a, b }")}`,
      "src/schemas.json": `{\n  "a": { "descripton": "A", "properties": {} },\n  "b": { "description": "B", "properties": {}, "required": ["x"] }\n}\n`,
    });
    const result = cli(root);
    expect(result.stdout).toMatch(/src\/schemas\.json:2:\d+ .*unknown key "descripton"/);
    expect(result.stdout).toMatch(/src\/schemas\.json:3:\d+ .*"x" is not declared in properties/);
    expect(await esbuildErrors(root)).toMatch(/unknown key "descripton"/);
  }, 60_000);
});

describe("a resolve or read that fails leaves the value unknown", () => {
  test.each([
    ["ENOTDIR: a file used as a folder", `import { schema } from "./file.ts/inner";\n`, {}],
    ["a module that does not exist", `import { schema } from "./missing";\n`, {}],
  ])("%s", (_name, imports, files) => {
    const check = checkProject(`${imports}${tool("{ a: schema }")}`, { "file.ts": "export const x = 1;\n", ...files });
    expect(offencesOf(check)).toEqual([]);
    expect(check.declarations[0]!.declaration.unknowns).toHaveLength(1);
  });

  test("ELOOP: a symlink loop", () => {
    const source = `import { schema } from "./loop/x";\n${tool("{ a: schema }")}`;
    const root = project({ "index.ts": source });
    symlinkSync(join(root, "loop"), join(root, "loop"));
    const check = checkSource(join(root, "index.ts"), source);
    expect(offencesOf(check)).toEqual([]);
    expect(check.declarations[0]!.declaration.unknowns).toHaveLength(1);
  });
});
