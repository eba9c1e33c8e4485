/**
 * The layer rules of CONTRIBUTING's map, as code: every import of `src/` and
 * `plugin/` points down the floors (util → contract → validation → serving →
 * mcp, and testing beside mcp), `plugin/` enters the runtime through `src/index.ts` and
 * `src/internal.ts` alone, and the runtime names no build-time package.
 */
import { describe, expect, test } from "vitest";
import { importsOf, packagesOf, sourceFiles } from "./support/import-graph.js";

type Room = "util" | "contract" | "validation" | "serving" | "mcp" | "testing" | "entry" | "plugin";

function roomOf(file: string): Room {
  if (file.startsWith("plugin/")) return "plugin";
  if (file === "src/index.ts" || file === "src/internal.ts") return "entry";
  // tool.ts holds the vocabulary (SPEC §2): it sits on the contract's floor.
  if (file === "src/tool.ts") return "contract";
  const room = /^src\/(util|contract|validation|serving|mcp|testing)\//.exec(file)?.[1];
  if (room === undefined) throw new Error(`${file} sits in no room of the map: place it in a folder or add it to roomOf`);
  return room as Room;
}

/** What each room may import, itself included. */
const MAY_IMPORT: Record<Room, readonly Room[]> = {
  util: ["util"],
  contract: ["util", "contract"],
  validation: ["util", "contract", "validation"],
  serving: ["util", "contract", "validation", "serving"],
  mcp: ["util", "contract", "validation", "serving", "mcp"],
  // wymcp/testing drives a router as a client would, with no SDK: beside mcp, not above it.
  testing: ["util", "contract", "validation", "serving", "testing"],
  entry: ["util", "contract", "validation", "serving"],
  plugin: ["plugin"],
};

/** The runtime modules plugin/ may import: the public entry and the door. */
const DOORS = ["src/index.ts", "src/internal.ts"];

/** The packages each runtime room may import; the SDK only where it is bound. */
function packageAllowed(room: Room, name: string): boolean {
  if (name === "@cfworker/json-schema") return true;
  return room === "mcp" && name.startsWith("@modelcontextprotocol/");
}

/** Every import that breaks a rule, as "from → to: why". */
function violations(imports: ReadonlyMap<string, readonly string[]>, packages: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [from, targets] of imports) {
    const room = roomOf(from);
    for (const to of targets) {
      if (room === "plugin") {
        if (to.startsWith("src/") && !DOORS.includes(to))
          found.push(`${from} → ${to}: plugin/ enters the runtime through ${DOORS.join(" or ")}`);
        continue;
      }
      if (to.startsWith("plugin/")) {
        found.push(`${from} → ${to}: the runtime never imports the build side`);
        continue;
      }
      const target = roomOf(to);
      if (!MAY_IMPORT[room].includes(target)) found.push(`${from} → ${to}: ${room}/ may import only ${MAY_IMPORT[room].join(", ")}`);
    }
  }
  for (const [from, names] of packages) {
    const room = roomOf(from);
    if (room === "plugin") continue;
    for (const name of names)
      if (!packageAllowed(room, name))
        found.push(`${from} → ${name}: the runtime imports no build-time package, and the SDK only in src/mcp/`);
  }
  return found;
}

describe("the layer rules", () => {
  test("hold over every module of src/ and plugin/", () => {
    const files = [...sourceFiles("src"), ...sourceFiles("plugin")];
    const imports = new Map(files.map((file) => [file, importsOf(file)]));
    const packages = new Map(files.map((file) => [file, packagesOf(file)]));
    expect([...imports.values()].flat().length).toBeGreaterThan(100);
    expect(violations(imports, packages)).toEqual([]);
  });

  test.each([
    ["src/util/a.ts", "src/validation/b.ts", "util/ may import only util"],
    ["src/contract/a.ts", "src/serving/b.ts", "contract/ may import only util, contract"],
    ["src/validation/a.ts", "src/serving/b.ts", "validation/ may import only"],
    ["src/validation/a.ts", "src/mcp/b.ts", "validation/ may import only"],
    ["src/serving/a.ts", "src/mcp/b.ts", "serving/ may import only"],
    ["src/testing/a.ts", "src/mcp/b.ts", "testing/ may import only"],
    ["src/mcp/a.ts", "src/testing/b.ts", "mcp/ may import only"],
    ["src/serving/a.ts", "plugin/check/b.ts", "the runtime never imports the build side"],
    ["plugin/check/a.ts", "src/validation/format.ts", "plugin/ enters the runtime through"],
  ])("refuse %s importing %s", (from, to, why) => {
    expect(violations(new Map([[from, [to]]]), new Map())).toEqual([expect.stringContaining(why)]);
  });

  test.each([
    ["src/validation/a.ts", "typescript"],
    ["src/serving/a.ts", "unplugin"],
    ["src/serving/a.ts", "@modelcontextprotocol/server"],
    ["src/testing/a.ts", "@modelcontextprotocol/client"],
    ["src/index.ts", "oxc-parser"],
  ])("refuse %s importing the package %s", (from, name) => {
    expect(violations(new Map(), new Map([[from, [name]]]))).toEqual([expect.stringContaining("imports no build-time package")]);
  });

  test("admit the imports the map allows", () => {
    const allowed = new Map([
      ["src/mcp/a.ts", ["src/serving/b.ts", "src/validation/c.ts"]],
      ["src/serving/a.ts", ["src/validation/json-schema/b.ts", "src/tool.ts"]],
      ["plugin/check/a.ts", ["src/internal.ts", "src/index.ts", "plugin/evaluator/b.ts"]],
    ]);
    expect(violations(allowed, new Map([["src/mcp/a.ts", ["@modelcontextprotocol/server"]]]))).toEqual([]);
  });
});
