/**
 * Offences at their source, and no false positives: each case marks the
 * node every offence must point at with a `/*@code*\/` comment right before
 * it; the build must report exactly the marked offences.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { offencesOf } from "../plugin/check/file-check.js";
import { checkProject } from "./plugin-support.js";

const HEAD = `import { defineTool } from "wymcp";\n`;

/** `file:line:column code` of every `/*@code*\/` marker (the node starts right after it). */
function markers(root: string, files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    return lines.flatMap((line, index) =>
      [...line.matchAll(/\/\*@(\w+)\*\//g)].map((match) => `${file}:${index + 1}:${match.index + match[0].length + 1} ${match[1]}`),
    );
  });
}

function expectMarked(body: string, files: Record<string, string> = {}): void {
  const check = checkProject(HEAD + body, files);
  const actual = offencesOf(check).map(
    (located) => `${located.fileName.slice(check.root.length + 1)}:${located.line}:${located.column} ${located.offence.code}`,
  );
  expect(actual.sort()).toEqual(markers(check.root, ["index.ts", ...Object.keys(files)]).sort());
}

// The handlers are not what these tests are about: a call the evaluator cannot see, so they are left to registration.
const tool = (actions: string) => `defineTool({ name: "t", description: "T", handlers: handlers(), actions: ${actions} });`;

describe("offences at their source", () => {
  test.each([
    ["an unknown key: the key", tool(`{ a: { description: "A", properties: {}, /*@unknown_key*/note: "x" } }`)],
    ["a wrong type: the value", tool(`{ a: { description: /*@wrong_type*/42, properties: {} } }`)],
    ["a missing mandatory key: the action's literal", tool(`{ a: /*@missing_key*/{ properties: {} } }`)],
    ["a line break: the value", tool("{ a: { description: /*@line_break*/`two\nlines`, properties: {} } }")],
    [
      "an undeclared required name: the entry",
      tool(`{ a: { description: "A", properties: { x: {} }, required: ["x", /*@undeclared_name*/"y"] } }`),
    ],
    [
      "a duplicate entry: the second entry",
      tool(`{ a: { description: "A", properties: { x: {} }, required: ["x", /*@duplicate_entry*/"x"] } }`),
    ],
    ["a wrong-typed entry: the entry", tool(`{ a: { description: "A", properties: {}, related: ["x", /*@wrong_type*/3] } }`)],
    [
      "an example that is not an object: the entry",
      tool(`{ a: { description: "A", properties: {}, examples: [{}, /*@wrong_type*/"x"] } }`),
    ],
    ["an empty group: the group", tool(`{ a: { description: "A", properties: { x: {} }, requiredOneOf: [["x"], /*@empty_group*/[]] } }`)],
    [
      "a superset group: the superset",
      tool(`{ a: { description: "A", properties: { x: {}, y: {} }, requiredOneOf: [["x"], /*@superset_group*/["x", "y"]] } }`),
    ],
    [
      "a duplicate group: the repeat",
      tool(`{ a: { description: "A", properties: { x: {} }, requiredOneOf: [["x"], /*@duplicate_group*/["x"]] } }`),
    ],
    [
      "items as a string: the value",
      tool(`{ a: { description: "A", properties: { tags: { type: "array", items: /*@wrong_type*/"string" } } } }`),
    ],
    ["a property schema that is not an object: the value", tool(`{ a: { description: "A", properties: { x: /*@wrong_type*/"string" } } }`)],
    ["properties that is not an object: the value", tool(`{ a: { description: "A", properties: /*@wrong_type*/[] } }`)],
    [
      "additionalProperties of a wrong type: the value",
      tool(`{ a: { description: "A", properties: { o: { additionalProperties: /*@wrong_type*/"no" } } } }`),
    ],
    [
      "an undeclared default: the key",
      tool(`{ a: { description: "A", properties: { x: {} }, defaults: { x: 1, /*@undeclared_default*/y: 2 } } }`),
    ],
    [
      "an undeclared key inside a default: the key",
      tool(
        `{ a: { description: "A", properties: { o: { type: "object", properties: { due: {} } } }, defaults: { o: { /*@undeclared_default*/colour: "red" } } } }`,
      ),
    ],
    ["an action schema that is not an object: the value", tool(`{ a: /*@schema_not_object*/"Create" }`)],
    ["an empty action name: the key", tool(`{ /*@invalid_action_name*/"": { description: "A", properties: {} } }`)],
    ["actions that are not an object: the value", tool(`/*@actions_not_object*/["a"]`)],
    ["a definition without actions: the definition", `defineTool(/*@actions_not_function*/{ name: "t", description: "T", handlers: {} });`],
    ["a shorthand property: the name", `const description = 7;\n` + tool(`{ a: { /*@wrong_type*/description, properties: {} } }`)],
    ["a computed action name", `const NAME = "a";\n` + tool(`{ [NAME]: { description: "A", properties: {}, /*@unknown_key*/extra: 1 } }`)],
    [
      "every offence of every declaration in the file",
      tool(`{ a: { description: /*@wrong_type*/1, properties: {} } }`) + "\n" + tool(`{ b: /*@missing_key*/{ description: "B" } }`),
    ],
  ])("%s", (_name, body) => expectMarked(body));

  test("a schema from a const in the same module: the const's literal", () => {
    expectMarked(`const schema = /*@missing_key*/{ properties: {} };\n` + tool(`{ a: schema }`));
  });

  test("a schema imported from a relative module: the position in that module", () => {
    expectMarked(`import { schema } from "./schemas/create.js";\n` + tool(`{ a: schema }`), {
      "schemas/create.ts": `export const schema = {\n  description: "A",\n  properties: { tags: { items: /*@wrong_type*/"string" } },\n};\n`,
    });
  });

  test("a spread copy keeps the nodes of the literal it came from", () => {
    expectMarked(
      `const base = { description: "A", properties: {}, /*@unknown_key*/note: "n" };\n` +
        tool(`{ a: { ...base, required: [/*@undeclared_name*/"x"] } }`),
    );
  });

  test("the position is that of the original TypeScript, types and all", () => {
    expectMarked(
      `type Props = Record<string, { type: string }>;\nconst props: Props = {};\n` +
        tool(`{ a: { description: "A", properties: props satisfies Props, required: [/*@undeclared_name*/"x" as const] } as const }`),
    );
  });
});

