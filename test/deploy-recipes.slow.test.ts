/**
 * The deployment recipes under examples/deploy/, each run as its framework
 * runs it and driven by the SDK's own Client: Express, Fastify and Hono on
 * Node (real HTTP on 127.0.0.1), the Cloudflare Worker built by its
 * build.mjs and run in workerd with its wrangler.toml's settings, and the
 * Vercel route handler called with `Request`s.
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { build, type BuildOptions } from "esbuild";
import { afterEach, describe, expect, test } from "vitest";
import { exerciseTasksExample } from "./support/runtime-session.js";
import { exchange, INITIALIZE } from "./support/http-exchange.js";

const deploy = fileURLToPath(new URL("../examples/deploy/", import.meta.url));
const closers: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function listening(server: Server): Promise<URL> {
  return new Promise((resolve) => {
    const ready = () => resolve(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`));
    if (server.listening) ready();
    else server.once("listening", ready);
  });
}

describe("Node frameworks", () => {
  test("Express: a whole session; the guards answer through it (Host, body limit)", async () => {
    const { createApp } = await import("../examples/deploy/express/server.js");
    const { app, mcp } = createApp();
    const server = app.listen(0, "127.0.0.1");
    closers.push(
      () => mcp.close(),
      () => void (server.closeAllConnections(), server.close()),
    );
    const url = await listening(server);
    await exerciseTasksExample(url, 3);
    expect((await exchange(url, { headers: { host: "rebound.example" }, body: INITIALIZE })).status).toBe(403);
    expect((await exchange(url, { body: "x".repeat(2 * 1024 * 1024) })).status).toBe(413);
  });

  test("Fastify: a whole session, its SSE answers written by the handler; a malformed body is JSON-RPC's -32700", async () => {
    const { createApp } = await import("../examples/deploy/fastify/server.js");
    const app = createApp();
    closers.push(() => app.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/mcp`);
    await exerciseTasksExample(url, 3);
    const malformed = await exchange(url, { body: "{oops" });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ error: { code: -32700 } });
  });

  test("Hono on Node: a whole session; a loopback connection serves only loopback Host names", async () => {
    const { createApp } = await import("../examples/deploy/hono/server.js");
    const server = serve({ fetch: createApp().fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    closers.push(() => void (server.closeAllConnections(), server.close()));
    const url = await listening(server);
    await exerciseTasksExample(url, 3);
    expect((await exchange(url, { headers: { host: "rebound.example" }, body: INITIALIZE })).status).toBe(403);
  });
});

describe("serverless", () => {
  test("the Vercel route handler: every method exported, a whole session through them, foreign hosts refused", async () => {
    process.env["MCP_HOSTS"] = "mcp.example.com";
    const route = await import("../examples/deploy/vercel/app/api/mcp/route.js");
    const methods: Record<string, (request: Request) => Promise<Response>> = { POST: route.POST, GET: route.GET, DELETE: route.DELETE };
    const fetchRoute = (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      return methods[request.method]!(request);
    };
    const { Client } = await import("@modelcontextprotocol/client");
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const client = new Client({ name: "vercel-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL("https://mcp.example.com/api/mcp"), { fetch: fetchRoute }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["help", "tasks", "projects", "notes"]);
    const created = await client.callTool({ name: "tasks", arguments: { action: "create", data: { project: 1, name: "Ship it" } } });
    expect(created.isError).toBeFalsy();
    await client.close();
    const foreign = await route.POST(
      new Request("https://evil.example/api/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: INITIALIZE,
      }),
    );
    expect(foreign.status).toBe(403);
  });

  const workerd = createRequire(import.meta.url).resolve("workerd/bin/workerd");
  const probe = spawnSync(workerd, ["--version"], { encoding: "utf8" });
  const unavailable = probe.status === 0 ? undefined : `workerd cannot run on this machine: ${probe.error?.message ?? probe.stderr.trim()}`;
  if (unavailable !== undefined) console.log(`skipped the Cloudflare Worker recipe: ${unavailable}`);

  test.skipIf(unavailable !== undefined)(
    "the Cloudflare Worker: built by its build.mjs, run in workerd as wrangler.toml says, behind the MCP_TOKEN secret",
    async () => {
      const folder = `${deploy}cloudflare-worker/`;
      const wrangler = readFileSync(`${folder}wrangler.toml`, "utf8");
      const setting = (name: string) => new RegExp(`^${name} = "([^"]+)"`, "m").exec(wrangler)?.[1];
      expect(wrangler).toMatch(/^no_bundle = true$/m);
      const { options } = (await import(pathToFileURL(`${folder}build.mjs`).href)) as { options: BuildOptions };
      await build({ ...options, logLevel: "silent" });
      expect(`${folder}${setting("main")}`).toBe(`${folder}${options.outfile}`);
      const { Miniflare } = await import("miniflare");
      const mf = new Miniflare({
        modules: true,
        scriptPath: `${folder}${setting("main")}`,
        modulesRoot: folder,
        compatibilityDate: setting("compatibility_date")!,
        bindings: { MCP_TOKEN: "s3cret" },
        host: "127.0.0.1",
        port: 0,
      });
      closers.push(() => mf.dispose());
      const url = new URL("/mcp", await mf.ready);
      expect((await exchange(url, { body: INITIALIZE })).status).toBe(401);
      const { Client } = await import("@modelcontextprotocol/client");
      const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
      const client = new Client({ name: "worker-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: "Bearer s3cret" } } }));
      const help = await client.callTool({ name: "help", arguments: {} });
      expect(help.isError).toBeFalsy();
      const created = await client.callTool({ name: "tasks", arguments: { action: "create", data: { project: 1, name: "Ship it" } } });
      expect(created.isError).toBeFalsy();
      await client.close();
    },
  );
});
