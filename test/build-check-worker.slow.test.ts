/**
 * A first build checks its modules in worker threads: every verdict a
 * worker answers is the one the build's own thread answers — offences with
 * their message and location, the "partly checked" warning, the provider
 * lint's warnings, the modules read — whether the imports are resolved by
 * the bundler (asked through the build's thread), by the build's import
 * graph (esbuild's metafile, read in the worker) or as the CLI resolves
 * them; and a clean verdict a worker found is kept for the next build.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ModuleChecker, type ModuleVerdict, type TargetLintOptions } from "../plugin/bundler/checks/module-checker.js";
import type { BundlerResolve } from "../plugin/bundler/resolution/pre-resolution.js";
import { project } from "./plugin-support.js";

const HEADER = `import { defineTool } from "wymcp";\n`;
const tool = (actions: string) =>
  `${HEADER}export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: ${actions} });\n`;
const BAD = `{ description: "A", properties: {}, required: ["x"] }`;

/** Sources whose verdicts differ in every part a verdict has. */
const SOURCES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "offences in the file and in a module it imports": {
    "index.ts": `import { schema } from "./shared";\n${tool(`{ a: schema, b: ${BAD.replace("{", "{ descripton: 1,")} }`)}`,
    "shared.ts": `export const schema = ${BAD};\n`,
  },
  "a value it cannot know": { "index.ts": `import { schema } from "./missing";\n${tool("{ a: schema }")}` },
  "a syntax error": { "index.ts": `${tool("{ a: { description: 'A', properties: {} } }")}const = ;\n` },
  "nesting too deep to parse": {
    "index.ts": tool(`{ a: { description: "A", properties: {}, examples: [${"[".repeat(2000)}${"]".repeat(2000)}] } }`),
  },
  "a clean declaration": { "index.ts": tool(`{ a: { description: "A", properties: { n: { type: "number" } } } }`) },
};

const LINT: TargetLintOptions = { targets: ["openai"], listing: "strict", errors: false };

const checkers: ModuleChecker[] = [];
afterEach(() => {
  for (const checker of checkers.splice(0)) checker.endBuild();
});

/** A checker whose first build checks in workers (`prepare` with nothing stored), or in this thread. */
function checker(inWorkers: boolean, cacheFile?: string, lint?: TargetLintOptions): ModuleChecker {
  const made = new ModuleChecker(cacheFile, lint);
  if (inWorkers) made.prepare();
  made.startBuild(true);
  checkers.push(made);
  return made;
}

/** What a verdict tells the build (the check itself is there only when it ran in this thread). */
function told({ failure, filesRead, tools, warning, warnings }: ModuleVerdict) {
  return { failure, filesRead, tools, warning, warnings };
}

describe.each(Object.entries(SOURCES))("%s", (_name, files) => {
  test("a worker's verdict is the build thread's", async () => {
    const root = project(files);
    const fileName = join(root, "index.ts");
    const inWorker = await checker(true).check(fileName);
    const inThread = await checker(false).check(fileName);
    expect(inWorker.check).toBeUndefined();
    expect(inThread.check).toBeDefined();
    expect(told(inWorker)).toEqual(told(inThread));
  });

  test("with the provider lint, a worker's warnings are the build thread's", async () => {
    const root = project(files);
    const fileName = join(root, "index.ts");
    const inWorker = await checker(true, undefined, LINT).check(fileName);
    const inThread = await checker(false, undefined, LINT).check(fileName);
    expect(told(inWorker)).toEqual(told(inThread));
  });
});

test("the offences a worker finds are named at their positions", async () => {
  const root = project(SOURCES["offences in the file and in a module it imports"]!);
  const { failure } = await checker(true).check(join(root, "index.ts"));
  expect(failure?.loc).toEqual({ file: join(root, "index.ts"), line: 3, column: expect.any(Number) as number });
  expect(failure?.message).toMatch(/shared\.ts:1:\d+ {2}actions\["a"\]\.required: "x" is not declared in properties/);
  expect(failure?.message).toMatch(/unknown key "descripton"/);
});

test("a bundler's resolver is asked through the build's thread, each import once, and answers as it does in that thread", async () => {
  const root = project({
    "index.ts": `import { schema } from "@s/a";\n${tool("{ a: schema }")}`,
    "a.ts": `export { schema } from "@s/b";\n`,
    "b.ts": `export const schema = ${BAD};\n`,
  });
  const resolver = () => {
    const asked: string[] = [];
    const resolve: BundlerResolve = async (specifier) => {
      asked.push(specifier);
      return specifier.startsWith("@s/") ? join(root, `${specifier.slice(3)}.ts`) : undefined;
    };
    return { resolve, asked };
  };
  const [inWorker, inThread] = [resolver(), resolver()];
  const byWorker = await checker(true).check(join(root, "index.ts"), undefined, inWorker.resolve);
  const byThread = await checker(false).check(join(root, "index.ts"), undefined, inThread.resolve);
  expect(byWorker.check).toBeUndefined();
  expect(told(byWorker)).toEqual(told(byThread));
  expect(byWorker.failure?.message).toMatch(/b\.ts:1:/);
  expect(inWorker.asked).toEqual(inThread.asked);
});

test("the build's import graph answers in the worker: a module it shows wymcp-free is not read", async () => {
  const root = project({
    "src/index.ts": `import { helper } from "./lib.js";\n${tool("{ a: { description: 'A', properties: {} } }").replace("() => 1", "() => helper()")}`,
    "src/lib.ts": "export function helper() { return 1; }\n",
  });
  const metafile = {
    inputs: {
      "src/index.ts": {
        imports: [
          { path: "wymcp", external: true },
          { path: "src/lib.ts", original: "./lib.js" },
        ],
      },
      "src/lib.ts": { imports: [] },
    },
  };
  const cacheFile = join(root, "verdicts.json");
  const made = new ModuleChecker(cacheFile);
  made.prepare();
  made.startBuild(true, { metafile, cwd: root });
  checkers.push(made);
  const verdict = await made.check(join(root, "src/index.ts"));
  expect(verdict.check).toBeUndefined();
  expect(verdict.filesRead).toEqual([]);
  made.endBuild();
  const stored = JSON.parse(readFileSync(cacheFile, "utf8")) as { entries: Record<string, { free?: string[] }> };
  expect(stored.entries[join(root, "src/index.ts")]?.free).toEqual([join(root, "src/lib.ts")]);
});

test("a clean verdict a worker found is kept: the next build reuses it without checking", async () => {
  const root = project({ ...SOURCES["a clean declaration"], "other.ts": "export const x = 1;\n" });
  const cacheFile = join(root, "verdicts.json");
  const first = checker(true, cacheFile);
  const found = await first.check(join(root, "index.ts"));
  expect(found).toMatchObject({ tools: 1, failure: undefined, warning: undefined });
  first.endBuild();
  const reused = await checker(false, cacheFile).check(join(root, "index.ts"));
  expect(reused).toEqual({ filesRead: [], tools: 1, warning: undefined });
});
