// A tools/call round trip over Streamable HTTP on loopback, SDK Client to
// server, stateful, SSE answers: wymcp's Node handler (serveHttp) and its
// fetch handler (createFetchHandler behind a minimal Node host) against the
// SDK's own Node transport around a bare low-level Server that checks
// nothing (the anchor). What wymcp adds per call: the guards, the session
// table, the gate, and the host that hands Node's request to the
// Web-standard core.
import { createServer } from "node:http";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { Server, isInitializeRequest } from "@modelcontextprotocol/server";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createRouter, defineTool } from "../dist/src/index.js";
import * as wymcpMcp from "../dist/src/mcp/index.js";

const { createFetchHandler, serveHttp } = wymcpMcp;
import { compare } from "./compare.mjs";
import { taskAction as create, validTask as data } from "./value-workload.mjs";

const result = (data) => ({ id: 1, name: data.name });

function listen(server) {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(new URL(`http://127.0.0.1:${server.address().port}/mcp`))));
}

/** The SDK's own stateful pattern: one transport per session, found by its header. */
async function sdkAnchor() {
  const transports = new Map();
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? transports.get(id) : undefined;
    if (transport === undefined && isInitializeRequest(body)) {
      transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (sid) => transports.set(sid, transport),
      });
      const bare = new Server({ name: "bench", version: "1.0.0" }, { capabilities: { tools: {} } });
      bare.setRequestHandler("tools/list", () => ({ tools: [] }));
      bare.setRequestHandler("tools/call", (request) => ({
        content: [{ type: "text", text: JSON.stringify(result(request.params.arguments)) }],
      }));
      await bare.connect(transport);
    }
    if (transport === undefined) return void res.writeHead(404).end();
    await transport.handleRequest(req, res, body);
  });
  return { url: await listen(http), close: () => new Promise((resolve) => (http.closeAllConnections(), http.close(resolve))) };
}

/** The fetch handler behind the smallest Node host: the request as a web Request with its body, the Response written back. */
async function fetchHost(router) {
  const mcp = createFetchHandler(router, { allowedHosts: "any" });
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers,
      body: chunks.length === 0 ? undefined : Buffer.concat(chunks),
    });
    const response = await mcp(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body !== null) for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
  return {
    url: await listen(http),
    close: async () => (await mcp.close(), await new Promise((resolve) => (http.closeAllConnections(), http.close(resolve)))),
  };
}

async function connect(url) {
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

export async function run() {
  const tasks = defineTool({ name: "tasks", description: "Tasks", actions: { create }, handlers: { create: result } });
  const router = createRouter({ tools: [tasks] });
  const node = await serveHttp(router);
  const fetchServer = await fetchHost(router);
  const anchor = await sdkAnchor();
  const [ours, viaFetch, sdk] = await Promise.all([connect(node.url), connect(fetchServer.url), connect(anchor.url)]);
  const call = (client) => client.callTool({ name: "tasks", arguments: { action: "create", data } });
  for (const client of [ours, viaFetch]) if ((await call(client)).isError) throw new Error("HTTP round trip: wymcp refused the valid data");
  await compare("tools/call over HTTP (Node handler)", () => call(ours), [
    { name: "SDK Node transport + bare Server", run: () => sdk.callTool({ name: "anything", arguments: data }) },
  ]);
  await compare("tools/call over HTTP (fetch handler)", () => call(viaFetch), [
    { name: "SDK Node transport + bare Server", run: () => sdk.callTool({ name: "anything", arguments: data }) },
  ]);
  await Promise.all([ours.close(), viaFetch.close(), sdk.close()]);
  await Promise.all([node.close(), fetchServer.close(), anchor.close()]);
}
