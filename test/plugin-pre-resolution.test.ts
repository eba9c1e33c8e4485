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
import { MAX_RUNS, ResolutionTable, type BundlerResolve } from "../plugin/bundler/resolution/pre-resolution.js";
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

describe("checks side by side share one table of the bundler's answers", () => {
  /** A resolver whose answers come when the test says, and the imports it was asked. */
  function heldResolver() {
    const asked: string[] = [];
    const held: { specifier: string; answer: (file: string | undefined) => void }[] = [];
    const resolve: BundlerResolve = (specifier, importer) =>
      new Promise((answer) => {
        asked.push(`${importer} ${specifier}`);
        held.push({ specifier, answer });
      });
    /** Answers every held resolution of `specifier`. */
    const answer = (specifier: string, file: string | undefined) => {
      for (const entry of held) if (entry.specifier === specifier) entry.answer(file);
    };
    return { resolve, asked, answer };
  }

  test("a run waits for its own imports only, not for those another check is still resolving", async () => {
    const table = new ResolutionTable();
    const { resolve, answer } = heldResolver();
    const slow = table.run(resolve);
    slow.lookup("./slow", "/a.ts");
    const fast = table.run(resolve);
    expect(fast.lookup("./fast", "/b.ts")).toBeUndefined();
    answer("./fast", "/fast.ts");
    // ./slow is never answered before this settles: a run that waited for the whole table would hang here.
    await fast.settle();
    expect(fast.learned()).toBe(true);
    expect(table.run(resolve).lookup("./fast", "/b.ts")).toBe("/fast.ts");
    answer("./slow", undefined);
    await slow.settle();
    expect(slow.learned()).toBe(false);
  });

  test("an import is asked of the bundler once, whichever run misses it first, and a later run finds its answer", async () => {
    const table = new ResolutionTable();
    const { resolve, asked, answer } = heldResolver();
    const first = table.run(resolve);
    const second = table.run(resolve);
    first.lookup("./shared.js", "/tools/a.ts");
    second.lookup("./shared.js", "/tools/a.ts");
    second.lookup("./shared.js", "/tools/b.ts");
    answer("./shared.js", "/tools/shared.ts");
    await Promise.all([first.settle(), second.settle()]);
    expect(asked).toEqual(["/tools/a.ts ./shared.js", "/tools/b.ts ./shared.js"]);
    expect(table.run(resolve).lookup("./shared.js", "/tools/a.ts")).toBe("/tools/shared.ts");
  });

  test("an import missed by a run without a resolver is asked when a run with one settles", async () => {
    const table = new ResolutionTable();
    const blind = table.run();
    expect(blind.lookup("./x", "/a.ts")).toBeUndefined();
    await blind.settle(); // nothing to ask with
    const asked: string[] = [];
    const sighted = table.run((specifier) => (asked.push(specifier), Promise.resolve("/x.ts")));
    expect(sighted.lookup("./x", "/a.ts")).toBeUndefined();
    await sighted.settle();
    expect(asked).toEqual(["./x"]);
    expect(sighted.learned()).toBe(true);
  });
});
