/**
 * An author's pattern that can take exponential time — a repeated group
 * holding a repetition no delimiter splits, such as ^(a+)+$, which takes
 * seconds on 30 characters a caller sends — is refused at registration and
 * at build, at its place; the common delimited shapes (slugs, dotted names)
 * pass.
 */
import { describe, expect, test } from "vitest";
import { actionSchemaOffences, defineTool } from "../src/index.js";
import { nestedRepetition } from "../src/validation/json-schema/regex-cost.js";
import { offencesOf } from "../plugin/check/file-check.js";
import { checkProject } from "./plugin-support.js";

describe("nestedRepetition", () => {
  test.each([
    "^(a+)+$",
    "(\\w*x?)*",
    "^(\\w+\\s?)+$",
    "((a)*)*",
    "^(a{1,200})+$",
    "^(?<word>\\w+\\s?)+$",
    "^(x+x+)+y$",
    "^[^@]+@[^@]+(\\.[^@]+)+$",
  ])("%s can take exponential time", (pattern) => expect(nestedRepetition(pattern)).toBe(true));

  test.each([
    "^[a-z]+(-[a-z]+)*$",
    "^[a-z0-9]+(?:-[a-z0-9]+)*$",
    "^([a-z]+\\.)*[a-z]+$",
    "^([\\w.-]+)@([\\w-]+\\.)+[a-z]{2,}$",
    "^\\d{4}-\\d{2}-\\d{2}$",
    "^(a|b)*c$",
    "^(ab)+$",
    "^[(a+)+]$",
    "^\\(a+\\)+$",
    "^(a{2,3})+$",
  ])("%s does not", (pattern) => expect(nestedRepetition(pattern)).toBe(false));
});

const tool = (property: Record<string, unknown>) =>
  defineTool({
    name: "t",
    description: "T",
    actions: { a: { description: "A", properties: { p: property } } } as never,
    handlers: { a: () => 1 } as never,
  });

describe("refused where schemas are checked", () => {
  test.each([
    ["pattern", { type: "string", pattern: "^(a+)+$" }, 'actions["a"].properties["p"]', "pattern"],
    [
      "a nested pattern",
      { type: "array", items: { type: "string", pattern: "^(\\w+\\s?)+$" } },
      'actions["a"].properties["p"]["items"]',
      "pattern",
    ],
    [
      "a patternProperties name",
      { type: "object", patternProperties: { "^(a+)+$": { type: "string" } } },
      'actions["a"].properties["p"]["patternProperties"]',
      "^(a+)+$",
    ],
  ])("%s, at registration", (_, property, location, key) => {
    const offences = actionSchemaOffences(tool(property));
    expect(offences).toEqual([
      expect.objectContaining({
        code: "invalid_schema",
        location,
        key,
        problem: expect.stringContaining("can take exponential time on a short string"),
      }),
    ]);
    expect(offences[0]!.fix).toContain("^[a-z]+(-[a-z]+)*$");
  });

  test("a delimited repetition is served", () => {
    expect(actionSchemaOffences(tool({ type: "string", pattern: "^[a-z]+(-[a-z]+)*$" }))).toEqual([]);
  });

  test("and at build, at the pattern's line", () => {
    const check = checkProject(
      `import { defineTool } from "wymcp";\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 },\n  actions: { a: { description: "A", properties: {\n    slug: { type: "string", pattern: "^(a+)+$" } } } } });\n`,
    );
    expect(offencesOf(check).map((found) => [found.offence.key, found.line])).toEqual([["pattern", 4]]);
  });
});
