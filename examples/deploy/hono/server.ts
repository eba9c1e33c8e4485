// Hono: the fetch handler on a route. On Node (@hono/node-server) the
// connection is known, so the handler is told when it is loopback: DNS-
// rebinding protection then serves only loopback Host names. On Workers,
// Deno or Bun, export `app` (its `fetch`) instead of calling serve().
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { IncomingMessage } from "node:http";
import { createFetchHandler } from "wymcp/fetch";
import { createTasksRouter, serverInfo } from "../../tasks/src/server.js";

export function createApp() {
  const mcp = createFetchHandler(createTasksRouter(), { serverInfo, stateless: true });
  const app = new Hono<{ Bindings: { incoming?: IncomingMessage } }>();
  app.all("/mcp", (c) => mcp.handle(c.req.raw, { loopback: isLoopback(c.env.incoming?.socket.localAddress) }));
  return app;
}

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === "::1" || /^(::ffff:)?127\./.test(address));
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  serve({ fetch: createApp().fetch, port: 3000, hostname: "127.0.0.1" });
}
