/**
 * The tasks example over Streamable HTTP with its sessions and their streams
 * in Redis: restart the process (or run several behind a load balancer) and
 * a client keeps its `Mcp-Session-Id`, and resumes a stream it lost with
 * `Last-Event-ID`. `REDIS_URL` names the Redis server, `PORT` the port (3000
 * by default), `MCP_TOKEN` (when set) the bearer token required.
 *
 * When Redis drops, the server keeps serving the sessions it holds and
 * answers what needs Redis 503 until the client has reconnected
 * (`redis-client.ts`).
 *
 * The tasks themselves live in the process here; a real server keeps its
 * tools' own state in a shared store too.
 */
import { serveHttp } from "wymcp/mcp";
import { createTasksRouter, serverInfo } from "../tasks/src/server.js";
import { connectRedis } from "./redis-client.js";
import { RedisEventStore } from "./redis-event-store.js";
import { RedisSessionStore } from "./redis-session-store.js";

const redis = await connectRedis(process.env["REDIS_URL"] ?? "redis://127.0.0.1:6379", (line) =>
  console.error(`wymcp redis example: ${line}`),
);
const running = await serveHttp(createTasksRouter(), {
  serverInfo,
  port: Number(process.env["PORT"] ?? 3000),
  sessionStore: new RedisSessionStore(redis),
  eventStore: new RedisEventStore(redis),
  ...(process.env["MCP_TOKEN"] === undefined ? {} : { bearerToken: process.env["MCP_TOKEN"] }),
});
console.error(`wymcp redis example: MCP endpoint ${running.url.href}`);

// Sessions closed here stay in Redis: the next process revives them.
const stop = () =>
  void running
    .close()
    .then(() => redis.quit())
    .then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
