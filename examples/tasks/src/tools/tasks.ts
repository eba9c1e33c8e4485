/**
 * The `tasks` tool: the richest of the three. Shows nested objects
 * (`opts`, `set`), `additionalProperties` (custom `fields`), `items`,
 * `requiredOneOf`, `defaults`, `notes`, `related`, `examples`, `hints`, an
 * `actionContext` function and an `outputSchema` (results are then also
 * sent as `structuredContent`).
 */
import { defineTool, ToolError } from "wymcp";
import { store, type Task } from "../store.js";
import { findProject, findTask, priority, projectId, tags, taskId } from "./common.js";

/** Custom string fields: any key, string values (`{ "estimate": "2h" }`). */
const fields = {
  type: "object",
  additionalProperties: { type: "string" },
  description: 'Custom string fields, e.g. { "estimate": "2h" }',
} as const;

/** What every result's `task` looks like; the SDK client checks structured results against it. */
const taskResult = {
  type: "object",
  properties: {
    id: { type: "integer" },
    project: { type: "integer" },
    name: { type: "string" },
    status: { type: "string", enum: ["open", "done"] },
    priority,
    due: { type: "string" },
    tags,
    fields,
  },
  required: ["id", "project", "name", "status", "priority", "tags", "fields"],
} as const;

/**
 * The custom fields, checked to be strings. wymcp's gate checks which keys
 * data carries, not the types of values: check the values your code relies on.
 */
function stringFields(fields: Record<string, string>): Record<string, string> {
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== "string") throw new ToolError("invalid_field", `fields[${JSON.stringify(key)}] is ${typeof value}, not a string`);
  }
  return fields;
}

export const tasks = defineTool({
  name: "tasks",
  title: "Tasks",
  description: "Create, list, update and close the tasks of a project",
  actions: {
    create: {
      description: "Create an open task in a project",
      properties: {
        project: projectId,
        name: { type: "string", minLength: 1, description: "A short imperative title" },
        opts: {
          type: "object",
          description: "Optional scheduling",
          properties: { due: { type: "string", format: "date" }, priority, tags },
        },
        fields,
      },
      required: ["project", "name"],
      // A sent `opts` replaces this default whole (defaults merge one level deep), so handlers still default each field.
      defaults: { opts: {}, fields: {} },
      notes: 'The project must exist and not be archived. Priority is "normal" unless given.',
      related: ["projects.create", "notes.add"],
      examples: [
        { project: 1, name: "Draft the agenda" },
        { project: 1, name: "Book the venue", opts: { due: "2025-09-01", priority: "high", tags: ["event"] }, fields: { budget: "2k" } },
      ],
    },
    get: {
      description: "Get one task",
      properties: { id: taskId },
      required: ["id"],
    },
    list: {
      description: "List tasks, newest last, filtered by project, status or tag",
      properties: {
        project: projectId,
        status: { type: "string", enum: ["open", "done", "any"] },
        tag: { type: "string" },
        limit: { type: "integer", minimum: 1, maximum: 100 },
        offset: { type: "integer", minimum: 0 },
      },
      defaults: { status: "open", limit: 20, offset: 0 },
      examples: [{ project: 1 }, { status: "any", tag: "bug", limit: 5 }],
    },
    update: {
      description: "Change a task's name, due date, priority, tags or fields",
      properties: {
        id: taskId,
        set: {
          type: "object",
          description: "Only the fields given change",
          properties: {
            name: { type: "string", minLength: 1 },
            due: { type: ["string", "null"], format: "date", description: "null clears the due date" },
            priority,
            tags,
            fields,
          },
        },
      },
      required: ["id", "set"],
      notes: "fields are merged: keys you send replace those of the task, the others stay.",
      examples: [{ id: 1, set: { priority: "high", fields: { estimate: "3h" } } }],
    },
    close: {
      description: "Mark one task or several as done",
      properties: { id: taskId, ids: { type: "array", items: taskId, minItems: 1 } },
      requiredOneOf: [["id"], ["ids"]],
      notes: "Closing several is all or nothing: an unknown id closes none.",
      related: ["tasks.list"],
      examples: [{ id: 2 }, { ids: [1, 2] }],
    },
  },
  handlers: {
    create(data) {
      const project = findProject(data.project);
      if (project.archived) throw new ToolError("archived", `project ${project.id} (${project.name}) is archived`);
      // `data.opts` and `data.fields` are always objects here: `defaults` fills them in.
      const { due, priority = "normal", tags = [] } = data.opts;
      const fields = stringFields(data.fields);
      const task: Task = { id: store.nextId("task"), project: project.id, name: data.name, status: "open", priority, tags, fields };
      if (due !== undefined) task.due = due;
      store.tasks.set(task.id, task);
      return { task };
    },
    get(data) {
      return { task: findTask(data.id) };
    },
    list(data) {
      if (data.project !== undefined) findProject(data.project);
      const matching = [...store.tasks.values()].filter(
        (task) =>
          (data.project === undefined || task.project === data.project) &&
          (data.status === "any" || task.status === data.status) &&
          (data.tag === undefined || task.tags.includes(data.tag)),
      );
      return { tasks: matching.slice(data.offset, data.offset + data.limit), total: matching.length };
    },
    update(data) {
      const task = findTask(data.id);
      const { name, due, priority, tags } = data.set;
      // Checked before anything changes: a refused update leaves the task as it was.
      const fields = data.set.fields === undefined ? undefined : stringFields(data.set.fields);
      if (name !== undefined) task.name = name;
      if (due === null) delete task.due;
      else if (due !== undefined) task.due = due;
      if (priority !== undefined) task.priority = priority;
      if (tags !== undefined) task.tags = tags;
      if (fields !== undefined) task.fields = { ...task.fields, ...fields };
      return { task };
    },
    close(data) {
      // The gate let the call through, so `ids` or else `id` is present (requiredOneOf).
      // Look every id up before changing anything, so an unknown id closes none.
      const closing = (data.ids ?? [data.id!]).map((id) => findTask(id));
      for (const task of closing) task.status = "done";
      return { closed: closing.map((task) => task.id) };
    },
  },
  outputSchema: {
    type: "object",
    properties: {
      task: taskResult,
      tasks: { type: "array", items: taskResult },
      total: { type: "integer", description: "How many tasks match, before paging" },
      closed: { type: "array", items: { type: "integer" } },
    },
  },
  hints: {
    not_found: 'Call tasks {action: "list", data: {status: "any"}} to see the tasks and their ids.',
    archived: "Archived projects take no new tasks: pick another project (projects.list).",
    invalid_field: 'Custom fields hold strings: send { "estimate": "2h" }, not { "estimate": 2 }.',
  },
  actionContext: (action) =>
    action === "create" || action === "update"
      ? 'Dates are calendar dates (YYYY-MM-DD). Use priority "high" only for work due this week.'
      : undefined,
});