describe("no false positives: offences that depend on an unknown value are not reported", () => {
  test.each([
    ["an unknown description", tool(`{ a: { description: summary(), properties: {} } }`)],
    ["an unknown property schema", tool(`{ a: { description: "A", properties: { x: makeSchema() } } }`)],
    ["an unknown required list", tool(`{ a: { description: "A", properties: {}, required: names() } }`)],
    ["a required list spreading an unknown array", tool(`{ a: { description: "A", properties: {}, required: [...names(), "x"] } }`)],
    [
      "a required name when properties is partly known",
      tool(`{ a: { description: "A", properties: { ...common(), x: {} }, required: ["x", "y"] } }`),
    ],
    ["a mandatory key an unknown spread may carry", tool(`{ a: { ...base(), properties: {} } }`)],
    ["a wrong value an unknown spread may replace", tool(`{ a: { description: 1, properties: {}, ...fix() } }`)],
    [
      "a group with an unknown name",
      tool(`{ a: { description: "A", properties: { x: {}, y: {} }, requiredOneOf: [["x", other()], ["x"], ["x", y()]] } }`),
    ],
    [
      "a default when properties is partly known",
      tool(`{ a: { description: "A", properties: { ...common(), x: {} }, defaults: { y: 1 } } }`),
    ],
    [
      "a nested default when a nested schema is partly known",
      tool(
        `{ a: { description: "A", properties: { o: { type: "object", ...extra(), properties: { due: {} } } }, defaults: { o: { colour: "red" } } } }`,
      ),
    ],
    [
      "a default under an unknown nested property map",
      tool(`{ a: { description: "A", properties: { o: { type: "object", properties: props() } }, defaults: { o: { colour: "red" } } } }`),
    ],
    ["an unevaluable computed key in properties", tool(`{ a: { description: "A", properties: { [key()]: {} }, required: ["k"] } }`)],
    ["an unknown action schema", tool(`{ a: makeAction() }`)],
    ["an unknown action record", tool(`makeActions()`)],
    ["an action record with an unknown spread", tool(`{ ...more(), a: { description: "A", properties: {} } }`)],
    ["an unknown definition", `defineTool(makeTool());`],
    ["an unknown items schema", tool(`{ a: { description: "A", properties: { tags: { type: "array", items: itemSchema } } } }`)],
    ["an imported let", `import { mutable } from "./lib";\n` + tool(`{ a: { description: mutable, properties: {} } }`)],
    ["a package constant", `import { shared } from "some-package";\n` + tool(`{ a: shared }`)],
  ])("%s", (_name, body) => expectMarked(body, { "lib.ts": `export let mutable = 1;` }));

  test("an unknown key stays reported in a partly known schema: no unknown part can remove a key", () => {
    expectMarked(tool(`{ a: { ...base(), /*@unknown_key*/descripton: "A", properties: {} } }`));
  });

  test("known offences beside unknown parts are still reported", () => {
    expectMarked(
      tool(
        `{ a: { description: summary(), properties: { tags: { items: /*@wrong_type*/"string" } }, required: [/*@undeclared_name*/"nope"] } }`,
      ),
    );
  });

  test("the offences left unreported are kept as uncertain", () => {
    const check = checkProject(HEAD + tool(`{ a: { description: summary(), properties: { ...common() }, required: ["y"] } }`));
    const [declaration] = check.declarations;
    expect(declaration!.offences).toEqual([]);
    expect(declaration!.uncertain.map((offence) => offence.code).sort()).toEqual(["undeclared_name", "wrong_type"]);
  });
});
