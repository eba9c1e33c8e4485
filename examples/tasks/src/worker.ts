/**
 * The example server as a Cloudflare Worker (or any runtime whose entry is a
 * `fetch(request)` export: Deno, Bun). Stateless: the platform may send each
 * request to a different isolate, so no session may live in one. The store
 * lives in the isolate's memory, as in the other servers — a real
 * deployment keeps it in a database.
 */
import { createFetchHandler } from "wymcp/fetch";
import { createTasksRouter, serverInfo } from "./server.js";

const mcp = createFetchHandler(createTasksRouter(), { serverInfo, stateless: true });

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== "/mcp") return new Response("Not found: the MCP endpoint is /mcp\n", { status: 404 });
    return mcp(request);
  },
};
