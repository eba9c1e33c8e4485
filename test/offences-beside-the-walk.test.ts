/**
 * One error names every offence of a property: a malformed nested schema the
 * key-set walk finds does not hide a meta-schema fault elsewhere in the same
 * property (a misspelt type beside it), and nothing is named twice — a fault
 * at, within or above a place the walk named is the walk's alone.
 */
import { expect, test } from "vitest";
import { actionSchemaOffences, defineTool } from "../src/index.js";

function offencesOf(properties: Record<string, unknown>): [string, string, string | undefined][] {
  const tool = defineTool({
    name: "t",
    description: "T",
    actions: { a: { description: "A", properties } } as never,
    handlers: { a: () => 1 } as never,
  });
  return actionSchemaOffences(tool).map((found) => [found.code, found.location, found.key]);
}

const AT = 'actions["a"].properties["o"]';

test.each([
  [
    "a misspelt type beside a nested schema that is a number",
    { o: { type: "strng", items: { properties: { k: 1 } } } },
    [
      ["invalid_schema", AT, "type"],
      ["wrong_type", `${AT}["items"]["properties"]`, "k"],
    ],
  ],
  [
    "a wrong minItems beside it",
    { o: { type: "array", minItems: "x", items: { properties: { k: 1 } } } },
    [
      ["invalid_schema", AT, "minItems"],
      ["wrong_type", `${AT}["items"]["properties"]`, "k"],
    ],
  ],
  [
    "a sibling property's misspelt type",
    { o: { type: "object", properties: { k: 1, j: { type: "nmber" } } } },
    [
      ["wrong_type", `${AT}["properties"]`, "k"],
      ["invalid_schema", `${AT}["properties"]["j"]`, "type"],
    ],
  ],
  [
    "only the walk's offence when nothing else is wrong",
    { o: { type: "object", properties: { k: 1 } } },
    [["wrong_type", `${AT}["properties"]`, "k"]],
  ],
  [
    "a top-level property that is not a schema beside one with a misspelt type",
    { m: 5, o: { type: "strng" } },
    [
      ["wrong_type", 'actions["a"].properties', "m"],
      ["invalid_schema", AT, "type"],
    ],
  ],
  ["properties that is an array: named once, by the walk", { o: { type: "object", properties: [] } }, [["wrong_type", AT, "properties"]]],
])("%s", (_, properties, expected) => {
  expect(offencesOf(properties)).toEqual(expected);
});
