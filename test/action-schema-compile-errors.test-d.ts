/**
 * TypeScript itself flags a malformed action schema at the offending line —
 * the property or array element, never `defineTool(` — with no plugin. Each
 * `@ts-expect-error` sits on the line before the offence: the test fails if
 * that error is missing, or if any error lands anywhere else (a stray error
 * at `defineTool(` is an error this file does not expect). And one malformed
 * action never costs the other handlers their precise `data`.
 */
import { describe, expectTypeOf, test } from "vitest";
import type { CheckedActions, NotDeclared, NotDeclaredDefault, UnknownKey } from "../src/contract/action-check.js";
import { defineTool, type ActionRecord, type ActionSchema, type Handlers, type Tool } from "../src/index.js";

describe("an unknown action-schema key", () => {
  test("is flagged at the key, in the object form and the function form", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        create: {
          description: "Create",
          properties: { name: { type: "string" } },
          // @ts-expect-error -- misspelled: the key is "required"
          requried: ["name"],
        },
      },
      handlers: { create: () => 1 },
    });
    defineTool({
      name: "t",
      description: "T",
      actions: () => ({
        create: {
          description: "Create",
          properties: { name: { type: "string" } },
          // @ts-expect-error -- misspelled: the key is "notes"
          note: "Dates are YYYY-MM-DD.",
        },
      }),
      handlers: { create: () => 1 },
    });
  });

  test("the error's expected type is a message naming the fix and the known keys", () => {
    type Checked = CheckedActions<{ a: { description: "A"; properties: {}; requried: ["x"]; handler: 1 } }>;
    expectTypeOf<
      Checked["a"]["requried"]
    >().toEqualTypeOf<"unknown key 'requried'. Fix: did you mean 'required'? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples.">();
    expectTypeOf<
      Checked["a"]["handler"]
    >().toEqualTypeOf<"unknown key 'handler'. Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples.">();
    // The guess: a swap, a missing or an extra letter, one wrong letter, any case.
    expectTypeOf<UnknownKey<"exampels">>().toExtend<`unknown key 'exampels'. Fix: did you mean 'examples'? Known keys: ${string}`>();
    expectTypeOf<UnknownKey<"relatd">>().toExtend<`unknown key 'relatd'. Fix: did you mean 'related'? Known keys: ${string}`>();
    expectTypeOf<UnknownKey<"Default">>().toExtend<`unknown key 'Default'. Fix: did you mean 'defaults'? Known keys: ${string}`>();
    expectTypeOf<
      UnknownKey<"descriptiom">
    >().toExtend<`unknown key 'descriptiom'. Fix: did you mean 'description'? Known keys: ${string}`>();
    expectTypeOf<UnknownKey<"summary">>().toExtend<`unknown key 'summary'. Known keys: ${string}`>();
  });
});

describe("a name not declared in the action's properties", () => {
  test("a required entry is flagged at the entry", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        create: {
          description: "Create",
          properties: { name: { type: "string" }, opts: { type: "object", properties: { due: { type: "string" } } } },
          required: [
            "name",
            // @ts-expect-error -- "due" is declared inside opts, not at the top level
            "due",
          ],
        },
      },
      handlers: { create: () => 1 },
    });
  });

  test("a requiredOneOf entry is flagged at the entry", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        close: {
          description: "Close",
          properties: { id: { type: "integer" }, name: { type: "string" } },
          requiredOneOf: [
            ["id"],
            // @ts-expect-error -- "nmae" is a typo of "name"
            ["nmae"],
          ],
        },
      },
      handlers: { close: () => 1 },
    });
  });

  test("a defaults key is flagged at the key", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        list: {
          description: "List",
          properties: { includeArchived: { type: "boolean" } },
          defaults: {
            includeArchived: false,
            // @ts-expect-error -- "limit" is not declared in properties
            limit: 20,
          },
        },
      },
      handlers: { list: () => 1 },
    });
  });

  test("in the function form too", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: () => ({
        list: {
          description: "List",
          properties: { status: { type: "string" } },
          // @ts-expect-error -- "state" is not declared
          required: ["state"],
          // @ts-expect-error -- "cursor" is not declared
          defaults: { cursor: "" },
        },
      }),
      handlers: { list: () => 1 },
    });
  });

  test("the messages name the name and, when one is close, the fix", () => {
    type Checked = CheckedActions<{
      a: { description: "A"; properties: { name: {}; limit: {} }; required: ["name", "nmae"]; defaults: { limt: 1; zzz: 2 } };
    }>;
    expectTypeOf<Checked["a"]["required"]>().toEqualTypeOf<
      ["name", "'nmae' is not declared in this action's properties. Fix: did you mean 'name'?"]
    >();
    expectTypeOf<Checked["a"]["defaults"]>().toEqualTypeOf<{
      limt: "default key 'limt' is not declared in this action's properties. Fix: did you mean 'limit'?";
      zzz: "default key 'zzz' is not declared in this action's properties.";
    }>();
    expectTypeOf<NotDeclared<"due", "name" | "opts">>().toEqualTypeOf<"'due' is not declared in this action's properties.">();
    expectTypeOf<
      NotDeclaredDefault<"limit", "includeArchived">
    >().toEqualTypeOf<"default key 'limit' is not declared in this action's properties.">();
  });
});

describe("a value of the wrong shape is flagged where it sits", () => {
  test("items written as a type name, deep inside properties", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        set: {
          description: "Set",
          properties: {
            labels: {
              type: "array",
              // @ts-expect-error -- items must be a schema: { type: "string" }
              items: "string",
            },
          },
        },
      },
      handlers: { set: () => 1 },
    });
  });

  test("a misspelled type name, a required that is not a list, a missing description", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        a: {
          description: "A",
          // @ts-expect-error -- "strin" is not a JSON type
          properties: { name: { type: "strin" } },
          // @ts-expect-error -- required is a list of names
          required: "name",
        },
        // @ts-expect-error -- description is mandatory
        b: { properties: {} },
      },
      handlers: { a: () => 1, b: () => 2 },
    });
  });
});

