/**
 * Property schemas and lookups the example's tools share. A schema written
 * once and imported keeps the ids of every tool described the same way; the
 * build plugins read `const` exports of relative modules, so shared schemas
 * are checked like inline ones.
 */
import { ToolError } from "wymcp";
import { store, type Project, type Task } from "../store.js";

export const projectId = { type: "integer", minimum: 1, description: "A project's id (see projects.list)" } as const;
export const taskId = { type: "integer", minimum: 1, description: "A task's id (see tasks.list)" } as const;
export const priority = { type: "string", enum: ["low", "normal", "high"], description: "How urgent the task is" } as const;
export const tags = { type: "array", items: { type: "string" }, description: 'Free-form labels, e.g. ["bug"]' } as const;

/**
 * The project with this id, or a `not_found` error the model can act on
 * (the tool's `hints` add what to call next).
 */
export function findProject(id: number): Project {
  const project = store.projects.get(id);
  if (project === undefined) throw new ToolError("not_found", `no project with id ${id}`);
  return project;
}

/** The task with this id, or a `not_found` error. */
export function findTask(id: number): Task {
  const task = store.tasks.get(id);
  if (task === undefined) throw new ToolError("not_found", `no task with id ${id}`);
  return task;
}
