/**
 * The README's "Sharing schemas between files" recipe: a schema declared in
 * one module (`test/support/shared-schemas.ts`) and used by a tool in
 * another keeps the handler's `data` typed when it is `as const` (with
 * `satisfies ActionSchema` checking it where it is written), and without
 * `as const` the widened schema is refused where it is used and its values
 * become `unknown`.
 */
import { describe, expectTypeOf, test } from "vitest";
import { defineTool, type ActionSchema } from "../src/index.js";
import { closeTask, taskId, widenedClose } from "./support/shared-schemas.js";

describe("a schema shared between files", () => {
  test("`as const satisfies ActionSchema`: data keeps its keys and value types in the importing file", () => {
    defineTool({
      name: "board",
      description: "The team's board",
      actions: { close: closeTask, reopen: { description: "Reopen a task", properties: { id: taskId }, required: ["id"] } },
      handlers: {
        close: (data) => {
          expectTypeOf(data).toEqualTypeOf<{ id: number; reason?: "done" | "dropped" }>();
          return { closed: data.id };
        },
        reopen: (data) => {
          expectTypeOf(data.id).toEqualTypeOf<number>();
          return { reopened: data.id };
        },
      },
    });
  });

  test("without `as const` the widened schema is refused where it is used, and its values are unknown", () => {
    defineTool({
      name: "board",
      description: "The team's board",
      // @ts-expect-error `type: string` (widened from "integer") is not a JSON type name
      actions: { close: widenedClose },
      handlers: {
        close: (data) => {
          expectTypeOf(data.id).toBeUnknown();
          return { closed: true };
        },
      },
    });
  });

  test("`satisfies ActionSchema` flags a misspelt key in the file that declares the schema", () => {
    const schema = {
      description: "Close a task",
      properties: { id: taskId },
      // @ts-expect-error "requried" is not an action-schema key
      requried: ["id"],
    } as const satisfies ActionSchema;
    expectTypeOf(schema.description).toEqualTypeOf<"Close a task">();
  });
});
