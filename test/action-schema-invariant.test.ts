import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { actionSchemaKeys, mandatoryActionSchemaKeys, type ActionSchema } from "../src/index.js";
import { offencesOfSchema, validSchema } from "./support/tools.js";

/**
 * The action-schema invariant: unknown ⇒ rejected, known ⇒ validated,
 * restated ⇒ pinned. Every cell is derived from actionSchemaKeys().
 */

const WRONG_TYPES: readonly [label: string, value: unknown][] = [
  ["a number", 42],
  ["a boolean", true],
  ["null", null],
  ["a Map", new Map([["a", 1]])],
  ["a function", () => "x"],
  ["a symbol", Symbol("s")],
  ["an instance of a class", new (class Task {})()],
];

describe("known ⇒ validated: every vocabulary key rejects a wrong-type value", () => {
  const cells = actionSchemaKeys().flatMap((key) => WRONG_TYPES.map(([label, value]) => [key, label, value] as const));
  test.each(cells)("%s rejects %s", (key, _label, value) => {
    const offences = offencesOfSchema(validSchema({ [key]: value }));
    expect(offences).toContainEqual(expect.objectContaining({ action: "a", path: [], key, code: "wrong_type" }));
  });

  test.each(actionSchemaKeys())("%s accepts a well-typed value", (key) => {
    const wellTyped: Record<string, unknown> = {
      description: "One line",
      properties: { name: { type: "string" } },
      required: ["name"],
      requiredOneOf: [["name"], ["opts"]],
      defaults: { opts: {} },
      notes: "Several\nlines",
      related: ["list"],
      examples: [{ name: "Buy milk" }],
    };
    expect(key in wellTyped).toBe(true);
    expect(offencesOfSchema(validSchema({ [key]: wellTyped[key] }))).toEqual([]);
  });
});

describe("unknown ⇒ rejected", () => {
  test.each([
    ["note", "notes"],
    ["require", "required"],
    ["required_one_of", "requiredOneOf"],
    ["Properties", "properties"],
    ["defualts", "defaults"],
    ["example", "examples"],
  ])("%s is rejected with did you mean %s", (key, guess) => {
    const offences = offencesOfSchema(validSchema({ [key]: 1 }));
    expect(offences).toEqual([expect.objectContaining({ key, code: "unknown_key", location: 'actions["a"]' })]);
    expect(offences[0]!.fix).toMatch(new RegExp(`^did you mean "${guess}"\\?`));
    expect(offences[0]!.fix).toContain(`Known keys: ${actionSchemaKeys().join(", ")}.`);
  });

  test("a key far from every known key gets no guess, only the known keys", () => {
    const [offence] = offencesOfSchema(validSchema({ handler: "x" }));
    expect(offence!.fix).not.toContain("did you mean");
    expect(offence!.fix).toContain("Known keys:");
  });

  test("a symbol key is rejected as a wrong-type key", () => {
    const offences = offencesOfSchema({ ...validSchema(), [Symbol("meta")]: 1 });
    expect(offences).toEqual([expect.objectContaining({ key: "Symbol(meta)", code: "symbol_key" })]);
  });
});

describe("restated ⇒ pinned", () => {
  // Excess or missing keys here fail to compile; a wrong split fails to compile too.
  type Split = { [K in keyof ActionSchema]-?: undefined extends ActionSchema[K] ? "optional" : "mandatory" };
  const split = {
    description: "mandatory",
    properties: "mandatory",
    required: "optional",
    requiredOneOf: "optional",
    defaults: "optional",
    notes: "optional",
    related: "optional",
    examples: "optional",
  } as const satisfies Split;

  test("the ActionSchema type has exactly the vocabulary's keys", () => {
    expect(Object.keys(split).sort()).toEqual(actionSchemaKeys().sort());
  });

  test("its mandatory/optional split is mandatoryActionSchemaKeys()", () => {
    const mandatory = Object.entries(split)
      .filter(([, kind]) => kind === "mandatory")
      .map(([key]) => key);
    expect(mandatory.sort()).toEqual(mandatoryActionSchemaKeys().sort());
    expect(mandatoryActionSchemaKeys()).toEqual(["description", "properties"]);
  });

  test.each(mandatoryActionSchemaKeys())("a schema without %s is an offence", (key) => {
    const schema = validSchema();
    delete schema[key];
    expect(offencesOfSchema(schema)).toEqual([expect.objectContaining({ key, code: "missing_key", location: 'actions["a"]' })]);
  });

  const catalogues: readonly [where: string, text: string][] = [
    ["src/tool.ts", readFileSync(new URL("../src/tool.ts", import.meta.url), "utf8")],
    ["README.md", readFileSync(new URL("../README.md", import.meta.url), "utf8")],
  ];
  test.each(catalogues)('the "Action schema format" catalogue in %s has a bullet for every key and no other', (_where, text) => {
    expect(catalogueKeys(text)).toEqual(actionSchemaKeys());
  });

  test("the accessors hand out copies, so no caller can change the vocabulary", () => {
    actionSchemaKeys().push("handler" as never);
    mandatoryActionSchemaKeys().pop();
    expect(actionSchemaKeys()).toHaveLength(8);
    expect(mandatoryActionSchemaKeys()).toHaveLength(2);
  });
});

/** The keys of the bullets under an "Action schema format" heading, in order. */
function catalogueKeys(text: string): string[] {
  const lines = text.split("\n").map((line) => line.replace(/^\s*\*\s?/, ""));
  const start = lines.findIndex((line) => /^#+ Action schema format\s*$/.test(line));
  expect(start, "an 'Action schema format' heading").toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line));
  return lines
    .slice(start + 1, end === -1 ? undefined : end)
    .map((line) => /^- `([^`]+)`/.exec(line)?.[1])
    .filter((key): key is string => key !== undefined);
}
