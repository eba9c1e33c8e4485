/**
 * The example server over stdio: the transport an MCP client (Claude
 * Desktop, MCP Inspector) uses when it starts the server as a child process.
 * stdout carries the protocol, so anything for humans goes to stderr.
 */
import { serveStdio } from "wymcp/mcp";
import { createTasksRouter } from "./server.js";
import { tasksMcpServer } from "./extras.js";

// The resource and the prompt of extras.ts are served beside the tools.
await serveStdio(createTasksRouter(), { mcpServer: tasksMcpServer });
