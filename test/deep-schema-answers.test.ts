/**
 * Deep schemas in answers (hardening, second round, item 14): every refusal
 * and every help answer carries a schema summary, and printing it must never
 * turn into `internal_error` — not for a schema at the registration limit
 * (300 subschemas, values inside nested 256 deep), not for deep `defaults`
 * or `examples` that registration admits, and not for a tool with a
 * function `actions` whose schema grows deeper after registration. Answers
 * print at most MAX_ANSWER_DEPTH levels; anything deeper is a marker string.
 * All through the SDK-free `router.callTool`.
 */
import { firstText } from "./support/tools.js";
import { describe, expect, test } from "vitest";
import { createRouter, defineTool, ToolError, type Router } from "../src/index.js";
import { MAX_ANSWER_DEPTH, TOO_DEEP } from "../src/util/bounded-json.js";
import { MAX_SCHEMA_LEVELS } from "../src/validation/json-schema/meta-view.js";
import { readAnswer } from "./fixtures/runtime/answers.js";

const quiet = { error: () => {} };

function nest(depth: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}

/** A value nested `depth` objects deep. */
const deepValue = (depth: number) => nest(depth, (inner) => ({ v: inner }), 1);

/** How deep a parsed JSON value nests (iteratively: the values can be deep). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Every answer that carries the action's schema: a refusal, both help levels that show it, and the index. */
async function answers(router: Router, tool = "t", action = "a") {
  return {
    refusal: await router.callTool(tool, { action, data: { stray: 1 } }),
    helpTool: await router.callTool("help", { tool }),
    helpAction: await router.callTool("help", { tool, action }),
    index: await router.callTool("help", {}),
  };
}

function expectNoInternalError(all: Record<string, { content: readonly unknown[] }>) {
  for (const [name, answer] of Object.entries(all)) {
    const body = readAnswer(answer).body;
    expect(body.error, name).not.toBe("internal_error");
    expect(depthOf(body), name).toBeLessThanOrEqual(MAX_ANSWER_DEPTH);
  }
}

describe("a schema at the registration limit answers in full", () => {
  test(`${MAX_SCHEMA_LEVELS} subschemas deep, its innermost schema holding a default and an example nested 256 deep`, async () => {
    const leaf = { type: "object", default: deepValue(256), examples: [deepValue(255)] };
    const property = nest(MAX_SCHEMA_LEVELS, (inner) => ({ type: "object", properties: { a: inner } }), leaf);
    const tool = defineTool({
      name: "t",
      description: "Deep",
      actions: { a: { description: "A", properties: { p: property as never } } },
      handlers: { a: () => 1 },
    });
    const router = createRouter({ tools: [tool], log: quiet });
    const all = await answers(router);
    expectNoInternalError(all);
    expect(readAnswer(all.refusal).body).toMatchObject({ error: "invalid_data", schema: { properties: { p: property } } });
    expect(readAnswer(all.helpAction).body.properties).toEqual({ p: property });
    expect(readAnswer(all.helpTool).body.actions[0].properties).toEqual({ p: property });
    for (const answer of Object.values(all)) expect(firstText(answer)).not.toContain(TOO_DEEP);
  });
});

describe("deep values registration admits are printed bounded", () => {
  test("action defaults nested 100,000 deep in an open property: refusals and help answer, the deep part a marker", async () => {
    const tool = defineTool({
      name: "t",
      description: "Deep defaults",
      actions: { a: { description: "A", properties: { p: { type: "object" } }, defaults: { p: deepValue(100_000) as object } } },
      handlers: { a: () => 1 },
    });
    const all = await answers(createRouter({ tools: [tool], log: quiet }));
    expectNoInternalError(all);
    expect(readAnswer(all.refusal).body.error).toBe("invalid_data");
    expect(firstText(all.refusal)).toContain(TOO_DEEP);
    expect(firstText(all.helpAction)).toContain(TOO_DEEP);
  });

  test("examples nested 100,000 deep in an open property: both help levels answer", async () => {
    const tool = defineTool({
      name: "t",
      description: "Deep examples",
      actions: { a: { description: "A", properties: { p: { type: "object" } }, examples: [{ p: deepValue(100_000) as object }] } },
      handlers: { a: () => 1 },
    });
    const all = await answers(createRouter({ tools: [tool], log: quiet }));
    expectNoInternalError(all);
    expect(readAnswer(all.helpAction).body.examples[0].p.v.v).toEqual({ v: expect.anything() });
  });

  test("ToolError details nested 100,000 deep or cyclic are answered, not internal_error", async () => {
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic["self"] = cyclic;
    const tool = defineTool({
      name: "t",
      description: "Deep details",
      actions: { deep: { description: "Deep", properties: {} }, cyclic: { description: "Cyclic", properties: {} } },
      handlers: {
        deep: () => {
          throw new ToolError("deep", "deep details", { details: deepValue(100_000) });
        },
        cyclic: () => {
          throw new ToolError("cyclic", "cyclic details", { details: cyclic });
        },
      },
    });
    const router = createRouter({ tools: [tool], log: quiet });
    expect(readAnswer(await router.callTool("t", { action: "deep" })).body).toMatchObject({ error: "deep", message: "deep details" });
    expect(readAnswer(await router.callTool("t", { action: "cyclic" })).body).toMatchObject({
      error: "cyclic",
      details: { name: "loop", self: expect.any(String) },
    });
  });
});

describe("a function actions whose schema grows deeper after registration", () => {
  /** A router whose tool `t` serves a small schema at registration and `later` afterwards. */
  function growing(later: Record<string, unknown>): Router {
    let registered = false;
    const small = { description: "A", properties: { p: { type: "object" } } };
    const tool = { name: "t", description: "Grows", actions: () => ({ a: registered ? later : small }), handlers: { a: () => 1 } };
    const router = createRouter({ tools: [tool as never], log: quiet });
    registered = true;
    return router;
  }

  test.each([
    [
      "properties nested 100,000 subschemas deep",
      { description: "A", properties: { p: nest(100_000, (inner) => ({ type: "object", properties: { a: inner } }), {}) } },
    ],
    [
      "properties nested 301 subschemas deep",
      { description: "A", properties: { p: nest(MAX_SCHEMA_LEVELS + 1, (inner) => ({ type: "object", properties: { a: inner } }), {}) } },
    ],
    ["a property default nested 100,000 deep", { description: "A", properties: { p: { type: "object", default: deepValue(100_000) } } }],
    [
      "action defaults nested 100,000 deep",
      { description: "A", properties: { p: { type: "object" } }, defaults: { p: deepValue(100_000) } },
    ],
    ["examples nested 100,000 deep", { description: "A", properties: { p: { type: "object" } }, examples: [{ p: deepValue(100_000) }] }],
    [
      "examples nested 100,000 arrays deep",
      { description: "A", properties: { p: {} }, examples: [{ p: nest(100_000, (inner) => [inner], 1) }] },
    ],
    [
      "cyclic examples",
      (() => {
        const example: Record<string, unknown> = {};
        example["p"] = { back: example };
        return { description: "A", properties: { p: { type: "object" } }, examples: [example] };
      })(),
    ],
    [
      "examples sharing one object exponentially",
      (() => {
        let shared: Record<string, unknown> = { leaf: 1 };
        for (let level = 0; level < 60; level++) shared = { l: shared, r: shared };
        return { description: "A", properties: { p: { type: "object" } }, examples: [{ p: shared }] };
      })(),
    ],
  ])("%s: every answer that carries the schema answers without internal_error", async (_name, later) => {
    const started = performance.now();
    expectNoInternalError(await answers(growing(later)));
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
