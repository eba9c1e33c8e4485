/**
 * Each bundler checks the files it bundles, resolved by its own resolver:
 * an alias set only in the bundler's configuration is followed (the
 * offence is reported at its source position in the aliased file, a JSON
 * module's too), of `./shared.js` next to shared.js and shared.ts the check
 * reads the one the bundler picks, a stored clean verdict no longer holds
 * once the alias points elsewhere, and an import no resolver can follow
 * (ENOTDIR, ELOOP) fails the build with the bundler's own error alone.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { metafileResolver } from "../plugin/bundler/resolution/bundler-resolvers.js";
import { resolveLocalModule } from "../plugin/evaluator/resolver.js";
import { build, bundlers, offenceLines, repo, type BuildResult } from "./plugin-builds.js";

const HEADER = `import { defineTool } from "wymcp";\n`;
const tool = (actions: string) =>
  `${HEADER}export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: ${actions} });\n`;
const GOOD = `{ description: "A", properties: {} }`;
const BAD = `{ description: "A", properties: {}, required: ["x"] }`;
/** The offence of BAD, in a module that declares it on its first line. */
const OFFENCE = `1:70  actions["a"].required: "x" is not declared in properties.`;

/** A fresh project under `test/.tmp/resolution/` (paths in messages are then relative to the repository). */
function project(name: string, files: Readonly<Record<string, string>>): string {
  const root = join(repo, "test/.tmp/resolution", name);
  rmSync(root, { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

function failed(result: BuildResult): { messages: readonly string[]; printed: string } {
  if (result.ok) throw new Error("the build passed");
  return result;
}

describe.each(bundlers)("%s", (bundler) => {
  test("an alias set only in the bundler's configuration is followed: the offence in the aliased module fails the build", async () => {
    const root = project(`alias-${bundler}`, {
      "src/index.ts": `import { schema } from "@schemas/bad";\n${tool("{ a: schema }")}`,
      "src/schemas/bad.ts": `export const schema = ${BAD};\n`,
    });
    const result = failed(
      await build(bundler, root, { alias: { "@schemas": join(root, "src/schemas") }, pluginOptions: { cache: false } }),
    );
    const lines = offenceLines(result.messages.join("\n"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`test/.tmp/resolution/alias-${bundler}/src/schemas/bad.ts:${OFFENCE}`);
  });

  test.each([
    ["shared.js malformed, shared.ts valid", BAD, GOOD],
    ["shared.js valid, shared.ts malformed", GOOD, BAD],
  ])("./shared.js next to shared.js and shared.ts, %s: the check reads the file the bundler bundles", async (_name, inJs, inTs) => {
    const name = `shared-${bundler}-${inJs === BAD ? "js" : "ts"}-malformed`;
    const root = project(name, {
      "src/index.ts": `import { schema, from } from "./shared.js";\nexport { from };\n${tool("{ a: schema }")}`,
      "src/shared.js": `export const schema = ${inJs};\nexport const from = "bundled shared.js";\n`,
      "src/shared.ts": `export const schema = ${inTs};\nexport const from = "bundled shared.ts";\n`,
    });
    // Which of the two the bundler picks, from what it bundles without wymcp.
    const bare = await build(bundler, root, { plugin: false });
    if (!bare.ok) throw new Error(bare.printed);
    const picked = readFileSync(bare.output, "utf8").includes("bundled shared.ts") ? "shared.ts" : "shared.js";
    expect(readFileSync(bare.output, "utf8")).toContain(`bundled ${picked}`);
    const result = await build(bundler, root, { pluginOptions: { cache: false } });
    const malformed = (picked === "shared.js" ? inJs : inTs) === BAD;
    expect(result.ok).toBe(!malformed);
    if (!result.ok)
      expect(offenceLines(result.messages.join("\n"))).toEqual([
        expect.stringContaining(`test/.tmp/resolution/${name}/src/${picked}:${OFFENCE}`),
      ]);
  });

  test("a stored clean verdict no longer holds once the bundler's alias names another module", async () => {
    const root = project(`alias-cache-${bundler}`, {
      "src/index.ts": `import { schema } from "@schemas/create";\n${tool("{ a: schema }")}`,
      "src/good/create.ts": `export const schema = ${GOOD};\n`,
      "src/bad/create.ts": `export const schema = ${BAD};\n`,
    });
    const pluginOptions = { cache: join(root, "verdicts.json") };
    expect((await build(bundler, root, { alias: { "@schemas": join(root, "src/good") }, pluginOptions })).ok).toBe(true);
    expect(readFileSync(join(root, "verdicts.json"), "utf8")).toContain("good/create.ts");
    const result = failed(await build(bundler, root, { alias: { "@schemas": join(root, "src/bad") }, pluginOptions }));
    expect(offenceLines(result.messages.join("\n"))).toEqual([
      expect.stringContaining(`test/.tmp/resolution/alias-cache-${bundler}/src/bad/create.ts:${OFFENCE}`),
    ]);
  });

  test("a JSON module the bundler resolves evaluates: its offence fails the build at its line", async () => {
    const root = project(`json-${bundler}`, {
      "src/index.ts": `import schemas from "@schemas/actions.json";\n${tool("{ a: schemas.a }")}`,
      "src/schemas/actions.json": `{\n  "a": { "description": "A", "properties": {}, "required": ["x"] }\n}\n`,
    });
    const result = failed(
      await build(bundler, root, { alias: { "@schemas": join(root, "src/schemas") }, pluginOptions: { cache: false } }),
    );
    expect(offenceLines(result.messages.join("\n"))).toEqual([
      expect.stringContaining(`test/.tmp/resolution/json-${bundler}/src/schemas/actions.json:2:`),
    ]);
  });

  test.each([
    ["ENOTDIR: a file used as a folder", "./file.ts/inner"],
    ["ELOOP: a symlink loop", "./loop/x"],
  ])("%s fails the build with the bundler's own error, never a crash of the check", async (_name, specifier) => {
    const root = project(`unresolvable-${bundler}-${specifier.split("/")[1]!.replace(".", "-")}`, {
      "src/index.ts": `import { schema } from "${specifier}";\n${tool("{ a: schema }")}`,
      "src/file.ts": "export const x = 1;\n",
    });
    symlinkSync(join(root, "src/loop"), join(root, "src/loop"));
    const result = failed(await build(bundler, root, { pluginOptions: { cache: false } }));
    // Every error is the bundler's, about the import it cannot resolve; the check adds none (its value is unknown, not an error).
    expect(result.messages.length).toBeGreaterThan(0);
    for (const message of result.messages) {
      expect(message).toContain(specifier.split("/")[1]);
      expect(message).not.toMatch(/plugin:? ?wymcp|action-schema offence|partly checked/);
    }
  });
});

describe("esbuild's metafile answers every import it records", () => {
  // A tsconfig `paths` entry names a local file for "schemas": what the check resolves on its own, not what esbuild bundled.
  const root = project("metafile-answers", {
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { schemas: ["./src/schemas.ts"] } } }),
    "src/index.ts": `import { schema } from "schemas";\nimport { other } from "src/other.ts";\n`,
    "src/schemas.ts": `export const schema = ${BAD};\n`,
    "src/other.ts": "export const other = 1;\n",
  });
  const index = join(root, "src/index.ts");
  const metafile = {
    inputs: {
      "src/index.ts": {
        imports: [
          { path: "schemas", external: true },
          { path: "src/other.ts", kind: "import-statement" },
        ],
      },
    },
  };

  test("an import esbuild kept external (recorded without `original`) is no local module, whatever else would resolve it", () => {
    expect(resolveLocalModule("schemas", index)).toBe(join(root, "src/schemas.ts"));
    expect(metafileResolver(metafile, root)("schemas", index)).toBeUndefined();
  });

  test("an import written as the path esbuild records (no `original`) is the file esbuild bundled", () => {
    expect(metafileResolver(metafile, root)("src/other.ts", index)).toBe(join(root, "src/other.ts"));
  });
});
