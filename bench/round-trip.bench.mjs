// 3. A tools/call round trip through the SDK v2: wymcp vs the SDK's McpServer
// with the equivalent zod tool (the same value constraints, strict where
// wymcp closes), and vs a bare low-level Server handler that checks nothing
// (the floor); in a 2025 session over InMemoryTransport, and as a 2026-07-28
// per-request call (a Web `Request` with the `_meta` envelope, answered by
// wymcp's fetch handler or the SDK's createMcpHandler, a fresh server each).
//
// Each server is measured in a fresh Node process of its own, so one's garbage
// is never collected in another's time; the processes alternate (ours, then
// each anchor) and the ratio reported is the median of the rounds' ratios, for
// wall time and for CPU time (which a virtual machine's stolen time does not
// inflate).
//
//   npm run build && node bench/run.mjs round-trip
//   WYMCP_BENCH_REPS=15 node bench/run.mjs round-trip     (more rounds)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createMcpHandler, InMemoryTransport, McpServer, Server } from "@modelcontextprotocol/server";
import { Client } from "@modelcontextprotocol/client";
import { createRouter, defineTool } from "../dist/src/index.js";
import { createFetchHandler, createMcpServer } from "../dist/src/mcp/index.js";
import { recordRounds } from "./compare.mjs";
import { zodAction } from "./sdk-tools.mjs";
import { invalidTask, taskAction as create, validTask as data } from "./value-workload.mjs";

const here = fileURLToPath(import.meta.url);
const CALLS = 20_000;
const WARM_UP = 5_000;
const result = (data) => ({ id: 1, name: data.name });

async function connected(server) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

/** Each side's client, and the call it makes with some data. */
const sides = {
  async wymcp() {
    const tasks = defineTool({ name: "tasks", description: "Tasks", actions: { create }, handlers: { create: result } });
    const client = await connected(createMcpServer(createRouter({ tools: [tasks] })));
    return (args) => client.callTool({ name: "tasks", arguments: { action: "create", data: args } });
  },
  async mcpServer() {
    const server = new McpServer({ name: "bench", version: "1.0.0" });
    server.registerTool("tasks_create", { description: create.description, inputSchema: zodAction(create) }, async (args) => ({
      content: [{ type: "text", text: JSON.stringify(result(args)) }],
    }));
    const client = await connected(server);
    return (args) => client.callTool({ name: "tasks_create", arguments: args });
  },
  async floor() {
    const server = new Server({ name: "bench", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/list", () => ({ tools: [] }));
    server.setRequestHandler("tools/call", (request) => ({
      content: [{ type: "text", text: JSON.stringify(result(request.params.arguments)) }],
    }));
    const client = await connected(server);
    return (args) => client.callTool({ name: "anything", arguments: args });
  },
};

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
let nextId = 0;

/** A 2026-07-28 tools/call as a Web `Request`, its answer's result read from the JSON body. */
function modernCall(fetch, name, args) {
  const request = new Request("http://localhost/mcp", {
    method: "POST",
    headers: {
      host: "localhost",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++nextId, method: "tools/call", params: { name, arguments: args, _meta: ENVELOPE } }),
  });
  return fetch(request)
    .then((response) => response.json())
    .then((body) => body.result ?? { isError: true });
}

/** The same servers, each answering one 2026-07-28 request per fresh instance. */
const modernSides = {
  wymcp() {
    const tasks = defineTool({ name: "tasks", description: "Tasks", actions: { create }, handlers: { create: result } });
    const handler = createFetchHandler(createRouter({ tools: [tasks] }));
    return (args) => modernCall((request) => handler.handle(request, { loopback: true }), "tasks", { action: "create", data: args });
  },
  mcpServer() {
    const handler = createMcpHandler(
      () => {
        const server = new McpServer({ name: "bench", version: "1.0.0" });
        server.registerTool("tasks_create", { description: create.description, inputSchema: zodAction(create) }, async (args) => ({
          content: [{ type: "text", text: JSON.stringify(result(args)) }],
        }));
        return server;
      },
      { legacy: "reject" },
    );
    return (args) => modernCall(handler.fetch, "tasks_create", args);
  },
  floor() {
    const handler = createMcpHandler(
      () => {
        const server = new Server({ name: "bench", version: "1.0.0" }, { capabilities: { tools: {} } });
        server.setRequestHandler("tools/list", () => ({ tools: [] }));
        server.setRequestHandler("tools/call", (request) => ({
          content: [{ type: "text", text: JSON.stringify(result(request.params.arguments)) }],
        }));
        return server;
      },
      { legacy: "reject" },
    );
    return (args) => modernCall(handler.fetch, "anything", args);
  },
};

/** In the child: one side's calls, timed after a warm-up; prints { wall, cpu } in µs per call. */
async function measure(era, side) {
  const modern = era === "2026";
  const call = await (modern ? modernSides : sides)[side]();
  const [calls, warmUp] = modern ? [CALLS / 10, WARM_UP / 10] : [CALLS, WARM_UP];
  if (side !== "floor") {
    // Both checking servers answer the valid call and refuse the invalid one before anything is timed.
    if ((await call(data)).isError) throw new Error(`tools/call round trip: ${side} refused the valid data`);
    if (!(await call(invalidTask)).isError) throw new Error(`tools/call round trip: ${side} accepted the invalid data`);
  }
  for (let i = 0; i < warmUp; i++) await call(data);
  const start = performance.now();
  const startCpu = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call(data);
  const used = process.cpuUsage(startCpu);
  process.stdout.write(JSON.stringify({ wall: ((performance.now() - start) * 1000) / calls, cpu: (used.user + used.system) / calls }));
  process.exit(0);
}

function child(era, side) {
  const run = spawnSync(process.execPath, [here, "--child", era, side], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`tools/call round trip: the ${side} process failed\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

export async function run() {
  const rounds = 9 + Number(process.env.WYMCP_BENCH_REPS ?? 0);
  for (const [era, label] of [
    ["2025", "tools/call round trip (2025 session)"],
    ["2026", "tools/call round trip (2026-07-28, per request)"],
  ]) {
    const samples = { wymcp: [], mcpServer: [], floor: [] };
    for (let round = 0; round < rounds; round++) for (const side of Object.keys(samples)) samples[side].push(child(era, side));
    recordRounds(label, samples.wymcp, [
      { name: "SDK McpServer + zod", target: 1.0, samples: samples.mcpServer },
      { name: "bare low-level Server (floor)", target: 1.1, samples: samples.floor },
    ]);
  }
}

if (process.argv[2] === "--child") await measure(process.argv[3], process.argv[4]);
