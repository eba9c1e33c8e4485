/**
 * Wymcp-free modules: a module whose imports never reach wymcp, in the
 * bundler's import graph, is not read to learn whether what a tool file
 * calls is `defineTool`; a kept verdict that relied on it holds only while
 * the graph still says so. Pinned on the graph itself (esbuild's metafile)
 * and through real builds: a `defineTool` reached through a chain of local
 * re-exports is still found, and one that appears deep in such a chain
 * after a clean build fails the next build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { moduleListGraph } from "../plugin/bundler/resolution/module-list-graph.js";
import { compilationGraph } from "../plugin/bundler/webpack/compilation-graph.js";
import { graphWymcpFree, metafileWymcpFree } from "../plugin/bundler/resolution/wymcp-free.js";
import { build, bundlers, offenceLines, repo } from "./plugin-builds.js";
import { esbuildOutcome } from "./support/build-outcomes.js";

describe("the wymcp-free modules of esbuild's metafile", () => {
  const cwd = "/project";
  const metafile = {
    inputs: {
      "src/a.ts": { imports: [{ path: "src/b.ts", original: "./b.js" }] },
      "src/b.ts": { imports: [] },
      "src/uses-wymcp.ts": { imports: [{ path: "wymcp", external: true }] },
      "src/aliased.ts": { imports: [{ path: "../repo/src/index.ts", original: "wymcp" }] },
      "src/imports-user.ts": { imports: [{ path: "src/uses-wymcp.ts", original: "./uses-wymcp.js" }] },
      "src/cycle-1.ts": { imports: [{ path: "src/cycle-2.ts", original: "./cycle-2.js" }] },
      "src/cycle-2.ts": { imports: [{ path: "src/cycle-1.ts" }, { path: "src/imports-user.ts" }] },
      "src/free-cycle-1.ts": { imports: [{ path: "src/free-cycle-2.ts" }] },
      "src/free-cycle-2.ts": { imports: [{ path: "src/free-cycle-1.ts" }] },
      "src/opaque.ts": {
        imports: [
          { path: "node_modules/zod/index.js", original: "zod" },
          { path: "virtual:config", original: "virtual:config" },
          { path: "left-out", external: true },
        ],
      },
      "src/imports-unlisted.ts": { imports: [{ path: "src/unlisted.ts", original: "./unlisted.js" }] },
      "src/wymcp-subpath.ts": { imports: [{ path: "wymcp/mcp", external: true }] },
      "src/subpath-import.ts": { imports: [{ path: "#w", external: true }] },
      "src/bundled-subpath-import.ts": { imports: [{ path: "src/b.ts", original: "#lib/b" }] },
      "virtual:config": { imports: [{ path: "wymcp", external: true }] },
    },
  };
  const free = metafileWymcpFree(metafile, cwd);

  test.each([
    ["src/a.ts", true, "its one import is a module that imports nothing"],
    ["src/b.ts", true, "it imports nothing"],
    ["src/free-cycle-1.ts", true, "a cycle that never reaches wymcp"],
    ["src/opaque.ts", true, "a package, a virtual module and an external are never read by the evaluator"],
    ["src/uses-wymcp.ts", false, "it imports wymcp"],
    ["src/aliased.ts", false, "it imports the specifier wymcp, whatever file the bundler made of it"],
    ["src/imports-user.ts", false, "it imports a module that imports wymcp"],
    ["src/cycle-1.ts", false, "its cycle leads to a module that imports wymcp"],
    ["src/imports-unlisted.ts", false, "it imports a local module the metafile does not list"],
    ["src/wymcp-subpath.ts", false, "it imports a subpath of wymcp"],
    ["src/subpath-import.ts", false, "it imports a subpath import, which package.json may map to wymcp"],
    ["src/bundled-subpath-import.ts", false, "a subpath import may map to wymcp's own sources, a local module to the graph"],
    ["src/not-an-input.ts", false, "the graph does not know it"],
  ])("%s: %s (%s)", (file, expected) => {
    expect(free(join(cwd, file))).toBe(expected);
  });

  test("no metafile: no module is wymcp-free", () => {
    expect(metafileWymcpFree(undefined, cwd)(join(cwd, "src/b.ts"))).toBe(false);
  });
});

const HEADER = `import { defineTool } from "wymcp";\nimport { run } from "./lib/first.js";\n`;
/** A valid tool, and a call of `run` with a malformed definition: an offence only if `run` is wymcp's `defineTool`. */
const TOOL_FILE = `${HEADER}export const good = defineTool({ name: "good", description: "G", handlers: { a: () => 1 }, actions: { a: { description: "A", properties: {} } } });
export const maybe = run({ name: "maybe", description: "M", handlers: { a: () => 1 }, actions: { a: { description: "A", properties: {}, required: ["x"] } } });
`;
const OFFENCE = `4:148  actions["a"].required: "x" is not declared in properties.`;
const FIRST = `export { run } from "./second.js";\n`;
const SECOND = `import { run as inner } from "./third.js";\nexport const run = inner;\n`;
const PLAIN_THIRD = `export function run(value: unknown): unknown {\n  return value;\n}\n`;
const DEFINE_TOOL_THIRD = `export { defineTool as run } from "wymcp";\n`;

