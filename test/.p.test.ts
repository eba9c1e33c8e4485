import { test } from "vitest";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { tools } from "../examples/tasks/src/tools/index.js";
import { createRouter } from "../src/index.js";
import { connectSdk } from "./support/sdk-session.js";
test("p", async () => {
  for (const mode of ["complete","strict"] as const) {
  const s = await connectSdk(createRouter({ tools, listing: mode }));
  const loaded = await loadMcpTools("x", s.client as never);
  console.log(mode, JSON.stringify((loaded[3] as any).schema).slice(0,3000));
  console.log(mode, JSON.stringify(convertToOpenAITool(loaded[3] as never, { strict: true })).slice(0, 3000));
  }
});
