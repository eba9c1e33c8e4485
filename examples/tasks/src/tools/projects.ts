/**
 * The `projects` tool: a project groups tasks. Shows `requiredOneOf`
 * (find a project by id *or* by name), `defaults`, `items`, and a string
 * `actionContext`.
 */
import { defineTool, ToolError } from "wymcp";
import { store, type Project } from "../store.js";
import { findProject, projectId, tags } from "./common.js";

export const projects = defineTool({
  name: "projects",
  title: "Projects",
  description: "Create, find and archive projects; every task belongs to one",
  actions: {
    create: {
      description: "Create a project",
      properties: {
        name: { type: "string", minLength: 1, description: "A unique project name" },
        description: { type: "string" },
        labels: tags,
      },
      required: ["name"],
      defaults: { labels: [] },
      examples: [{ name: "Website relaunch", labels: ["marketing"] }],
      related: ["tasks.create"],
    },
    list: {
      description: "List projects, archived ones on request",
      properties: { includeArchived: { type: "boolean" } },
      defaults: { includeArchived: false },
    },
    get: {
      description: "Get one project by id or by name, with its task counts",
      properties: { id: projectId, name: { type: "string" } },
      requiredOneOf: [["id"], ["name"]],
      examples: [{ id: 1 }, { name: "Website" }],
    },
    archive: {
      description: "Archive a project: it leaves the list, its tasks stay",
      properties: { id: projectId },
      required: ["id"],
      notes: "Archiving is reversible only by an administrator. Close the open tasks first if they are no longer needed.",
      related: ["tasks.close"],
    },
  },
  handlers: {
    create(data) {
      // `data.labels` is a string[] even when the caller left it out: `defaults` fills it in.
      if ([...store.projects.values()].some((project) => project.name === data.name)) {
        throw new ToolError("conflict", `a project named ${JSON.stringify(data.name)} already exists`, {
          hint: "pick another name, or use projects.get to find the existing one",
        });
      }
      const project: Project = { id: store.nextId("project"), name: data.name, labels: data.labels, archived: false };
      if (data.description !== undefined) project.description = data.description;
      store.projects.set(project.id, project);
      return { project };
    },
    list(data) {
      return { projects: [...store.projects.values()].filter((project) => data.includeArchived || !project.archived) };
    },
    get(data) {
      // The gate guarantees one group is complete: an id, or else a name.
      const project =
        data.id !== undefined ? findProject(data.id) : [...store.projects.values()].find((candidate) => candidate.name === data.name);
      if (project === undefined) throw new ToolError("not_found", `no project named ${JSON.stringify(data.name)}`);
      const tasks = [...store.tasks.values()].filter((task) => task.project === project.id);
      return {
        project,
        openTasks: tasks.filter((task) => task.status === "open").length,
        doneTasks: tasks.filter((task) => task.status === "done").length,
      };
    },
    archive(data) {
      const project = findProject(data.id);
      project.archived = true;
      return { project };
    },
  },
  hints: { not_found: 'Call projects {action: "list", data: {includeArchived: true}} to see every project and its id.' },
  actionContext: "A project groups tasks: create the project first, then its tasks with tasks.create.",
});