/**
 * A fresh project under `test/.tmp/wymcp-free/<name>` (or `base`) whose `src/index.ts` re-exports `src/tools.ts`.
 * Under the repository, every module lies in wymcp's own package, which Rolldown's graph takes as wymcp itself.
 */
function writeProject(name: string, files: Readonly<Record<string, string>>, base = join(repo, "test/.tmp/wymcp-free")): string {
  const root = join(base, name);
  rmSync(root, { recursive: true, force: true });
  for (const [file, text] of Object.entries({ "src/index.ts": `export * from "./tools.js";\n`, ...files })) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

function project(name: string, third: string, base?: string): string {
  return writeProject(
    name,
    { "src/tools.ts": TOOL_FILE, "src/lib/first.ts": FIRST, "src/lib/second.ts": SECOND, "src/lib/third.ts": third },
    base,
  );
}

describe.each(bundlers)("%s", (bundler) => {
  test("a defineTool reached through three local modules is found: its offence fails the build", async () => {
    const root = project(`found-${bundler}`, DEFINE_TOOL_THIRD);
    const result = await build(bundler, root, { pluginOptions: { cache: join(root, "verdicts.json") } });
    if (result.ok) throw new Error("the build passed");
    expect(offenceLines(result.messages.join("\n"))).toEqual([
      expect.stringContaining(`test/.tmp/wymcp-free/found-${bundler}/src/tools.ts:${OFFENCE}`),
    ]);
  });

  test("a clean verdict kept while the chain was wymcp-free no longer holds once its last module re-exports defineTool", async () => {
    const root = project(`deep-edit-${bundler}`, PLAIN_THIRD);
    const cache = join(root, "verdicts.json");
    expect((await build(bundler, root, { pluginOptions: { cache } })).ok).toBe(true);
    const entry = JSON.parse(readFileSync(cache, "utf8")).entries[join(root, "src/tools.ts")];
    expect(entry).toBeDefined();
    if (bundler === "esbuild") {
      // esbuild's metafile showed the chain never reaching wymcp: its first module was taken as wymcp-free, not read.
      expect(entry.free).toEqual([join(root, "src/lib/first.ts")]);
      expect(entry.reads.map(([file]: [string]) => file)).not.toContain(join(root, "src/lib/first.ts"));
    }
    // Only the end of the chain changes: the tool file and the modules it imports directly are as they were.
    writeFileSync(join(root, "src/lib/third.ts"), DEFINE_TOOL_THIRD);
    const result = await build(bundler, root, { pluginOptions: { cache } });
    if (result.ok) throw new Error("the build passed");
    expect(offenceLines(result.messages.join("\n"))).toEqual([
      expect.stringContaining(`test/.tmp/wymcp-free/deep-edit-${bundler}/src/tools.ts:${OFFENCE}`),
    ]);
  });
});

test("a verdict esbuild kept on wymcp-free modules is not reused by a bundler without the graph (one cache, two bundlers)", async () => {
  const root = project("esbuild-then-vite", PLAIN_THIRD);
  const cache = join(root, "verdicts.json");
  expect((await build("esbuild", root, { pluginOptions: { cache } })).ok).toBe(true);
  expect(JSON.parse(readFileSync(cache, "utf8")).entries[join(root, "src/tools.ts")].free).toHaveLength(1);
  writeFileSync(join(root, "src/lib/third.ts"), DEFINE_TOOL_THIRD);
  const result = await build("vite", root, { pluginOptions: { cache } });
  if (result.ok) throw new Error("the build passed");
  expect(offenceLines(result.messages.join("\n"))).toEqual([
    expect.stringContaining(`test/.tmp/wymcp-free/esbuild-then-vite/src/tools.ts:${OFFENCE}`),
  ]);
});

/** A module that imports only wymcp's types and calls what `./kit.js` exports: a declaration only if that is `defineTool`. */
const TYPES_ONLY = `import type { ActionSchema } from "wymcp";
import { make } from "./kit.js";
export const schema: ActionSchema | undefined = undefined;
export const maybe = make({ name: "maybe", description: "M", handlers: { a: () => 1 }, actions: { a: { description: "A", properties: {}, required: ["x"] } } });
`;
const TYPES_ONLY_OFFENCE = `4:149  actions["a"].required: "x" is not declared in properties.`;
const PLAIN_KIT = `export function make(value: unknown): unknown {\n  return value;\n}\n`;
const DEFINE_TOOL_KIT = `export { defineTool as make } from "wymcp";\n`;

function typesOnlyProject(name: string, base?: string): string {
  return writeProject(name, { "src/tools.ts": TYPES_ONLY, "src/kit.ts": PLAIN_KIT }, base);
}

// A one-off build checks each module's own text when it ends, Rollup's too (in watch mode Rollup's code filter sees this
// suite's type-stripped code, which names neither wymcp nor defineTool, and the module exporting defineTool as "make" says
// so: `renamedExports`).
describe.each(bundlers)("%s: a module that imports only wymcp's types", (bundler) => {
  test("is checked once a module it calls into re-exports defineTool, though its own text never names it", async () => {
    const root = typesOnlyProject(`types-only-${bundler}`);
    const cache = join(root, "verdicts.json");
    expect((await build(bundler, root, { pluginOptions: { cache } })).ok).toBe(true);
    writeFileSync(join(root, "src/kit.ts"), DEFINE_TOOL_KIT);
    const result = await build(bundler, root, { pluginOptions: { cache } });
    if (result.ok) throw new Error("the build passed");
    expect(offenceLines(result.messages.join("\n"))).toEqual([
      expect.stringContaining(`test/.tmp/wymcp-free/types-only-${bundler}/src/tools.ts:${TYPES_ONLY_OFFENCE}`),
    ]);
  });
});

describe("esbuild: a wymcp-free module whose text never names defineTool", () => {
  test("is not parsed: its verdict is the graph's, kept while the graph says the same", async () => {
    const root = typesOnlyProject("types-only-unparsed");
    const cache = join(root, "verdicts.json");
    expect((await build("esbuild", root, { pluginOptions: { cache } })).ok).toBe(true);
    const tools = join(root, "src/tools.ts");
    // No check ran: a check's verdict records what it read (the module itself first) and each resolution it asked for.
    expect(JSON.parse(readFileSync(cache, "utf8")).entries[tools]).toMatchObject({ reads: [], resolutions: [], free: [tools], tools: 0 });
    expect((await build("esbuild", root, { pluginOptions: { cache } })).ok).toBe(true);
    expect(JSON.parse(readFileSync(cache, "utf8")).entries[tools].free).toEqual([tools]);
  });

  test("that imports a defineTool from outside the project is still said to be not checked", async () => {
    const root = typesOnlyProject("types-only-outside");
    const outside = join(tmpdir(), `wymcp-free-kit-${process.pid}.ts`);
    writeFileSync(outside, PLAIN_KIT.replace("make", "defineTool"));
    try {
      writeFileSync(
        join(root, "src/tools.ts"),
        TYPES_ONLY.replace(`import { make } from "./kit.js";`, `import { defineTool as make } from "corp-kit";`),
      );
      const outcome = await esbuildOutcome(root, { "corp-kit": outside });
      expect(outcome.errors).toEqual([]);
      expect(outcome.warnings.join("\n")).toMatch(
        /defineTool is imported from "corp-kit", a module outside the project, which the check does not read/,
      );
    } finally {
      rmSync(outside, { force: true });
    }
  });
});

describe("Rolldown's module list as an import graph", () => {
  /** A module list: each module's imports; Rolldown lists the importers of every module but an external. */
  const imports: Readonly<Record<string, readonly string[]>> = {
    "/p/src/tool.ts": ["wymcp", "/p/src/lib.ts"],
    "/p/src/lib.ts": [],
    "/p/src/barrel.ts": ["/p/src/tool.ts"],
    "/p/src/uses-installed.ts": ["/p/node_modules/wymcp/dist/index.js"],
    "/p/node_modules/wymcp/dist/index.js": [],
    "/p/src/uses-package.ts": ["/p/node_modules/kit/index.js"],
    "/p/node_modules/kit/index.js": ["/p/node_modules/wymcp/dist/index.js"],
    "/p/src/subpath.ts": ["wymcp/mcp"],
    "/p/src/subpath-import.ts": ["#w"],
    "/p/src/lazy.ts": [],
    "/p/src/loads-lazily.ts": [],
    "/p/src/cycle-1.ts": ["/p/src/cycle-2.ts"],
    "/p/src/cycle-2.ts": ["/p/src/cycle-1.ts", "/p/src/barrel.ts"],
    "/p/src/free-cycle-1.ts": ["/p/src/free-cycle-2.ts"],
    "/p/src/free-cycle-2.ts": ["/p/src/free-cycle-1.ts"],
    "\0virtual:config": ["wymcp"],
    "/p/src/uses-virtual.ts": ["\0virtual:config"],
    wymcp: [],
    "wymcp/mcp": [],
    "#w": [],
  };
  const dynamic: Readonly<Record<string, readonly string[]>> = { "/p/src/loads-lazily.ts": ["/p/src/uses-installed.ts"] };
  const importersOf = (id: string, list: Readonly<Record<string, readonly string[]>>) =>
    id.startsWith("/") ? Object.keys(list).filter((importer) => list[importer]!.includes(id)) : [];
  const context = {
    getModuleIds: () => Object.keys(imports),
    getModuleInfo: (id: string) =>
      Object.hasOwn(imports, id)
        ? {
            importedIds: imports[id]!,
            dynamicallyImportedIds: dynamic[id] ?? [],
            importers: importersOf(id, imports),
            dynamicImporters: importersOf(id, dynamic),
          }
        : null,
  };
  const free = graphWymcpFree(moduleListGraph(context));

  test.each([
    ["/p/src/lib.ts", true, "it imports nothing"],
    ["/p/src/uses-package.ts", true, "a package's module is never read, so what it imports reaches nothing"],
    ["/p/src/free-cycle-1.ts", true, "a cycle that never reaches wymcp"],
    ["/p/src/lazy.ts", true, "it imports nothing"],
    ["/p/src/uses-virtual.ts", true, "a virtual module is never read, so what it imports reaches nothing"],
    ["/p/src/tool.ts", false, "it imports wymcp, an external Rolldown lists no importers of"],
    ["/p/src/barrel.ts", false, "it imports a module that imports wymcp"],
    ["/p/src/uses-installed.ts", false, "it imports a file of an installed wymcp"],
    ["/p/src/subpath.ts", false, "it imports a subpath of wymcp"],
    ["/p/src/subpath-import.ts", false, "it imports a subpath import, which package.json may map to wymcp"],
    ["/p/src/loads-lazily.ts", false, "it imports a module that reaches wymcp, dynamically"],
    ["/p/src/cycle-1.ts", false, "its cycle leads to a module that reaches wymcp"],
    ["/p/node_modules/wymcp/dist/index.js", false, "a package's file is not a local module"],
    ["/p/src/not-listed.ts", false, "the graph does not know it"],
  ])("%s: %s (%s)", (file, expected) => {
    expect(free(file)).toBe(expected);
  });

  test("with wymcp external, only a module whose text may name wymcp is asked what it imports", () => {
    const asked: string[] = [];
    const graph = moduleListGraph(
      {
        getModuleIds: context.getModuleIds,
        getModuleInfo: (id: string) => (asked.push(id), context.getModuleInfo(id)),
      },
      (fileName) => fileName !== "/p/src/tool.ts",
    );
    expect(graph.reaching).not.toContain("/p/src/tool.ts");
    expect(asked).not.toContain("/p/src/tool.ts");
    expect(asked).toContain("/p/src/subpath.ts");
  });

  test("a module of wymcp's own package is wymcp (a local build, linked or aliased)", () => {
    const own = join(repo, "src/index.ts");
    const graph = moduleListGraph({
      getModuleIds: () => ["/p/src/tool.ts", own],
      getModuleInfo: (id) => ({
        importedIds: id === own ? [] : [own],
        dynamicallyImportedIds: [],
        importers: id === own ? ["/p/src/tool.ts"] : [],
        dynamicImporters: [],
      }),
    });
    expect(graph.reaching).toEqual(["/p/src/tool.ts", own]);
  });
});

describe("webpack's and Rspack's module graph", () => {
  /** Modules as the compilation holds them: a file (`resource`) or an external's request, and their importers. */
  const module = (userRequest: string, resource?: string) => ({ userRequest, resource });
  const wymcp = module("wymcp");
  const installed = module("/p/node_modules/wymcp/dist/index.js", "/p/node_modules/wymcp/dist/index.js");
  const subpathImport = module("#w");
  const kit = module("/p/node_modules/kit/index.js", "/p/node_modules/kit/index.js");
  const local = (name: string) => module(`/p/src/${name}.ts`, `/p/src/${name}.ts`);
  const tool = local("tool");
  const barrel = local("barrel");
  const lib = local("lib");
  const viaInstalled = local("via-installed");
  const viaKit = local("via-kit");
  const viaSubpath = local("via-subpath");
  const raw = local("raw");
  const importers = new Map<unknown, unknown[]>([
    [wymcp, [tool, kit, null]],
    [tool, [barrel]],
    [installed, [viaInstalled]],
    [kit, [viaKit]],
    [subpathImport, [viaSubpath]],
    [lib, [tool, raw]],
  ]);
  const modules = [wymcp, installed, subpathImport, kit, tool, barrel, lib, viaInstalled, viaKit, viaSubpath, raw];
  const moduleGraph = {
    getIncomingConnections: (of: never) => (importers.get(of) ?? []).map((originModule) => ({ originModule })),
  };
  const files = modules.flatMap(({ resource }) => (resource === undefined ? [] : [resource]));
  const free = graphWymcpFree(compilationGraph(moduleGraph, modules, files)!);

  test.each([
    ["/p/src/lib.ts", true, "nothing it imports reaches wymcp (its importers do not matter)"],
    ["/p/src/via-kit.ts", true, "a package's module is never read, so what it imports reaches nothing"],
    ["/p/src/raw.ts", true, "it imports a wymcp-free module"],
    ["/p/src/tool.ts", false, "it imports the external wymcp"],
    ["/p/src/barrel.ts", false, "it imports a module that imports wymcp"],
    ["/p/src/via-installed.ts", false, "it imports a file of an installed wymcp"],
    ["/p/src/via-subpath.ts", false, "it imports an external subpath import, which package.json may map to wymcp"],
    ["/p/node_modules/kit/index.js", false, "a package's file is not a local module"],
    ["/p/src/not-listed.ts", false, "the graph does not know it"],
  ])("%s: %s (%s)", (file, expected) => {
    expect(free(file)).toBe(expected);
  });

  test("a compiler without a module graph gives none", () => {
    expect(compilationGraph(undefined, modules, files)).toBeUndefined();
  });
});

describe.each(["vite", "rollup", "rolldown", "webpack", "rspack"] as const)("%s, a project outside wymcp's own package", (bundler) => {
  const base = join(tmpdir(), `wymcp-free-${bundler}-${process.pid}`);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  test("a chain its graph shows wymcp-free is not read; the verdict no longer holds once the chain reaches defineTool", async () => {
    const root = project("deep-edit", PLAIN_THIRD, base);
    const cache = join(root, "verdicts.json");
    expect((await build(bundler, root, { pluginOptions: { cache } })).ok).toBe(true);
    const entry = JSON.parse(readFileSync(cache, "utf8")).entries[join(root, "src/tools.ts")];
    expect(entry.free).toEqual([join(root, "src/lib/first.ts")]);
    expect(entry.reads.map(([file]: [string]) => file)).not.toContain(join(root, "src/lib/first.ts"));
    expect((await build(bundler, root, { pluginOptions: { cache } })).ok).toBe(true);
    writeFileSync(join(root, "src/lib/third.ts"), DEFINE_TOOL_THIRD);
    const result = await build(bundler, root, { pluginOptions: { cache } });
    if (result.ok) throw new Error("the build passed");
    expect(offenceLines(result.messages.join("\n"))).toEqual([expect.stringContaining(`deep-edit/src/tools.ts:${OFFENCE}`)]);
  });

  test("a kept verdict whose call named a wymcp-free module is checked again once the bundler's alias names one exporting defineTool", async () => {
    const root = writeProject(
      "alias-redirect",
      {
        // plain/run.ts stays in the build, wymcp-free, whatever `@kit` names.
        "src/index.ts": `export * from "./tools.js";\nexport { run as plainRun } from "./plain/run.js";\n`,
        "src/tools.ts": TOOL_FILE.replace(`"./lib/first.js"`, `"@kit/run"`),
        "src/plain/run.ts": PLAIN_THIRD,
        "src/kit/run.ts": DEFINE_TOOL_THIRD,
      },
      base,
    );
    const cache = join(root, "verdicts.json");
    const plain = { alias: { "@kit": join(root, "src/plain") }, pluginOptions: { cache } };
    expect((await build(bundler, root, plain)).ok).toBe(true);
    const entry = JSON.parse(readFileSync(cache, "utf8")).entries[join(root, "src/tools.ts")];
    expect(entry.free).toEqual([join(root, "src/plain/run.ts")]);
    expect((await build(bundler, root, plain)).ok).toBe(true);
    // The tool file is unchanged; the bundler now resolves its import to wymcp's defineTool.
    const result = await build(bundler, root, { alias: { "@kit": join(root, "src/kit") }, pluginOptions: { cache } });
    if (result.ok) throw new Error("the build passed");
    expect(offenceLines(result.messages.join("\n"))).toEqual([expect.stringContaining(`alias-redirect/src/tools.ts:${OFFENCE}`)]);
  });

  test("a module importing only wymcp's types is not parsed, and is checked once what it calls re-exports defineTool", async () => {
    const root = typesOnlyProject("types-only", base);
    const cache = join(root, "verdicts.json");
    expect((await build(bundler, root, { pluginOptions: { cache } })).ok).toBe(true);
    const tools = join(root, "src/tools.ts");
    expect(JSON.parse(readFileSync(cache, "utf8")).entries[tools]).toMatchObject({ reads: [], resolutions: [], free: [tools], tools: 0 });
    writeFileSync(join(root, "src/kit.ts"), DEFINE_TOOL_KIT);
    const result = await build(bundler, root, { pluginOptions: { cache } });
    if (result.ok) throw new Error("the build passed");
    expect(offenceLines(result.messages.join("\n"))).toEqual([expect.stringContaining(`types-only/src/tools.ts:${TYPES_ONLY_OFFENCE}`)]);
  });
});
