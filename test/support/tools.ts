import { actionSchemaOffences, ActionSchemaError, validate, type Offence } from "../../src/index.js";

/** A tool-like value around an action record, with a counter of `actions()` calls. */
export function toolOf(record: unknown, name = "tasks") {
  const tool = {
    name,
    description: "A test tool",
    calls: 0,
    actions() {
      tool.calls++;
      return record;
    },
    handlers: {},
  };
  return tool;
}

/** The offences `validate` finds in one action schema named `a`. */
export function offencesOfSchema(schema: unknown): readonly Offence[] {
  return actionSchemaOffences(toolOf({ a: schema }));
}

/** The offences of a whole action record. */
export function offencesOf(record: unknown): readonly Offence[] {
  return actionSchemaOffences(toolOf(record));
}

/** The error `validate` throws (fails the test when it throws nothing or something else). */
export function validationError(record: unknown, name = "tasks"): ActionSchemaError {
  try {
    validate(toolOf(record, name));
  } catch (error) {
    if (error instanceof ActionSchemaError) return error;
    throw error;
  }
  throw new Error("validate did not throw");
}

/** A valid action schema to vary. */
export function validSchema(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    description: "Create a task",
    properties: { name: { type: "string" }, opts: { type: "object", properties: { due: { type: "string" } } } },
    ...extra,
  };
}

/** A property schema nested `depth` levels deep through `keyword`. */
export function nested(depth: number, wrap: (inner: unknown) => unknown, leaf: unknown = { type: "string" }): unknown {
  let schema = leaf;
  for (let level = 0; level < depth; level++) schema = wrap(schema);
  return schema;
}

/** The `ActionSchemaError` that `run` throws; anything else thrown (or nothing) fails the test. */
export function thrownActionSchemaError(run: () => unknown): ActionSchemaError {
  try {
    run();
  } catch (error) {
    if (error instanceof ActionSchemaError) return error;
    throw error;
  }
  throw new Error("expected an ActionSchemaError");
}

/** The text of an answer's first block (every answer the runtime words is one text block). */
export function firstText(answer: { readonly content: readonly unknown[] }): string {
  const block = answer.content[0] as { type?: unknown; text?: unknown } | undefined;
  if (block?.type !== "text" || typeof block.text !== "string")
    throw new Error(`the answer's first block is not text: ${JSON.stringify(block)}`);
  return block.text;
}
