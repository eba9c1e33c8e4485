/**
 * The build checks the whole declaration `createRouter` checks — one
 * rulebook: a missing or stray handler, a bad output schema, icon or
 * annotation, a reserved name fail `wymcp check` at the part's own line with
 * registration's words; a part the evaluator cannot see (an imported output
 * schema or handler, a spread) is left to registration, never guessed.
 */
import { describe, expect, test } from "vitest";
import { callbackSurfaceOffences, createRouter, defineTool, ToolRegistrationError } from "../src/index.js";
import { offencesOf } from "../plugin/check/file-check.js";
import { checkProject } from "./plugin-support.js";
import { cliOutcome } from "./support/build-outcomes.js";
import { project } from "./plugin-support.js";

const HEADER = `import { defineTool } from "wymcp";\n`;
const ACTIONS = `actions: { create: { description: "Create", properties: {} }, list: { description: "List", properties: {} } }`;

/** The offences `wymcp check` finds in a tool whose definition holds `parts` (one per line), as [code, location, line]. */
function found(parts: string, files: Record<string, string> = {}): [string, string, number][] {
  const check = checkProject(`${HEADER}export const t = defineTool({\n  name: "t",\n  description: "T",\n${parts}\n});\n`, files);
  return offencesOf(check).map((located) => [located.offence.code, located.offence.location, located.line]);
}

describe("what registration checks beside the action schemas, at build time", () => {
  test.each([
    [
      "a missing handler: at the handlers object",
      `  ${ACTIONS},\n  handlers: { create: () => 1 },`,
      [["missing_handler", 'handlers["list"]', 6]],
    ],
    [
      "a handler without an action: at its key",
      `  ${ACTIONS},\n  handlers: {\n    create: () => 1,\n    list: () => 2,\n    close: () => 3,\n  },`,
      [["handler_without_action", 'handlers["close"]', 9]],
    ],
    [
      "an output schema whose type is misspelt",
      `  ${ACTIONS},\n  handlers: { create: () => 1, list: () => 2 },\n  outputSchema: { type: "object", properties: { id: { type: "integr" } } },`,
      [["invalid_schema", "outputSchema", 7]],
    ],
    [
      "an icon a client must not load",
      `  ${ACTIONS},\n  handlers: { create: () => 1, list: () => 2 },\n  icons: [{ src: "javascript:alert(1)" }],`,
      [["invalid_schema", "icons", 7]],
    ],
    [
      "a misspelt annotation",
      `  ${ACTIONS},\n  handlers: { create: () => 1, list: () => 2 },\n  annotations: { readonlyHint: true },`,
      [["invalid_schema", "annotations", 7]],
    ],
  ])("%s", (_, parts, expected) => {
    expect(found(parts)).toEqual(expected);
  });

  test("the reserved name help, at the name", () => {
    const check = checkProject(
      `${HEADER}export const t = defineTool({ name: "help", description: "T", ${ACTIONS}, handlers: { create: () => 1, list: () => 2 } });\n`,
    );
    expect(offencesOf(check).map((located) => [located.offence.code, located.offence.problem])).toEqual([
      ["invalid_tool_name", 'the name "help" is reserved for the built-in help tool'],
    ]);
  });

  test("the words are registration's", () => {
    const [located] = offencesOf(
      checkProject(`${HEADER}export const t = defineTool({ name: "t", description: "T", ${ACTIONS}, handlers: { create: () => 1 } });\n`),
    );
    const runtime = callbackSurfaceOffences(
      defineTool({
        name: "t",
        description: "T",
        actions: { create: { description: "Create", properties: {} }, list: { description: "List", properties: {} } },
        handlers: { create: () => 1 } as never,
      }),
    );
    expect([located!.offence.problem, located!.offence.fix]).toEqual([runtime[0]!.problem, runtime[0]!.fix]);
    expect(() =>
      createRouter({
        tools: [defineTool({ name: "t", description: "T", actions: { a: { description: "A", properties: {} } }, handlers: {} as never })],
      }),
    ).toThrow(ToolRegistrationError);
  });

  test.each([
    ["an imported output schema", `import { output } from "./shared.js";\n`, `  outputSchema: output,`],
    ["an imported handler", `import { create } from "./shared.js";\n`, `  handlers: { create, list: () => 2 },`],
    ["handlers spread from elsewhere", `import { more } from "./shared.js";\n`, `  handlers: { create: () => 1, ...more },`],
    ["a definition spread from elsewhere", `import { base } from "./shared.js";\n`, `  ...base,`],
  ])("%s is left to registration: nothing is guessed", (_, imports, parts) => {
    const shared = `export const output: any = globalThis.x;\nexport const create: any = globalThis.x;\nexport const more: any = globalThis.x;\nexport const base: any = globalThis.x;\n`;
    const withHandlers = parts.includes("handlers") ? parts : `${parts}\n  handlers: { create: () => 1, list: () => 2 },`;
    const source = `${HEADER}${imports}export const t = defineTool({\n  name: "t",\n  description: "T",\n  ${ACTIONS},\n${withHandlers}\n});\n`;
    const check = checkProject(source, { "shared.ts": shared });
    expect(offencesOf(check)).toEqual([]);
  });

  test("wymcp check fails on a stray handler with registration's line, exit 1", () => {
    const root = project({
      "src/tools.ts": `${HEADER}export const t = defineTool({\n  name: "t",\n  description: "T",\n  ${ACTIONS},\n  handlers: { create: () => 1, list: () => 2, close: () => 3 },\n});\n`,
      "package.json": `{ "name": "scratch", "type": "module" }`,
    });
    const cli = cliOutcome(root);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(
      /src\/tools\.ts:6:\d+ {2}handlers\["close"\]: handler "close" has no action\. Fix: declare action "close" in actions, or remove its handler\./,
    );
  });
});
