/**
 * A `tasks` tool with two mistakes people really make (marked ✗). The type
 * checker accepts both: only wymcp's build-time check sees them.
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
      },
      required: ["name", "due"], // ✗ "due" is declared inside opts, not at the top level
      defaults: { opts: {} },
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
