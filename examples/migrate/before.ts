// examples/migrate/before.ts — three tools, one per operation: the SDK's McpServer and zod
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

type Task = { id: number; name: string; due?: string | undefined; status: "open" | "closed" };
const tasks = new Map<number, Task>();
let lastId = 0;

/** A result as JSON text. */
const json = (value: unknown) => ({ content: [{ type: "text" as const, text: JSON.stringify(value) }] });

function createServer(): McpServer {
  const server = new McpServer({ name: "tasks", version: "1.0.0" });

  server.registerTool(
    "create_task",
    {
      description: "Create a task",
      inputSchema: z.object({
        name: z.string().min(1).describe("What to do"),
        due: z.iso.date().optional().describe("Due date, YYYY-MM-DD"),
      }),
    },
    async ({ name, due }) => {
      const task: Task = { id: ++lastId, name, due, status: "open" };
      tasks.set(task.id, task);
      return json(task);
    },
  );

  server.registerTool(
    "list_tasks",
    {
      description: "List tasks",
      inputSchema: z.object({ status: z.enum(["open", "closed"]).default("open") }),
    },
    async ({ status }) => json({ tasks: [...tasks.values()].filter((task) => task.status === status) }),
  );

  server.registerTool(
    "close_task",
    {
      description: "Close a task",
      inputSchema: z.object({ id: z.number().int().min(1) }),
    },
    async ({ id }) => {
      const task = tasks.get(id);
      if (task?.status !== "open") return { ...json({ error: `no open task ${id}` }), isError: true };
      task.status = "closed";
      return json({ closed: id });
    },
  );

  return server;
}

serveStdio(createServer);
