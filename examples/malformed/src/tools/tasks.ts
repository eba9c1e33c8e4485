/**
 * A `tasks` tool with two mistakes people really make (marked ✗). wymcp's
 * build-time check names both; `defineTool`'s types flag them in the editor
 * too (hence the `@ts-expect-error` at the end of the line above each).
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
