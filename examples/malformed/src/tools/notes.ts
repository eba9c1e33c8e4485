/** A `notes` tool with two more mistakes (marked ✗). */
import { defineTool } from "wymcp";

export const notes = defineTool({
  name: "notes",
  description: "Notes on tasks",
  actions: {
    add: {
      description: "Add a note.\nThe text may use Markdown.", // ✗ a line break in a description: put the rest in notes
      properties: { task: { type: "integer" }, project: { type: "integer" }, text: { type: "string" } },
      required: ["text"],
      requiredOneOf: [["task"], ["project"], ["task"]], // ✗ the group ["task"] is listed twice
    },
  },
  handlers: {
    add: (data) => ({ added: data.text }),
  },
});
