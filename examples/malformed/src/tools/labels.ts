/** A `labels` tool whose `items` is written as a type name instead of a schema (✗). */
import { defineTool } from "wymcp";

export const labels = defineTool({
  name: "labels",
  description: "Labels for tasks",
  actions: {
    set: {
      description: "Replace a task's labels",
      properties: {
        task: { type: "integer" },
        // @ts-expect-error -- the type checker catches this one too; wymcp adds where and how to fix it
        labels: { type: "array", items: "string" }, // ✗ items must be a schema: { type: "string" }
      },
      required: ["task", "labels"],
    },
  },
  handlers: {
    set: (data) => ({ task: data.task }),
  },
});
