/**
 * The `notes` tool: notes attached to a task or to a project. Every action
 * that targets something says so with `requiredOneOf`: either `task` or
 * `project` must be sent.
 */
import { defineTool, ToolError } from "wymcp";
import { store, type Note } from "../store.js";
import { findProject, findTask, projectId, taskId } from "./common.js";

export const notes = defineTool({
  name: "notes",
  title: "Notes",
  description: "Notes on tasks and projects: add, list, search, delete",
  actions: {
    add: {
      description: "Add a note to a task or to a project",
      properties: {
        text: { type: "string", minLength: 1, description: "Markdown allowed" },
        task: taskId,
        project: projectId,
      },
      required: ["text"],
      requiredOneOf: [["task"], ["project"]],
      notes: "Send task or project, not both: a note has one home.",
      examples: [{ text: "Waiting for the copy from marketing", task: 1 }],
    },
    list: {
      description: "List the notes of a task or of a project",
      properties: { task: taskId, project: projectId },
      requiredOneOf: [["task"], ["project"]],
    },
    search: {
      description: "Find notes whose text contains a phrase (case-insensitive)",
      properties: { query: { type: "string", minLength: 1 }, limit: { type: "integer", minimum: 1, maximum: 50 } },
      required: ["query"],
      defaults: { limit: 10 },
      related: ["notes.list"],
    },
    delete: {
      description: "Delete a note",
      properties: { id: { type: "integer", minimum: 1, description: "A note's id" } },
      required: ["id"],
    },
  },
  handlers: {
    add(data) {
      if (data.task !== undefined && data.project !== undefined) {
        throw new ToolError("ambiguous_target", "a note belongs to a task or to a project, not both", {
          hint: "send only task, or only project",
        });
      }
      const note: Note = { id: store.nextId("note"), text: data.text, createdAt: new Date().toISOString() };
      if (data.task !== undefined) note.task = findTask(data.task).id;
      else note.project = findProject(data.project!).id;
      store.notes.set(note.id, note);
      return { note };
    },
    list(data) {
      const notes = [...store.notes.values()].filter((note) =>
        data.task !== undefined ? note.task === data.task : note.project === data.project,
      );
      return { notes };
    },
    search(data) {
      const phrase = data.query.toLowerCase();
      return { notes: [...store.notes.values()].filter((note) => note.text.toLowerCase().includes(phrase)).slice(0, data.limit) };
    },
    delete(data) {
      if (!store.notes.delete(data.id)) throw new ToolError("not_found", `no note with id ${data.id}`);
      return { deleted: data.id };
    },
  },
  hints: { not_found: 'Call notes {action: "search", data: {query: "…"}} to find a note\'s id.' },
});
