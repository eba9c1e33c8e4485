/**
 * The build-time entries export exactly these names, each with its TSDoc: the
 * six bundler entries their plugin and its options type, `wymcp/unplugin` the
 * unplugin instance, `wymcp/eslint` its plugin with the rule and the parser.
 * A new export, or a lost one, fails here until the list (and docs/api.md)
 * say so. `wymcp/transformer` is one CommonJS function (`export =`), pinned
 * by the tsc tests.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { exportsOf } from "./support/entry-exports.js";

const BUNDLER = ["WymcpPluginOptions", "default"];
const { exports: packageExports } = JSON.parse(readFileSync("package.json", "utf8")) as {
  exports: Record<string, { default: string }>;
};

/** The source of the module package.json exports as `wymcp/<bundler>`. */
function bundlerEntry(bundler: string): string {
  return packageExports[`./${bundler}`]!.default.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts");
}

describe.each([
  { entry: "plugin/bundler/unplugin.ts", names: ["FilterPattern", "WymcpPluginOptions", "default", "wymcp"] },
  ...["vite", "rollup", "rolldown", "esbuild", "webpack", "rspack"].map((bundler) => ({ entry: bundlerEntry(bundler), names: BUNDLER })),
  { entry: "plugin/eslint/index.ts", names: ["actionSchemaRule", "default", "textParser"] },
])("$entry", ({ entry, names }) => {
  const exported = exportsOf(entry);

  test("every name it exports, types included", () => {
    expect(exported.map((symbol) => symbol.name).sort()).toEqual([...names].sort());
  });

  test("every export has its TSDoc, every function an example", () => {
    expect(exported.filter((symbol) => symbol.doc.trim() === "").map((symbol) => symbol.name)).toEqual([]);
    expect(exported.filter((symbol) => symbol.function && !symbol.example).map((symbol) => symbol.name)).toEqual([]);
  });
});
