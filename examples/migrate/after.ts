// examples/migrate/after.ts — one tool, three actions: wymcp
import { createRouter, defineTool, ToolError } from "wymcp";
import { serveStdio } from "wymcp/mcp";

type Task = { id: number; name: string; due?: string | undefined; status: "open" | "closed" };
const tasks = new Map<number, Task>();
let lastId = 0;

const tasksTool = defineTool({
  name: "tasks",
  description: "Task management",
  actions: {
    create: {
      description: "Create a task",
      properties: {
        name: { type: "string", minLength: 1, description: "What to do" },
        due: { type: "string", format: "date", description: "Due date, YYYY-MM-DD" },
      },
      required: ["name"],
    },
    list: {
      description: "List tasks",
      properties: { status: { enum: ["open", "closed"] } },
      defaults: { status: "open" },
    },
    close: {
      description: "Close a task",
      properties: { id: { type: "integer", minimum: 1 } },
      required: ["id"],
    },
  },
  handlers: {
    create: async ({ name, due }) => {
      const task: Task = { id: ++lastId, name, due, status: "open" };
      tasks.set(task.id, task);
      return task;
    },
    list: async ({ status }) => ({ tasks: [...tasks.values()].filter((task) => task.status === status) }),
    close: async ({ id }) => {
      const task = tasks.get(id);
      if (task?.status !== "open") throw new ToolError("not_found", `no open task ${id}`);
      task.status = "closed";
      return { closed: id };
    },
  },
  hints: { not_found: 'Call tasks {action: "list"} to see the open tasks.' },
});

await serveStdio(createRouter({ tools: [tasksTool] }), { serverInfo: { name: "tasks", version: "1.0.0" } });
