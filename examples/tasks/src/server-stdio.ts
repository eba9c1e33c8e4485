/**
 * The example server over stdio: the transport an MCP client (Claude
 * Desktop, MCP Inspector) uses when it starts the server as a child process.
 * stdout carries the protocol, so anything for humans goes to stderr.
 */
import { serveStdio } from "wymcp/mcp";
import { createTasksRouter, serverInfo } from "./server.js";

await serveStdio(createTasksRouter(), { serverInfo });