describe("a malformed action keeps every other handler's data precise", () => {
  test("object form: an unknown key, an undeclared name and a shape error beside healthy siblings", () => {
    defineTool({
      name: "tasks",
      description: "Tasks",
      actions: {
        bad: {
          description: "Bad",
          properties: { id: { type: "integer" }, tags: { type: "array", items: { type: "string" } } },
          // @ts-expect-error -- "x" is not declared
          required: ["id", "x"],
          // @ts-expect-error -- unknown key
          handler: "nope",
        },
        worse: {
          description: "Worse",
          // @ts-expect-error -- items must be a schema
          properties: { labels: { type: "array", items: "string" } },
        },
        get: { description: "Get", properties: { id: { type: "string" } }, required: ["id"] },
        list: { description: "List", properties: { limit: { type: "integer" } }, defaults: { limit: 20 } },
      },
      handlers: {
        bad: (data) => expectTypeOf(data).toEqualTypeOf<{ id: number; tags?: string[] }>(),
        // The malformed items is read as what it is: no schema, so elements of any type.
        worse: (data) => expectTypeOf(data.labels).toEqualTypeOf<unknown[] | undefined>(),
        get: (data) => expectTypeOf(data).toEqualTypeOf<{ id: string }>(),
        list: (data) => expectTypeOf(data).toEqualTypeOf<{ limit: number }>(),
      },
    });
  });

  test("function form: the same", () => {
    defineTool({
      name: "tasks",
      description: "Tasks",
      actions: () => ({
        bad: {
          description: "Bad",
          properties: { id: { type: "integer" } },
          // @ts-expect-error -- "x" is not declared
          required: ["id", "x"],
        },
        get: { description: "Get", properties: { id: { type: "string" } }, required: ["id"] },
      }),
      handlers: {
        bad: (data) => expectTypeOf(data).toEqualTypeOf<{ id: number }>(),
        get: (data) => expectTypeOf(data).toEqualTypeOf<{ id: string }>(),
      },
    });
  });
});

describe("well-formed tools raise nothing", () => {
  test("every vocabulary key, in both forms", () => {
    const actions = {
      create: {
        description: "Create",
        properties: {
          name: { type: "string" },
          id: { type: "integer" },
          opts: { type: "object", properties: { due: { type: "string" } } },
        },
        required: ["name"],
        requiredOneOf: [["name"], ["id", "name"]],
        defaults: { opts: { due: "2024-01-01" } },
        notes: "Long text.\nWith line breaks.",
        related: ["list"],
        examples: [{ name: "x" }],
      },
    } as const;
    const declared = defineTool({ name: "t", description: "T", actions, handlers: { create: (data) => data.opts.due } });
    expectTypeOf(declared).toMatchTypeOf<Tool>();
    defineTool({
      name: "t",
      description: "T",
      actions: () => actions,
      handlers: { create: (data) => expectTypeOf(data.name).toEqualTypeOf<string>() },
    });
  });

  test("wide schemas are not checked name by name: nothing is known about them", () => {
    const wide: ActionSchema = { description: "W", properties: {}, required: ["anything"] };
    defineTool({
      name: "t",
      description: "T",
      actions: { go: wide },
      handlers: { go: (data) => expectTypeOf(data).toEqualTypeOf<{ [x: string]: unknown }>() },
    });
    const record: Record<string, ActionSchema> = {};
    defineTool({ name: "t", description: "T", actions: () => record, handlers: {} });
    // Names typed only `string` cannot be checked by type: the build and registration checks read their values.
    const names: readonly string[] = ["title"];
    const defaults: { readonly [name: string]: unknown } = { title: "" };
    defineTool({
      name: "t",
      description: "T",
      actions: { a: { description: "A", properties: { title: { type: "string" } }, required: names, requiredOneOf: [names], defaults } },
      handlers: { a: () => 1 },
    });
  });

  test("a generic wrapper around defineTool, and an any record, compile as before", () => {
    function wrap<A extends ActionRecord>(actions: A, handlers: Handlers<A>) {
      return defineTool({ name: "t", description: "T", actions, handlers });
    }
    function wrapLazy<A extends ActionRecord>(actions: () => A, handlers: Handlers<A>) {
      return defineTool({ name: "t", description: "T", actions, handlers });
    }
    wrap({ go: { description: "Go", properties: {} } }, { go: () => 1 });
    wrapLazy(() => ({ go: { description: "Go", properties: {} } }), { go: () => 1 });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the point: actions whose type is any
    const unknownShape: any = {};
    defineTool({ name: "t", description: "T", actions: unknownShape, handlers: {} });
  });

  test("JSON Schema keywords beyond the walked ones pass inside property schemas", () => {
    defineTool({
      name: "t",
      description: "T",
      actions: {
        a: {
          description: "A",
          properties: {
            node: { $ref: "#/$defs/node", $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } } } },
            pick: { oneOf: [{ type: "string" }, { type: "integer", minimum: 0 }], "x-ui": { widget: "select" } },
            pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], minItems: 2 },
          },
          required: ["pair"],
        },
      },
      handlers: {
        a: (data) => {
          expectTypeOf(data.pick).toEqualTypeOf<string | number | undefined>();
          expectTypeOf(data.pair).toEqualTypeOf<[string, number, ...unknown[]]>();
        },
      },
    });
  });
});
