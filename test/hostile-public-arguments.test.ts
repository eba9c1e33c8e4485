/**
 * Hostile arguments to the public API (hardening, second round, item 16):
 * nothing public answers bad input with a bare TypeError (or any other
 * foreign exception) from inside wymcp. Each function either returns its
 * documented value or throws wymcp's own error — ActionSchemaError,
 * ToolRegistrationError, CallbackSurfaceError; `router.callTool` never
 * throws or rejects and never answers internal_error for a bad argument.
 *
 * Table-driven: every entry point × every hostile value, in every argument
 * position.
 */
import { firstText } from "./support/tools.js";
import { describe, expect, test } from "vitest";
import {
  actionNames,
  actionSchemaOffences,
  ActionSchemaError,
  CallbackSurfaceError,
  callbackSurfaceOffences,
  checkCallbackSurface,
  checkMandatoryKeys,
  createRouter,
  defaultOffences,
  defineTool,
  fetchSchema,
  fetchSchemas,
  schemaOffences,
  ToolRegistrationError,
  validate,
  type ToolAnswer,
} from "../src/index.js";

/** Every trap throws. */
function throwingProxy(): object {
  const trap = () => {
    throw new Error("trap");
  };
  return new Proxy(
    {},
    {
      get: trap,
      has: trap,
      ownKeys: trap,
      getOwnPropertyDescriptor: trap,
      getPrototypeOf: trap,
      apply: trap,
      construct: trap,
      defineProperty: trap,
      set: trap,
    },
  );
}

