/**
 * The example server over Streamable HTTP, on 127.0.0.1. `PORT` picks the
 * port (3000 by default; 0 for any free one), `MCP_TOKEN`, when set,
 * requires `Authorization: Bearer <token>`, and `STATELESS=1` serves without
 * sessions — for several instances behind a load balancer.
 */
import { serveHttp } from "wymcp/mcp";
import { createTasksRouter } from "./server.js";
import { tasksMcpServer } from "./extras.js";

const running = await serveHttp(createTasksRouter(), {
  // Server name, instructions, the resource and the prompt of extras.ts, beside the tools.
  mcpServer: tasksMcpServer,
  port: Number(process.env["PORT"] ?? 3000),
  stateless: process.env["STATELESS"] === "1",
  ...(process.env["MCP_TOKEN"] === undefined ? {} : { bearerToken: process.env["MCP_TOKEN"] }),
});
console.error(`wymcp tasks example: MCP endpoint ${running.url.href}`);

// Close sessions cleanly on Ctrl-C so clients see the server go away.
process.once("SIGINT", () => void running.close().then(() => process.exit(0)));
process.once("SIGTERM", () => void running.close().then(() => process.exit(0)));
