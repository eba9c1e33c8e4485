// A Cloudflare Worker serving MCP at /mcp, stateless (Workers spread
// requests over isolates), behind a bearer token from the MCP_TOKEN secret.
import { createFetchHandler, type FetchHandler } from "wymcp/fetch";
import { createTasksRouter, serverInfo } from "../../../tasks/src/server.js";

interface Env {
  readonly MCP_TOKEN: string;
}

// Made at the first request: the secret is known only then, and Workers allow no random values at load.
let mcp: FetchHandler | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (new URL(request.url).pathname !== "/mcp") return new Response("Not found\n", { status: 404 });
    mcp ??= createFetchHandler(createTasksRouter(), { serverInfo, stateless: true, bearerToken: env.MCP_TOKEN });
    return mcp(request);
  },
};
