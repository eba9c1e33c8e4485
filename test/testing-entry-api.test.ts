/**
 * `wymcp/testing` exports exactly these names, each with its TSDoc and an
 * example; package.json maps the entry to its built module and types; and
 * it loads with nothing but the runtime: no MCP SDK, no build-time package
 * (the layer rules hold the static imports, this the loaded modules).
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import * as testingEntry from "../src/testing/index.js";
import { exportsOf } from "./support/entry-exports.js";
import { importsOf, packagesOf } from "./support/import-graph.js";

const VALUES = ["readAnswer", "testTool"];
const TYPES = ["Answered", "CallData", "CallResult", "LogReport", "Refused", "ThrownError", "ToolTester"];

describe("src/testing/index.ts", () => {
  const exported = exportsOf("src/testing/index.ts");

  test("its runtime values", () => {
    expect(Object.keys(testingEntry).sort()).toEqual(VALUES);
  });

  test("every name it exports, types included", () => {
    expect(exported.map((symbol) => symbol.name).sort()).toEqual([...VALUES, ...TYPES].sort());
  });

  test("every export has its TSDoc with an example", () => {
    expect(exported.filter((symbol) => symbol.doc.trim() === "").map((symbol) => symbol.name)).toEqual([]);
    expect(exported.filter((symbol) => !symbol.example).map((symbol) => symbol.name)).toEqual([]);
  });

  test("package.json maps wymcp/testing to the built entry", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { exports: Record<string, unknown> };
    expect(manifest.exports["./testing"]).toEqual({ types: "./dist/src/testing/index.d.ts", default: "./dist/src/testing/index.js" });
  });

  test("its modules import only the runtime's validator, whatever they reach", () => {
    const seen = new Set<string>();
    const queue = ["src/testing/index.ts"];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...importsOf(file));
    }
    expect([...seen].filter((file) => file.startsWith("src/mcp/") || file.startsWith("plugin/"))).toEqual([]);
    expect(new Set([...seen].flatMap((file) => packagesOf(file)))).toEqual(new Set(["@cfworker/json-schema"]));
  });
});
