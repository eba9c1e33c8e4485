// Express: the Node handler on a route. No express.json() in front of it —
// the handler reads the body itself, within maxBodyBytes, and answers a
// malformed one as JSON-RPC says. (With a body parser in front, pass
// req.body as the third argument; the parser's own limit then applies.)
import express from "express";
import { createHttpHandler } from "wymcp/mcp";
import { createTasksRouter, serverInfo } from "../../tasks/src/server.js";

export function createApp() {
  const mcp = createHttpHandler(createTasksRouter(), { serverInfo, bearerToken: process.env["MCP_TOKEN"] });
  const app = express();
  app.all("/mcp", (req, res) => void mcp.handle(req, res));
  return { app, mcp };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const server = createApp().app.listen(3000, "127.0.0.1");
  // Bound slow clients, as serveHttp does (Node's default lets a stalled upload hold its buffers for 300 s).
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
}
