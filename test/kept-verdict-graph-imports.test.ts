/**
 * The imports of a kept verdict that a build's import graph confirms in
 * place of the bundler's resolver (`graph-imports.ts`): which resolutions
 * the graph may confirm, and what it must show for them.
 */
import { describe, expect, test } from "vitest";
import { moduleListGraph } from "../plugin/bundler/resolution/module-list-graph.js";
import { graphConfirms, importsGraph, splitResolutions, type GraphImports } from "../plugin/bundler/verdicts/graph-imports.js";
import type { Entry } from "../plugin/bundler/verdicts/verdict-store.js";

const seen = [1, 2, 3, "h"] as const;

describe("splitResolutions", () => {
  const entry: Entry = {
    seen,
    reads: [
      ["/p/src/tools.ts", seen],
      ["/p/src/schemas.ts", seen],
      ["/p/src/lib/read-too.ts", seen],
    ],
    resolutions: [
      ["./schemas.js", "", "/p/src/schemas.ts"],
      ["./lib/run.js", "", "/p/src/lib/run.ts"],
      ["./lib/read-too.js", "", "/p/src/lib/read-too.ts"],
      ["zod", "", null],
      ["./helper.js", "/p/src/schemas.ts", "/p/src/helper.ts"],
    ],
    free: ["/p/src/lib/run.ts", "/p/src/lib/read-too.ts", "/p/src/helper.ts"],
    tools: 1,
  };
  const { asked, imports } = splitResolutions("/p/src/tools.ts", entry);

  test("a resolution answered by a module taken as wymcp-free and never read is the graph's to confirm, by importer", () => {
    expect(imports).toEqual([
      { importer: "/p/src/tools.ts", free: ["/p/src/lib/run.ts"], named: ["/p/src/schemas.ts", "/p/src/lib/read-too.ts"] },
      { importer: "/p/src/schemas.ts", free: ["/p/src/helper.ts"], named: [] },
    ]);
  });

  test("a resolution whose module was read, or that named no local module, is still asked of the bundler", () => {
    expect(asked).toEqual([
      ["./schemas.js", "/p/src/tools.ts", "/p/src/schemas.ts"],
      ["./lib/read-too.js", "/p/src/tools.ts", "/p/src/lib/read-too.ts"],
      ["zod", "/p/src/tools.ts", null],
    ]);
  });

  test("a verdict that took no module as wymcp-free leaves every resolution to the bundler", () => {
    const plain: Entry = { seen, reads: [], resolutions: [["./a.js", "", "/p/a.ts"]], tools: 1 };
    expect(splitResolutions("/p/t.ts", plain)).toEqual({ asked: [["./a.js", "/p/t.ts", "/p/a.ts"]], imports: [] });
  });
});

describe("graphConfirms", () => {
  const graph = {
    importsOf: (file: string) =>
      ({
        "/p/src/tools.ts": ["wymcp", "/p/src/lib/run.ts", "/p/src/schemas.ts", "/p/node_modules/zod/index.js"],
        "/p/src/moved.ts": ["wymcp", "/p/src/lib/other.ts"],
        "/p/src/kit-user.ts": ["/p/src/lib/run.ts", "/p/src/kit.ts"],
      })[file],
    reaches: (id: string) => id === "/p/src/kit.ts" || id === "/p/src/schemas.ts",
  };
  const imports = (importer: string, named: string[] = []): GraphImports[] => [{ importer, free: ["/p/src/lib/run.ts"], named }];

  test.each([
    [
      "the importer still imports its wymcp-free module, and what it imports reaching wymcp its asked resolutions name",
      imports("/p/src/tools.ts", ["/p/src/schemas.ts"]),
      true,
    ],
    ["an import now names another module (the wymcp-free one is not imported)", imports("/p/src/moved.ts"), false],
    ["the importer imports a module reaching wymcp no asked resolution names", imports("/p/src/kit-user.ts"), false],
    ["the importer is not in the graph", imports("/p/src/gone.ts"), false],
    ["nothing to confirm", [], true],
  ])("%s", (_, cases, expected) => {
    expect(graphConfirms(cases, graph)).toBe(expected);
  });
});

describe("importsGraph of Rolldown's module list", () => {
  const modules: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
    "/p/src/tools.ts": { importedIds: ["wymcp", "/p/src/lib/run.ts"], dynamicallyImportedIds: ["/p/src/lazy.ts"] },
    "/p/src/lib/run.ts": { importedIds: [], dynamicallyImportedIds: [] },
    "/p/src/lazy.ts": { importedIds: [], dynamicallyImportedIds: [] },
    wymcp: { importedIds: [], dynamicallyImportedIds: [] },
  };
  const importers = (id: string) => Object.keys(modules).filter((file) => modules[file]!.importedIds.includes(id));
  const context = {
    getModuleIds: () => Object.keys(modules),
    getModuleInfo: (id: string) =>
      modules[id] === undefined ? null : { ...modules[id], importers: importers(id), dynamicImporters: [] as string[] },
  };
  const graph = importsGraph(moduleListGraph(context))!;

  test("lists a module's static and dynamic imports; a module outside the graph has none", () => {
    expect(graph.importsOf("/p/src/tools.ts")).toEqual(["wymcp", "/p/src/lib/run.ts", "/p/src/lazy.ts"]);
    expect(graph.importsOf("/p/src/elsewhere.ts")).toBeUndefined();
  });

  test("a module reaches wymcp as the graph's walk found", () => {
    expect(graph.reaches("/p/src/tools.ts")).toBe(true);
    expect(graph.reaches("/p/src/lib/run.ts")).toBe(false);
  });

  test("a graph that lists no imports confirms nothing by itself", () => {
    expect(importsGraph({ modules: [], reaching: [] })).toBeUndefined();
  });
});
