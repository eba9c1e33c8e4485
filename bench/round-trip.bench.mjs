// 3. A tools/call round trip through the SDK over InMemoryTransport: wymcp vs
// the SDK's McpServer with an equivalent zod tool, and vs a bare low-level
// Server handler (the floor).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createRouter, defineTool } from "../dist/src/index.js";
import { createMcpServer } from "../dist/src/mcp/index.js";
import { compare } from "./compare.mjs";
import { zodShape } from "./sdk-tools.mjs";

const create = {
  description: "Create a task",
  properties: { name: { type: "string" }, due: { type: "string" }, opts: { type: "object", properties: { urgent: { type: "boolean" } } } },
  required: ["name"],
};
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
  mcpServer.registerTool("tasks_create", { description: create.description, inputSchema: zodShape(create.properties, create.required) }, async (data) => ({
    content: [{ type: "text", text: JSON.stringify(result(data)) }],
  }));
  const sdk = await connected(mcpServer);

  const bare = new Server({ name: "bench", version: "1.0.0" }, { capabilities: { tools: {} } });
  bare.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
  bare.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: "text", text: JSON.stringify(result(request.params.arguments)) }] }));
  const floor = await connected(bare);

  const data = { name: "Write docs", due: "2026-12-01", opts: { urgent: true } };
  await compare("tools/call round trip", () => ours.callTool({ name: "tasks", arguments: { action: "create", data } }), [
    { name: "SDK McpServer + zod", target: 1.0, run: () => sdk.callTool({ name: "tasks_create", arguments: data }) },
    { name: "bare low-level Server (floor)", target: 1.1, run: () => floor.callTool({ name: "anything", arguments: data }) },
  ]);
  await Promise.all([ours.close(), sdk.close(), floor.close()]);
}
