/**
 * `x-mcp-header` (2026-07-28, SEP-2243) is checked where schemas are
 * checked: a declaration the SDK v2 client would refuse — under `items`,
 * `anyOf` or `$defs`, not a header name, on a `number` or an object, or a
 * name repeated without regard to case — is an offence at registration,
 * so no tool is listed that a 2026-07-28 client silently drops; the sound
 * ones are listed as declared.
 */
import { describe, expect, test } from "vitest";
import { actionSchemaOffences, createRouter, defineTool } from "../src/index.js";
import { paramHeaderDeclarations } from "../src/validation/json-schema/param-header.js";

const tool = (properties: Record<string, unknown>) =>
  defineTool({
    name: "deploy",
    description: "Deploys",
    actions: { run: { description: "Runs", properties } } as never,
    handlers: { run: () => "ok" } as never,
  });

const offences = (properties: Record<string, unknown>) =>
  actionSchemaOffences(tool(properties)).map(({ location, key, problem, fix }) => ({ location, key, problem, fix }));

describe("refused at registration, at its place", () => {
  test.each([
    [
      "under items",
      { tags: { type: "array", items: { type: "string", "x-mcp-header": "Tag" } } },
      '["tags"]["items"]',
      "only a property reached",
    ],
    ["in an anyOf branch", { p: { anyOf: [{ type: "string", "x-mcp-header": "P" }] } }, '["p"]["anyOf"][0]', "only a property reached"],
    [
      "in $defs",
      { p: { $defs: { d: { type: "string", "x-mcp-header": "P" } }, $ref: "#/$defs/d" } },
      '["p"]["$defs"]["d"]',
      "only a property",
    ],
    ["not a header name", { p: { type: "string", "x-mcp-header": "Two words" } }, '["p"]', "not a header name"],
    ["empty", { p: { type: "string", "x-mcp-header": "" } }, '["p"]', "not a header name"],
    ["not a string", { p: { type: "string", "x-mcp-header": 7 } }, '["p"]', "not a header name"],
    ["on a number", { p: { type: "number", "x-mcp-header": "P" } }, '["p"]', 'whose "type" is "number"'],
    ["on an object", { p: { type: "object", "x-mcp-header": "P" } }, '["p"]', 'whose "type" is "object"'],
    ["with no type", { p: { "x-mcp-header": "P" } }, '["p"]', 'whose "type" is missing'],
    ["on a type list", { p: { type: ["string", "null"], "x-mcp-header": "P" } }, '["p"]', 'whose "type" is ["string","null"]'],
    [
      "repeated without case",
      { a: { type: "string", "x-mcp-header": "Region" }, b: { type: "string", "x-mcp-header": "REGION" } },
      '["b"]',
      'repeats "Region"',
    ],
    [
      "repeated in a nested property",
      {
        a: { type: "string", "x-mcp-header": "Zone" },
        o: { type: "object", properties: { z: { type: "string", "x-mcp-header": "zone" } } },
      },
      '["o"]["properties"]["z"]',
      'repeats "Zone"',
    ],
  ])("%s", (_, properties, place, problem) => {
    const found = offences(properties);
    expect(found).toHaveLength(1);
    expect(found[0]!.location).toBe(`actions["run"].properties${place}`);
    expect(found[0]!.key).toBe("x-mcp-header");
    expect(found[0]!.problem).toContain(problem);
    expect(() => createRouter({ tools: [tool(properties)] })).toThrow(/x-mcp-header/);
  });
});

describe("accepted", () => {
  test.each([
    ["a string", { p: { type: "string", "x-mcp-header": "Region" } }],
    ["an integer and a boolean", { n: { type: "integer", "x-mcp-header": "Replicas" }, b: { type: "boolean", "x-mcp-header": "Dry-Run" } }],
    ["a nested property", { o: { type: "object", properties: { z: { type: "string", "x-mcp-header": "Zone" } } } }],
    ["token punctuation", { p: { type: "string", "x-mcp-header": "a.b_c~d" } }],
  ])("%s", (_, properties) => expect(offences(properties)).toEqual([]));

  test("declarations are found through properties chains, in order", () => {
    expect(
      paramHeaderDeclarations({
        type: "object",
        "x-mcp-header": "Top",
        properties: {
          a: { type: "string", "x-mcp-header": "A" },
          b: { type: "object", properties: { c: { type: "integer", "x-mcp-header": "C" } } },
        },
      }),
    ).toEqual([
      { at: [], name: "Top" },
      { at: ["properties", "a"], name: "A" },
      { at: ["properties", "b", "properties", "c"], name: "C" },
    ]);
  });

  test("a sound declaration is listed as declared in the complete listing (test/http-param-headers.test.ts: the real client mirrors it)", () => {
    const properties = { region: { type: "string", "x-mcp-header": "Region" } };
    const listed = createRouter({ tools: [tool(properties)], listing: "complete" })
      .listTools()
      .find((listing) => listing.name === "deploy_run");
    expect(listed?.inputSchema).toMatchObject({ properties });
  });
});
