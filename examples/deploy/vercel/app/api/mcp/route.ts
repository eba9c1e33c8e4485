// A Vercel (Next.js App Router) route handler at /api/mcp: each method
// exported, all answered by the fetch handler. Stateless — functions scale
// out and may answer each request from another instance. List your
// deployment's public name so DNS-rebinding protection knows it.
import { createFetchHandler } from "wymcp/fetch";
import { createTasksRouter, serverInfo } from "../../../../../tasks/src/server.js";

const mcp = createFetchHandler(createTasksRouter(), {
  serverInfo,
  stateless: true,
  allowedHosts: (process.env["MCP_HOSTS"] ?? "localhost").split(","),
  bearerToken: process.env["MCP_TOKEN"],
});

export const POST = (request: Request): Promise<Response> => mcp(request);
export const GET = POST;
export const DELETE = POST;
