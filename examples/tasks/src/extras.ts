/**
 * Beyond tools: a resource and a prompt, served beside the router's tools
 * through the SDK's own McpServer. wymcp calls this factory for every server
 * it creates (the stdio connection, each HTTP session) and binds the tools
 * to it, so the McpServer registers no tool itself.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { store } from "./store.js";
import { INSTRUCTIONS, serverInfo } from "./server.js";

const openTasks = () => [...store.tasks.values()].filter((task) => task.status === "open");

export function tasksMcpServer(): McpServer {
  const mcp = new McpServer(serverInfo, { instructions: INSTRUCTIONS });
  mcp.registerResource(
    "open-tasks",
    "tasks://open",
    { title: "Open tasks", description: "Every open task, as JSON", mimeType: "application/json" },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(openTasks()) }],
    }),
  );
  mcp.registerPrompt("triage", { title: "Triage", description: "Ask the model to order the open tasks by urgency" }, () => ({
    messages: [
      {
        role: "user",
        content: {
          type: "text",
          text: `Order these open tasks by urgency and say why, then set priorities with the tasks tool:\n${openTasks()
            .map((task) => `- #${task.id} ${task.name} (${task.priority})`)
            .join("\n")}`,
        },
      },
    ],
  }));
  return mcp;
}
