/**
 * An object literal with a `__proto__:` key sets its prototype: the build
 * evaluates it exactly as JavaScript does, so `wymcp check` reports what
 * registration reports for the same literal — no more "partly evaluated".
 */
import { expect, test } from "vitest";
import { actionSchemaOffences } from "../src/index.js";
import { offencesOf } from "../plugin/check/file-check.js";
import { checkProject } from "./plugin-support.js";

const ACTIONS = `{
    a: { __proto__: { description: "inherited" }, description: "A", properties: {} },
    b: { __proto__: null, description: "B", properties: { x: { __proto__: { type: "string" } } } },
    c: { __proto__: 5, description: "C", properties: {} },
    d: { "__proto__": { type: "x" }, description: "D", properties: {} },
    e: { ["__proto__"]: 1, description: "E", properties: {} },
  }`;

test("the build reports what registration reports for __proto__ literals", () => {
  const check = checkProject(`import { defineTool } from "wymcp";
export const t = defineTool({ name: "t", description: "T", actions: ${ACTIONS}, handlers: { a() {}, b() {}, c() {}, d() {}, e() {} } } as never);`);
  expect(check.declarations.flatMap(({ declaration, uncertain }) => [...declaration.unknowns, ...uncertain])).toEqual([]);
  const built = offencesOf(check).map(({ offence }) => `${offence.location} ${offence.problem}`);
  // The same literal, run.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the test's own literal, to compare with the build
  const actions = new Function(`return ${ACTIONS};`)() as object;
  const registered = actionSchemaOffences({ name: "t", description: "T", actions: () => actions, handlers: {} }).map(
    (offence) => `${offence.location} ${offence.problem}`,
  );
  expect(built.sort()).toEqual(registered.sort());
  expect(registered).toEqual(
    expect.arrayContaining(['actions["a"] the action schema is an object with a custom prototype', 'actions["e"] unknown key "__proto__"']),
  );
});
