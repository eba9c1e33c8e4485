import { describe, expectTypeOf, test } from "vitest";
import { createRouter, defineTool, type ActionData, type ActionSchema, type HandlerContext, type Tool } from "../src/index.js";

describe("a handler's data is typed from its action schema", () => {
  test("required keys are present, others optional; types follow type, enum, const, items and nested properties", () => {
    // Keyword by keyword (anyOf, allOf, $ref, prefixItems, additionalProperties…): test/handler-data-keywords.test-d.ts.
    defineTool({
      name: "tasks",
      description: "Tasks",
      actions: {
        create: {
          description: "Create",
          properties: {
            name: { type: "string", minLength: 1 },
            count: { type: "integer" },
            ratio: { type: "number" },
            done: { type: "boolean" },
            status: { type: "string", enum: ["open", "closed"] },
            kind: { const: "task" },
            nullable: { type: ["string", "null"] },
            tags: { type: "array", items: { type: "string" } },
            pairs: { type: "array", items: [{ type: "string" }, { type: "number" }] },
            anything: {},
            opts: {
              type: "object",
              properties: { due: { type: "string", format: "date" }, priority: { type: "integer" } },
              required: ["priority"],
            },
            rows: { type: "array", items: { type: "object", properties: { id: { type: "number" } }, required: ["id"] } },
            labels: { type: "object", additionalProperties: { type: "string" } },
          },
          required: ["name", "opts"],
        },
      },
      handlers: {
        create: (data, context) => {
          expectTypeOf(data.name).toEqualTypeOf<string>();
          expectTypeOf(data.count).toEqualTypeOf<number | undefined>();
          expectTypeOf(data.ratio).toEqualTypeOf<number | undefined>();
          expectTypeOf(data.done).toEqualTypeOf<boolean | undefined>();
          expectTypeOf(data.status).toEqualTypeOf<"open" | "closed" | undefined>();
          expectTypeOf(data.kind).toEqualTypeOf<"task" | undefined>();
          expectTypeOf(data.nullable).toEqualTypeOf<string | null | undefined>();
          expectTypeOf(data.tags).toEqualTypeOf<string[] | undefined>();
          // The legacy tuple form: a tuple whose elements may be missing (no minItems) and a rest of anything.
          expectTypeOf(data.pairs).toEqualTypeOf<[string?, number?, ...unknown[]] | undefined>();
          expectTypeOf(data.anything).toEqualTypeOf<unknown>();
          expectTypeOf(data.opts).toEqualTypeOf<{ priority: number; due?: string }>();
          expectTypeOf(data.rows).toEqualTypeOf<{ id: number }[] | undefined>();
          expectTypeOf(data.labels).toEqualTypeOf<{ [key: string]: string } | undefined>();
          expectTypeOf(context).toEqualTypeOf<HandlerContext>();
          // @ts-expect-error -- an undeclared key is not data
          void data.nope;
          return { id: 1 };
        },
      },
    });
  });

  test("defaulted keys are present: the gate merges defaults before the handler runs", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        list: { description: "List", properties: { limit: { type: "integer" }, cursor: { type: "string" } }, defaults: { limit: 20 } },
      },
      handlers: {
        list: (data) => {
          expectTypeOf(data).toEqualTypeOf<{ limit: number; cursor?: string }>();
          return data.limit;
        },
      },
    });
  });

  test("requiredOneOf keys stay optional: no single key is guaranteed", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        close: {
          description: "Close",
          properties: { id: { type: "integer" }, name: { type: "string" } },
          requiredOneOf: [["id"], ["name"]],
        },
      },
      handlers: { close: (data) => expectTypeOf(data).toEqualTypeOf<{ id?: number; name?: string }>() },
    });
  });

  test("an action without properties gets {} data, and async handlers are fine", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: { ping: { description: "Ping", properties: {} } },
      handlers: {
        ping: async (data) => {
          expectTypeOf(data).toEqualTypeOf<{}>();
          return "pong";
        },
      },
    });
  });

  test("actions written as a function are typed too", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: () => ({ get: { description: "Get", properties: { id: { type: "string" } }, required: ["id"] } }),
      handlers: { get: (data) => expectTypeOf(data).toEqualTypeOf<{ id: string }>() },
    });
  });

  test("ActionData reads a schema type directly", () => {
    type Data = ActionData<{ description: "C"; properties: { name: { type: "string" }; due: { type: "string" } }; required: ["name"] }>;
    expectTypeOf<Data>().toEqualTypeOf<{ name: string; due?: string }>();
    // A wide schema (a variable typed ActionSchema) gives open data with unknown values: nothing is promised.
    expectTypeOf<ActionData<ActionSchema>>().toEqualTypeOf<{ [x: string]: unknown }>();
  });
});

describe("authoring stays easy and the contract stays checked", () => {
  const tasks = defineTool({
    name: "tasks",
    description: "Tasks",
    actions: {
      create: { description: "Create", properties: { name: { type: "string" } }, required: ["name"] },
      list: { description: "List", properties: {}, notes: "All of them", related: ["create"], examples: [{}] },
    },
    handlers: { create: (data) => data.name, list: () => [] },
  });

  test("a tool with precise types is a Tool and is accepted by createRouter", () => {
    expectTypeOf(tasks).toMatchTypeOf<Tool>();
    createRouter({ tools: [tasks] });
    const router = createRouter();
    router.register(tasks, tasks);
  });

  test("unknown JSON Schema keywords in property schemas pass", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        a: {
          description: "A",
          properties: { when: { type: "string", format: "date-time", pattern: "^2", "x-ui": { widget: "date" }, examples: ["2024"] } },
        },
      },
      handlers: { a: (data) => expectTypeOf(data.when).toEqualTypeOf<string | undefined>() },
    });
  });

  test("a missing handler and a handler without an action are type errors", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: { a: { description: "A", properties: {} }, b: { description: "B", properties: {} } },
      // @ts-expect-error -- b has no handler
      handlers: { a: () => 1 },
    });
    defineTool({
      name: "t",
      description: "T",
      actions: { a: { description: "A", properties: {} } },
      // @ts-expect-error -- c has no action
      handlers: { a: () => 1, c: () => 1 },
    });
  });
});
