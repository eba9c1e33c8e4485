// Validates a healthy tool and a malformed one with the built package, and
// prints what each moment reports. Run with `npm run demo`.
import { defineTool, fetchSchema, validate, ActionSchemaError } from "../dist/src/index.js";

const tasks = defineTool({
  name: "tasks",
  description: "Task management",
  actions: {
    create: {
      description: "Create a task",
      properties: { name: { type: "string" }, opts: { type: "object", properties: { due: { type: "string" } } } },
      required: ["name"],
      defaults: { opts: {} },
    },
    list: { description: "List tasks", properties: { done: { type: "boolean" } } },
  },
  handlers: { create: (data) => ({ id: 1, ...data }), list: () => [] },
});

const broken = defineTool({
  name: "notes",
  description: "Notes with the mistakes people make",
  actions: {
    add: {
      description: "Add a note\nwith a second line",
      note: "misspelled notes",
      properties: { text: { type: "string" }, tags: { type: "array", items: "string" } },
      required: ["txt"],
      defaults: { colour: "yellow" },
    },
  },
  handlers: { add: () => null },
});

validate(tasks);
console.log(`tool "tasks" is valid; fetchSchema(tasks, "create") →`, fetchSchema(tasks, "create").ok ? "checked schema" : "unknown");
try {
  validate(broken);
} catch (error) {
  if (!(error instanceof ActionSchemaError)) throw error;
  console.log(`\nvalidate(notes) throws ${error.name} with ${error.offences.length} offences:\n${error.message}`);
}
