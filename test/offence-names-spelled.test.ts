/**
 * How an offence spells the names it is about: two names that look the same
 * (café composed and decomposed) print apart, and the fix for a missing
 * description samples the action's own name, not another domain's.
 */
import { expect, test } from "vitest";
import { actionSchemaOffences, defineTool } from "../src/index.js";

const offencesOf = (actions: Record<string, unknown>) =>
  actionSchemaOffences(defineTool({ name: "t", description: "T", actions: actions as never, handlers: {} as never }));

test("a name in decomposed form is spelled with escapes, so it never prints as its composed twin", () => {
  const composed = "caf\u00e9";
  const decomposed = "cafe\u0301";
  const locations = offencesOf({
    [composed]: { description: "A", properties: { x: 1 } },
    [decomposed]: { description: "B", properties: { y: 1 } },
  }).map((found) => found.location);
  expect(locations.sort()).toEqual(['actions["café"].properties', 'actions["cafe\\u0301"].properties'].sort());
});

test.each([
  ["create", 'add description: "What create does, in one line".'],
  ["x".repeat(200), `add description: "What ${"x".repeat(40)}…(+160 characters) does, in one line".`],
  ['say "hi"', 'add description: "What say \\"hi\\" does, in one line".'],
])("the missing-description fix for action %s samples its own name", (action, fix) => {
  const [found] = offencesOf({ [action]: { properties: {} } });
  expect(found).toMatchObject({ code: "missing_key", key: "description", fix });
});
