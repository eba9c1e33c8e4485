// 4. tools/list size for 20 tools × 8 actions: wymcp's compact listing vs one
// flat tool per action, as an SDK server would list them (bytes of JSON).
import { createRouter, defineTool } from "../dist/src/index.js";
import { record } from "./compare.mjs";
import { flatTool } from "./sdk-tools.mjs";
import { actionRecord } from "./workloads.mjs";

export async function run() {
  const tools = Array.from({ length: 20 }, (_, index) => {
    const actions = actionRecord(8, 8, 3);
    return defineTool({
      name: `tool${index}`,
      description: `Tool ${index}`,
      actions,
      handlers: Object.fromEntries(Object.keys(actions).map((name) => [name, () => null])),
    });
  });
  const compact = JSON.stringify({ tools: createRouter({ tools }).listTools() });
  const flat = JSON.stringify({
    tools: tools.flatMap((tool, index) =>
      Object.entries(actionRecord(8, 8, 3)).map(([name, action]) => flatTool(`tool${index}`, name, action)),
    ),
  });
  record("tools/list bytes (20 tools × 8 actions)", "one flat tool per action", Buffer.byteLength(compact), Buffer.byteLength(flat), 0.3);
}
