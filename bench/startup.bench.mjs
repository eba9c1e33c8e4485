// 6. Start-up: defining 50 tools × 10 actions and mounting them with
// createRouter vs building the equivalent zod tools and registering them on McpServer.
import { McpServer } from "@modelcontextprotocol/server";
import { createRouter, defineTool } from "../dist/src/index.js";
import { compare } from "./compare.mjs";
import { zodShape } from "./sdk-tools.mjs";
import { actionRecord } from "./workloads.mjs";

export async function run() {
  // Fresh declarations for every iteration: as at a real start, nothing is cached yet.
  const declarations = () => Array.from({ length: 50 }, () => actionRecord(10, 6, 2));
  await compare(
    "start-up (50 tools × 10 actions)",
    () => {
      const tools = declarations().map((actions, index) =>
        defineTool({
          name: `tool${index}`,
          description: `Tool ${index}`,
          actions,
          handlers: Object.fromEntries(Object.keys(actions).map((name) => [name, () => null])),
        }),
      );
      return createRouter({ tools });
    },
    [
      {
        name: "McpServer + zod tools",
        target: 0.5,
        run: () => {
          const server = new McpServer({ name: "bench", version: "1.0.0" });
          declarations().forEach((actions, index) => {
            for (const [name, action] of Object.entries(actions)) {
              server.registerTool(
                `tool${index}_${name}`,
                { description: action.description, inputSchema: zodShape(action.properties, action.required ?? []) },
                async () => ({ content: [] }),
              );
            }
          });
          return server;
        },
      },
    ],
    { time: 6000, rounds: 10 },
  );
}
