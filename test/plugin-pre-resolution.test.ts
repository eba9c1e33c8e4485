/**
 * The synchronous check runs on the bundler's asynchronous answers: it
 * follows an import chain that only the bundler can resolve, asks the
 * bundler only about what it follows, and a bundler resolution that fails
 * (throws, rejects, answers nothing) leaves the value unknown and the file
 * reported as partly checked — never a crashed build.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { offencesOf } from "../plugin/check/file-check.js";
import { ModuleChecker } from "../plugin/bundler/checks/module-checker.js";
import { MAX_RUNS, type BundlerResolve } from "../plugin/bundler/resolution/pre-resolution.js";
import { project } from "./plugin-support.js";

const HEADER = `import { defineTool } from "wymcp";\n`;
const tool = (actions: string) =>
  `${HEADER}export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: ${actions} });\n`;
const BAD = `{ description: "A", properties: {}, required: ["x"] }`;

/** A resolver that knows only `@s/<name>` (as a bundler's alias would), and the calls it received. */
function aliasResolver(root: string): { resolve: BundlerResolve; asked: string[] } {
  const asked: string[] = [];
  const resolve: BundlerResolve = async (specifier) => {
    asked.push(specifier);
    return specifier.startsWith("@s/") ? join(root, `${specifier.slice(3)}.ts`) : undefined;
  };
  return { resolve, asked };
}

describe("the check follows the bundler's answers", () => {
  test("an import chain only the bundler resolves is followed to the offence: the file's own imports in one round, then only what the check follows", async () => {
    const root = project({
      "index.ts": `import { schema } from "@s/a";\nimport { db } from "@s/db";\n${tool("{ a: schema }")}`,
      "a.ts": `export { schema } from "@s/b";\n`,
      "b.ts": `export const schema = ${BAD};\n`,
      "db.ts": "export const db = 1;\n",
    });
    const { resolve, asked } = aliasResolver(root);
    const { check, filesRead } = await new ModuleChecker(undefined).check(join(root, "index.ts"), undefined, resolve);
    expect(offencesOf(check!).map((offence) => `${offence.fileName.slice(root.length + 1)}:${offence.line}`)).toEqual(["b.ts:1"]);
    expect(filesRead).toEqual([join(root, "a.ts"), join(root, "b.ts")]);
    // The first round is every import of the file, so its check finds its answers on its first run; db.ts is never read.
    expect(asked).toEqual(["@s/a", "@s/db", "wymcp", "@s/b"]);
  });

  test("an import chain longer than the check's runs is unknown past them, never a hang", async () => {
    const files: Record<string, string> = { "index.ts": `import { schema } from "@s/m0";\n${tool("{ a: schema }")}` };
    for (let index = 0; index < MAX_RUNS + 2; index++) files[`m${index}.ts`] = `export { schema } from "@s/m${index + 1}";\n`;
    const root = project(files);
    const { check, warning } = await new ModuleChecker(undefined).check(join(root, "index.ts"), undefined, aliasResolver(root).resolve);
    expect(offencesOf(check!)).toEqual([]);
    expect(warning).toMatch(/was partly checked/);
  });

  test("a resolver that answers at once (esbuild's metafile) serves the run that asks: a chain longer than the runs is followed to its end", async () => {
    const files: Record<string, string> = { "index.ts": `import { schema } from "@s/m0";\n${tool("{ a: schema }")}` };
    for (let index = 0; index < MAX_RUNS + 2; index++) files[`m${index}.ts`] = `export { schema } from "@s/m${index + 1}";\n`;
    files[`m${MAX_RUNS + 2}.ts`] = `export const schema = ${BAD};\n`;
    const root = project(files);
    const asked: string[] = [];
    const resolveAtOnce: BundlerResolve = (specifier) => {
      asked.push(specifier);
      return specifier.startsWith("@s/") ? join(root, `${specifier.slice(3)}.ts`) : undefined;
    };
    const { check, warning } = await new ModuleChecker(undefined).check(join(root, "index.ts"), undefined, resolveAtOnce);
    expect(offencesOf(check!).map((offence) => offence.fileName.slice(root.length + 1))).toEqual([`m${MAX_RUNS + 2}.ts`]);
    expect(warning).toBeUndefined();
    // Each import asked once, whatever the number of modules along the chain.
    expect(new Set(asked).size).toBe(asked.length);
  });
});

describe("a bundler resolution that fails leaves the value unknown", () => {
  const loop = Object.assign(new Error("ELOOP: too many symbolic links encountered"), { code: "ELOOP" });
  test.each<[string, BundlerResolve]>([
    [
      "a resolver that throws (ELOOP)",
      () => {
        throw loop;
      },
    ],
    ["a resolver that rejects (ENOTDIR)", () => Promise.reject(Object.assign(new Error("ENOTDIR: not a directory"), { code: "ENOTDIR" }))],
    ["a resolver that answers nothing", () => undefined],
  ])("%s", async (_name, resolve) => {
    const root = project({ "index.ts": `import { schema } from "./loop/x";\n${tool("{ a: schema }")}` });
    const { check, warning } = await new ModuleChecker(undefined).check(join(root, "index.ts"), undefined, resolve);
    expect(offencesOf(check!)).toEqual([]);
    expect(check!.declarations[0]!.declaration.unknowns).toHaveLength(1);
    expect(warning).toMatch(/was partly checked[\s\S]*the module "\.\/loop\/x" was not found/);
  });
});
