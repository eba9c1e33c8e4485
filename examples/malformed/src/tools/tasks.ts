/**
 * A `tasks` tool with two mistakes people really make (marked ✗), named by
 * wymcp's check and by `defineTool`'s types (hence the `@ts-expect-error`s).
 */
import { defineTool } from "wymcp";

export const tasks = defineTool({
  name: "tasks",
  description: "Task management",
  actions: {
    create: {
      description: "Create a task",
      properties: {
        name: { type: "string" },
        opts: { type: "object", properties: { due: { type: "string" } } },
      }, // @ts-expect-error -- the types flag the undeclared "due" too
      required: ["name", "due"], // ✗ "due" is declared inside opts, not at the top level
      defaults: { opts: {} }, // @ts-expect-error -- the types flag the unknown key "note" too
      note: "Dates are YYYY-MM-DD.", // ✗ misspelled: the key is "notes"
    },
    list: {
      description: "List tasks",
      properties: { status: { type: "string", enum: ["open", "done"] } },
    },
  },
  handlers: {
    create: (data) => ({ created: data.name }),
    list: () => ({ tasks: [] }),
  },
});
