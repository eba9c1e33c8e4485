/**
 * Schemas kept in a module of their own and imported by a tool elsewhere, as
 * the README's "Sharing schemas between files" recipe writes them, and the
 * same schemas written without `as const` (what the recipe warns about).
 */
import type { ActionSchema } from "../../src/index.js";

export const taskId = { type: "integer", minimum: 1, description: "A task's id" } as const;

/** The recipe: `as const` keeps the literals, `satisfies` checks the schema where it is written. */
export const closeTask = {
  description: "Close a task",
  properties: { id: taskId, reason: { type: "string", enum: ["done", "dropped"] } },
  required: ["id"],
} as const satisfies ActionSchema;

/** Without `as const`: TypeScript widens `"integer"` to `string` and `["id"]` to `string[]` at this declaration. */
export const widenedClose = {
  description: "Close a task",
  properties: { id: { type: "integer" } },
  required: ["id"],
};
