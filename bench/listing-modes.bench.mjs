// 8. tools/list per listing mode, for the tasks example and for 20 tools × 8
// actions: bytes of the JSON a client receives, and an estimate of the tokens
// a model reads (OpenAI's o200k_base encoding, via js-tiktoken), each against
// one flat tool per action as an SDK server lists it (the anchor, measured in
// the same run). The anyOf row is the shape not taken: one tool per wymcp tool,
// `data` an anyOf of the strict per-action schemas.
import { build } from "esbuild";
import { getEncoding } from "js-tiktoken";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { createRouter, defineTool } from "../dist/src/index.js";
import { record } from "./compare.mjs";
import { flatTool } from "./sdk-tools.mjs";
import { actionRecord } from "./workloads.mjs";

const MODES = ["compact", "complete", "strict", "gemini"];
const encoding = getEncoding("o200k_base");
const sizeOf = (tools) => {
  const json = JSON.stringify({ tools });
  return { bytes: Buffer.byteLength(json), tokens: encoding.encode(json).length };
};

/** The tasks example's tools, bundled from source with `wymcp` pointing at dist/. */
async function tasksTools() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const out = await build({
    entryPoints: [join(root, "examples/tasks/src/tools/index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    alias: { wymcp: join(root, "dist/src/index.js") },
    logLevel: "silent",
  });
  const folder = mkdtempSync(join(tmpdir(), "wymcp-listing-"));
  const file = join(folder, "tools.mjs");
  writeFileSync(file, out.outputFiles[0].text);
  try {
    return (await import(pathToFileURL(file).href)).tools;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The shape not taken: per tool, `data` an anyOf of the strict per-action schemas. */
function anyOfListing(tools, strictListings) {
  return tools.map((tool) => {
    const own = strictListings.filter((listing) => listing.name.startsWith(`${tool.name}_`));
    const names = own.map((listing) => listing.name.slice(tool.name.length + 1));
    return {
      name: tool.name,
      description: tool.description,
      inputSchema: {
        type: "object",
        properties: {
          action: { enum: names },
          data: { anyOf: own.map((listing) => ({ description: `${listing.name}: ${listing.description}`, ...listing.inputSchema })) },
        },
        required: ["action", "data"],
        additionalProperties: false,
      },
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    };
  });
}

function measure(title, tools, flat) {
  const anchor = sizeOf(flat);
  const rows = [];
  for (const mode of MODES) {
    const listings = createRouter({ tools, listing: mode }).listTools();
    rows.push([mode, listings.length, sizeOf(listings)]);
  }
  const strict = createRouter({ tools, listing: "strict" }).listTools().slice(1);
  rows.push(["strict as one anyOf per tool (not taken)", tools.length, sizeOf(anyOfListing(tools, strict))]);
  console.log(`\n${title} — anchor: one flat tool per action, ${flat.length} tools, ${anchor.bytes} bytes, ~${anchor.tokens} tokens`);
  console.log("| mode | tools listed | bytes | ratio | tokens (o200k) | ratio |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const [mode, count, size] of rows) {
    console.log(
      `| ${mode} | ${count} | ${size.bytes} | ${(size.bytes / anchor.bytes).toFixed(3)} | ${size.tokens} | ${(size.tokens / anchor.tokens).toFixed(3)} |`,
    );
  }
  for (const [mode, , size] of rows.slice(0, MODES.length))
    record(`${title}, ${mode}: tools/list tokens`, "one flat tool per action", size.tokens, anchor.tokens);
}

export async function run() {
  const tasks = await tasksTools();
  const flatTasks = tasks.flatMap((tool) => {
    const actions = typeof tool.actions === "function" ? tool.actions() : tool.actions;
    // As an SDK server lists them: the tool's output schema on each action's tool too.
    return Object.entries(actions).map(([name, action]) => ({
      ...flatTool(tool.name, name, action),
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    }));
  });
  measure("tasks example", tasks, flatTasks);

  const tools = Array.from({ length: 20 }, (_, index) => {
    const actions = actionRecord(8, 8, 3);
    return defineTool({
      name: `tool${index}`,
      description: `Tool ${index}`,
      actions,
      handlers: Object.fromEntries(Object.keys(actions).map((name) => [name, () => null])),
    });
  });
  const flat = tools.flatMap((tool, index) =>
    Object.entries(actionRecord(8, 8, 3)).map(([name, action]) => flatTool(`tool${index}`, name, action)),
  );
  measure("20 tools × 8 actions", tools, flat);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