/** A Proxy of a plain object with a property, passing every plain-object test, whose one `trap` throws. */
function trapping(trap: "ownKeys" | "getOwnPropertyDescriptor"): object {
  return new Proxy(
    { n: { type: "number" } },
    {
      [trap]: () => {
        throw new Error(trap);
      },
    },
  );
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const hostile: readonly [name: string, make: () => unknown][] = [
  ["undefined", () => undefined],
  ["null", () => null],
  ["a number", () => 42],
  ["NaN", () => Number.NaN],
  ["a string", () => "x"],
  ["a symbol", () => Symbol("s")],
  ["a bigint", () => 10n],
  ["a function", () => () => 1],
  ["an array", () => [1, "two"]],
  ["a frozen empty object", () => Object.freeze({})],
  [
    "an object with throwing getters",
    () =>
      Object.defineProperties(
        {},
        Object.fromEntries(
          ["name", "description", "actions", "handlers", "tools", "log", "properties", "toJSON"].map((key) => [
            key,
            {
              enumerable: true,
              get: () => {
                throw new Error(`getter ${key}`);
              },
            },
          ]),
        ),
      ),
  ],
  ["a Proxy whose traps throw", throwingProxy],
  ["a plain-object Proxy whose key listing throws", () => trapping("ownKeys")],
  ["a plain-object Proxy whose descriptors throw", () => trapping("getOwnPropertyDescriptor")],
  ["a revoked Proxy", revokedProxy],
];

const goodSchema = () => ({ description: "A", properties: { n: { type: "number" as const } } });
const goodTool = () => defineTool({ name: "t", description: "T", actions: { a: goodSchema() }, handlers: { a: () => 1 } });
/** A tool-like value around an action record (what `defineTool` makes, without its checks). */
const toolAround = (record: unknown) => ({ name: "t", description: "T", actions: () => record, handlers: { a: () => 1 } });

type Outcome = "value" | "array" | "answer";

/** Each entry point with the hostile value in one argument position, and what it must give besides wymcp's own errors. */
const entryPoints: readonly [name: string, call: (value: unknown) => unknown, outcome: Outcome][] = [
  ["checkMandatoryKeys(tool)", (value) => checkMandatoryKeys(value, "a", goodSchema()), "value"],
  ["checkMandatoryKeys(…, schema)", (value) => checkMandatoryKeys("t", "a", value), "value"],
  ["checkMandatoryKeys(…, action) with a good schema", (value) => checkMandatoryKeys("t", value as string, goodSchema()), "value"],
  ["checkMandatoryKeys(…, action) with a bad schema", (value) => checkMandatoryKeys("t", value as string, { properties: {} }), "value"],
  ["fetchSchema(tool)", (value) => fetchSchema(value, "a"), "value"],
  ["fetchSchema(…, action)", (value) => fetchSchema(goodTool(), value as string), "value"],
  ["fetchSchemas(tool)", (value) => fetchSchemas(value), "value"],
  ["actionNames(tool)", (value) => actionNames(value), "value"],
  ["validate(tool)", (value) => validate(value), "value"],
  ["actionSchemaOffences(tool)", (value) => actionSchemaOffences(value), "array"],
  ["validate: actions() returns it", (value) => validate(toolAround(value)), "value"],
  ["validate: an action schema", (value) => validate(toolAround({ a: value })), "value"],
  ["validate: properties", (value) => validate(toolAround({ a: { description: "A", properties: value } })), "value"],
  ["validate: a property schema", (value) => validate(toolAround({ a: { description: "A", properties: { n: value } } })), "value"],
  [
    "validate: every optional key",
    (value) =>
      validate(
        toolAround({
          a: { ...goodSchema(), required: value, requiredOneOf: value, defaults: value, notes: value, related: value, examples: value },
        }),
      ),
    "value",
  ],
  ["fetchSchema: the schema", (value) => fetchSchema(toolAround({ a: value }), "a"), "value"],
  ["schemaOffences(properties)", (value) => schemaOffences(value), "array"],
  ["schemaOffences(…, action)", (value) => schemaOffences({ n: { items: "x" } }, value as string), "array"],
  ["defaultOffences(defaults)", (value) => defaultOffences(value, { n: {} }), "array"],
  ["defaultOffences(…, properties)", (value) => defaultOffences({ x: 1 }, value), "array"],
  ["defaultOffences(…, action)", (value) => defaultOffences({ x: 1 }, { n: {} }, value as string), "array"],
  ["checkCallbackSurface(tool)", (value) => checkCallbackSurface(value), "value"],
  ["callbackSurfaceOffences(tool)", (value) => callbackSurfaceOffences(value), "array"],
  ["createRouter(options)", (value) => createRouter(value as never), "value"],
  ["createRouter({ tools })", (value) => createRouter({ tools: value as never }), "value"],
  ["createRouter({ tools: [it] })", (value) => createRouter({ tools: [value as never] }), "value"],
  ["createRouter({ instructions })", (value) => createRouter({ instructions: value as never }), "value"],
  ["createRouter({ log })", (value) => createRouter({ log: value as never }), "value"],
  ["createRouter({ exposeErrors })", (value) => createRouter({ exposeErrors: value as never }), "value"],
  ["router.register(it)", (value) => createRouter().register(value as never), "value"],
  ["router.register(good, it)", (value) => createRouter().register(goodTool(), value as never), "value"],
  ["router.callTool(name)", (value) => createRouter({ tools: [goodTool()] }).callTool(value as string, {}), "answer"],
  ["router.callTool(help, args)", (value) => createRouter({ tools: [goodTool()] }).callTool("help", value), "answer"],
  ["router.callTool(help, { tool })", (value) => createRouter({ tools: [goodTool()] }).callTool("help", { tool: value }), "answer"],
  ["router.callTool(tool, args)", (value) => createRouter({ tools: [goodTool()] }).callTool("t", value), "answer"],
  ["router.callTool(tool, { action })", (value) => createRouter({ tools: [goodTool()] }).callTool("t", { action: value }), "answer"],
  [
    "router.callTool(tool, { action, data })",
    (value) => createRouter({ tools: [goodTool()] }).callTool("t", { action: "a", data: value }),
    "answer",
  ],
  [
    "router.callTool(tool, { action, data: { n } })",
    (value) => createRouter({ tools: [goodTool()] }).callTool("t", { action: "a", data: { n: value } }),
    "answer",
  ],
  [
    "router.callTool(…, context)",
    (value) => createRouter({ tools: [goodTool()] }).callTool("t", { action: "a" }, value as never),
    "answer",
  ],
];

const isOwnError = (error: unknown) =>
  error instanceof ActionSchemaError || error instanceof ToolRegistrationError || error instanceof CallbackSurfaceError;

async function expectOwnOutcome(call: () => unknown, outcome: Outcome): Promise<void> {
  let result: unknown;
  try {
    result = await call();
  } catch (error) {
    if (outcome === "answer" || !isOwnError(error)) throw new Error(`threw a foreign error: ${String(error)}`, { cause: error });
    return;
  }
  if (outcome === "array") expect(Array.isArray(result)).toBe(true);
  if (outcome === "answer") {
    const answer = result as ToolAnswer;
    const body = JSON.parse(firstText(answer)) as { error?: string };
    expect(body.error).not.toBe("internal_error");
  }
}

describe.each(entryPoints)("%s", (entry, call, outcome) => {
  for (const [value, make] of hostile) {
    test(`${value}: ${outcome === "answer" ? "an answer" : "its value"} or wymcp's own error`, async () => {
      await expectOwnOutcome(() => call(make()), outcome);
    });
  }
});

describe("what the refusals say", () => {
  test("createRouter names every bad option in one ToolRegistrationError", () => {
    let thrown: unknown;
    try {
      createRouter({ tools: 42, instructions: 1, log: {}, exposeErrors: "yes" } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolRegistrationError);
    expect((thrown as ToolRegistrationError).surfaceOffences.map((offence) => offence.field)).toEqual([
      "options.tools",
      "options.instructions",
      "options.log",
      "options.exposeErrors",
    ]);
  });

  test("createRouter([tool]) is refused with the object to write, never an empty router", () => {
    expect(() => createRouter([goodTool()] as never)).toThrow(
      expect.objectContaining({
        name: "ToolRegistrationError",
        message: expect.stringContaining("the options are an array. Fix: pass the tools in an object: createRouter({ tools: [tasks] })."),
      }),
    );
  });

  test("createRouter() and createRouter({}) still make an empty router", () => {
    expect(createRouter().toolNames()).toEqual([]);
    expect(createRouter({}).toolNames()).toEqual([]);
  });

  test("a tool name that is not a string is unknown_tool, naming the valid tools", async () => {
    const answer = await createRouter({ tools: [goodTool()] }).callTool(10n as never, {});
    expect(JSON.parse(firstText(answer))).toMatchObject({
      error: "unknown_tool",
      message: "the tool name is a bigint, not a string",
      validTools: ["t"],
    });
  });

  test("a context that is not an object is ignored: the call is served", async () => {
    for (const context of [null, 42, throwingProxy(), { signal: 42, log: 42 }]) {
      const answer = await createRouter({ tools: [goodTool()] }).callTool("t", { action: "a" }, context as never);
      expect(answer).toEqual({ content: [{ type: "text", text: "1" }] });
    }
  });
});
