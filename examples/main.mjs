// The main job, end to end (`npm run demo` builds the package first):
//
//   1. build examples/tasks with the wymcp plugin (esbuild and Vite) and
//      check it with `wymcp check`;
//   2. start the built server over stdio and talk to it with the MCP SDK's own
//      Client: initialize, tools/list, a call, a help call, three refusals
//      (unknown keys, wrong values, a handler's ToolError);
//   3. show the malformed example failing its build, every mistake located.
//
// Everything comes from the repository's node_modules; no network. Exits 1
// as soon as a step does not do what it should.
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/client";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();

/** Runs a node script from the repository root, showing its output as it comes. */
function node(title, ...args) {
  heading(`${title}\n$ node ${args.join(" ")}`);
  const { status } = spawnSync(process.execPath, args, { cwd: repo, stdio: "inherit" });
  if (status !== 0) fail(`${title}: exit ${status}`);
}

node("1a. Build the example server with the wymcp plugin", "examples/tasks/build-all.mjs", "esbuild", "vite");
node("1b. Check every tool declaration without building", "dist/plugin/cli/main.js", "check", "examples/tasks");

heading("2. A real MCP session: the SDK Client against the esbuild-built server over stdio");
const server = "examples/tasks/dist/esbuild/server-stdio.js";
const transport = new StdioClientTransport({ command: process.execPath, args: [server], cwd: repo, stderr: "pipe" });
let serverStderr = "";
transport.stderr?.on("data", (chunk) => (serverStderr += chunk));
const client = new Client({ name: "wymcp-demo", version: "1.0.0" });

try {
  request(`initialize (spawning: node ${server})`);
  await client.connect(transport);
  const info = client.getServerVersion();
  expect(info?.name === "wymcp-tasks-example", "the server names itself");
  answer(`server ${info.name} ${info.version}; capabilities ${JSON.stringify(client.getServerCapabilities())}`);
  answer(`instructions: ${client.getInstructions()}`);

  request("tools/list");
  const { tools } = await client.listTools();
  expect(tools.some((tool) => tool.name === "tasks") && tools.some((tool) => tool.name === "help"), "tasks and help are listed");
  for (const tool of tools) {
    const actions = tool.inputSchema.properties?.action?.enum;
    const shape = actions ? `actions: ${actions.join(", ")}` : `arguments: ${Object.keys(tool.inputSchema.properties ?? {}).join(", ")}`;
    answer(`${tool.name.padEnd(8)} ${shape}${tool.outputSchema ? "  (outputSchema)" : ""}`);
  }

  const created = await call("tasks", {
    action: "create",
    data: { project: 1, name: "Write the release notes", opts: { due: "2025-07-01", priority: "high" } },
  });
  expect(!created.isError && created.structuredContent?.task?.id === 3, "the task is created, with structuredContent");
  answer("structuredContent: the same object, sent because the tool declares an outputSchema");

  const listed = await call("tasks", { action: "list", data: { project: 1 } });
  const { tasks, total } = JSON.parse(listed.content[0].text);
  expect(!listed.isError && total === 3, "list sees the new task; status defaulted to open");
  answer(`${total} open tasks: ${tasks.map((task) => `#${task.id} ${task.name} (${task.priority})`).join("; ")}`);

  const help = await call("help", { tool: "tasks", action: "create" });
  const page = JSON.parse(help.content[0].text);
  expect(!help.isError && page.description === "Create an open task in a project", "help shows the action complete");
  answer(`description: ${page.description}`);
  answer(`required: ${JSON.stringify(page.required)}   defaults: ${JSON.stringify(page.defaults)}`);
  answer(
    `properties: ${Object.keys(page.properties).join(", ")}   opts.properties: ${Object.keys(page.properties.opts.properties).join(", ")}`,
  );
  answer(`notes: ${page.notes}`);
  answer(`examples[1]: ${JSON.stringify(page.examples[1])}`);
  answer(`context (actionContext): ${page.context}`);

  const refused = await call("tasks", { action: "create", data: { project: 1, name: "Plan the launch", opts: { prority: "high" } } });
  const refusal = JSON.parse(refused.content[0].text);
  expect(
    refused.isError && refusal.problems?.[0]?.problem.includes('did you mean "priority"'),
    "an unknown key is refused with a suggestion",
  );
  answer(`isError: true, error: ${refusal.error} — ${refusal.message}`);
  for (const problem of refusal.problems) answer(`  ${problem.at}: ${problem.problem}`);
  answer(`help: ${refusal.help}`);

  const wrongValues = await call("tasks", {
    action: "create",
    data: { project: "one", name: "Plan the launch", opts: { due: "next week", priority: "asap", tags: ["event", 5] } },
  });
  const valueRefusal = JSON.parse(wrongValues.content[0].text);
  const keywords = (valueRefusal.problems ?? []).map((problem) => problem.keyword);
  expect(
    wrongValues.isError &&
      valueRefusal.error === "invalid_data" &&
      ["type", "format", "enum"].every((keyword) => keywords.includes(keyword)),
    "values that break their schema are refused, each with its fix",
  );
  answer(`isError: true, error: ${valueRefusal.error} — ${valueRefusal.message}`);
  for (const problem of valueRefusal.problems) answer(`  ${problem.at}: ${problem.problem}. Fix: ${problem.fix}`);

  const missing = await call("tasks", { action: "close", data: { ids: [1, 42] } });
  const notFound = JSON.parse(missing.content[0].text);
  expect(missing.isError && notFound.error === "not_found", "a handler's ToolError is answered in the tool dialect");
  answer(`isError: true, error: ${notFound.error} — ${notFound.message}`);
  answer(`hint (from the tool's hints): ${notFound.hint}`);
} catch (error) {
  const stderr = serverStderr ? `\nserver stderr:\n${serverStderr}` : "";
  fail(`the MCP session failed: ${error instanceof Error ? error.message : String(error)}${stderr}`);
} finally {
  await client.close();
}

node("3. The malformed example: the build fails, every mistake located", "examples/malformed/build.mjs", "vite", "check");

heading(`Done in ${((performance.now() - started) / 1000).toFixed(1)}s: built, served, called, refused, and the malformed build stopped.`);

/** One tools/call, printed as the request and the answer's first line. */
async function call(name, args) {
  request(`tools/call ${name} ${JSON.stringify(args)}`);
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) answer(`content[0].text: ${excerpt(result.content[0].text)}`);
  return result;
}

function heading(text) {
  console.log(`\n━━ ${text}`);
}

function request(text) {
  console.log(`\n→ ${text}`);
}

function answer(text) {
  console.log(`  ← ${text}`);
}

function excerpt(text, length = 160) {
  return text.length <= length ? text : `${text.slice(0, length)}… (${text.length} chars)`;
}

function expect(condition, what) {
  if (!condition) throw new Error(`expected: ${what}`);
}

function fail(message) {
  console.error(`\n✘ ${message}`);
  process.exit(1);
}
