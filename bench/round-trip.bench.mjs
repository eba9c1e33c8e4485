// 3. A tools/call round trip through the SDK over InMemoryTransport: wymcp vs
// the SDK's McpServer with the equivalent zod tool (the same value
// constraints, strict where wymcp closes), and vs a bare low-level Server
// handler that checks nothing (the floor).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createRouter, defineTool } from "../dist/src/index.js";
import { createMcpServer } from "../dist/src/mcp/index.js";
import { compare } from "./compare.mjs";
import { zodAction } from "./sdk-tools.mjs";
import { invalidTask, taskAction as create, validTask as data } from "./value-workload.mjs";

const result = (data) => ({ id: 1, name: data.name });

async function connected(server) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

export async function run() {
  const tasks = defineTool({ name: "tasks", description: "Tasks", actions: { create }, handlers: { create: result } });
  const ours = await connected(createMcpServer(createRouter({ tools: [tasks] })));

  const mcpServer = new McpServer({ name: "bench", version: "1.0.0" });
  mcpServer.registerTool("tasks_create", { description: create.description, inputSchema: zodAction(create) }, async (data) => ({
    content: [{ type: "text", text: JSON.stringify(result(data)) }],
  }));
  const sdk = await connected(mcpServer);

  const bare = new Server({ name: "bench", version: "1.0.0" }, { capabilities: { tools: {} } });
  bare.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
  bare.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: "text", text: JSON.stringify(result(request.params.arguments)) }] }));
  const floor = await connected(bare);

  // Both checking servers answer the valid call and refuse the invalid one before anything is timed.
  for (const [label, call] of [
    ["wymcp", (args) => ours.callTool({ name: "tasks", arguments: { action: "create", data: args } })],
    ["SDK McpServer + zod", (args) => sdk.callTool({ name: "tasks_create", arguments: args })],
  ]) {
    if ((await call(data)).isError) throw new Error(`tools/call round trip: ${label} refused the valid data`);
    if (!(await call(invalidTask)).isError) throw new Error(`tools/call round trip: ${label} accepted the invalid data`);
  }
  await compare("tools/call round trip", () => ours.callTool({ name: "tasks", arguments: { action: "create", data } }), [
    { name: "SDK McpServer + zod", target: 1.0, run: () => sdk.callTool({ name: "tasks_create", arguments: data }) },
    { name: "bare low-level Server (floor)", target: 1.1, run: () => floor.callTool({ name: "anything", arguments: data }) },
  ]);
  await Promise.all([ours.close(), sdk.close(), floor.close()]);
}
