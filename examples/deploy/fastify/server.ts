// Fastify: the Node handler on a route, the reply hijacked so the handler
// writes it (SSE streams included). Fastify's JSON parser is replaced by
// one that leaves the body unread: the handler reads it within maxBodyBytes.
import Fastify from "fastify";
import { createHttpHandler } from "wymcp/mcp";
import { createTasksRouter, serverInfo } from "../../tasks/src/server.js";

export function createApp() {
  const mcp = createHttpHandler(createTasksRouter(), { serverInfo, bearerToken: process.env["MCP_TOKEN"] });
  const app = Fastify({ requestTimeout: 30_000 });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", (_request, _payload, done) => done(null, undefined));
  app.all("/mcp", async (request, reply) => {
    reply.hijack();
    await mcp.handle(request.raw, reply.raw);
  });
  app.addHook("onClose", () => mcp.close());
  return app;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  await createApp().listen({ port: 3000, host: "127.0.0.1" });
}
