/**
 * The examples as a user runs them: `examples/tasks/build-all.mjs` builds
 * the example server with every bundler (and tspc once the transformer is
 * built), each built stdio server answers a real SDK Client, and
 * `examples/malformed/build.mjs` fails every build with every mistake at its
 * file:line:column. Needs `npm run build` first (`npm test` does it).
 */
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/client";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";

const repo = fileURLToPath(new URL("..", import.meta.url));
const bundlers = ["esbuild", "vite", "rollup", "rolldown", "webpack", "rspack"] as const;
// npm test builds dist/ (the transformer included) before the tests run.
const builds = [...bundlers, "tspc"];

interface Run {
  readonly status: number | null;
  readonly output: string;
}

/** Runs a node script from the repository root, as the examples' READMEs say, collecting stdout and stderr. */
function runNode(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repo, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
  });
}

describe("examples/tasks", () => {
  let build: Run;
  beforeAll(async () => {
    build = await runNode("examples/tasks/build-all.mjs", ...builds);
  });

  test("build-all.mjs builds with every bundler and prints one line each", () => {
    expect(build.output, build.output).not.toMatch(/FAILED/);
    expect(build.status).toBe(0);
    for (const name of builds) expect(build.output).toMatch(new RegExp(`^${name} +ok +dist/${name}/`, "m"));
  });

  test.each(builds)("the %s build serves tools/list and a call over stdio", async (name) => {
    const client = new Client({ name: "examples-test", version: "1.0.0" });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(repo, "examples/tasks/dist", name, "server-stdio.js")],
      stderr: "pipe",
    });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["help", "tasks", "projects", "notes"]);
      const tasks = tools.find((tool) => tool.name === "tasks")!;
      expect(tasks.inputSchema.properties?.["action"]).toMatchObject({ enum: ["close", "create", "get", "list", "update"] });
      // listTools made the client cache the outputSchema: it now checks structuredContent against it.
      const created = await client.callTool({
        name: "tasks",
        arguments: { action: "create", data: { project: 1, name: "Ship it", opts: { tags: ["release"] } } },
      });
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toEqual({
        task: { id: 3, project: 1, name: "Ship it", status: "open", priority: "normal", tags: ["release"], fields: {} },
      });
      const refused = await client.callTool({
        name: "tasks",
        arguments: { action: "create", data: { project: 1, name: "x", opts: { prority: "high" } } },
      });
      expect(refused.isError).toBe(true);
      expect(JSON.parse((refused.content as { text: string }[])[0]!.text)).toMatchObject({
        error: "invalid_data",
        problems: [{ at: 'data["opts"]', key: "prority", problem: expect.stringContaining('did you mean "priority"?') }],
        help: 'help {tool: "tasks", action: "create"}',
      });
      // Beside the tools: the resource and the prompt of extras.ts.
      expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual(["tasks://open"]);
      const open = await client.readResource({ uri: "tasks://open" });
      expect(JSON.parse((open.contents[0] as { text: string }).text).map((task: { name: string }) => task.name)).toContain("Ship it");
      const triage = await client.getPrompt({ name: "triage" });
      expect((triage.messages[0]!.content as { text: string }).text).toContain("- #3 Ship it (normal)");
      expect(client.getInstructions()).toMatch(/^A small task tracker/);
    } finally {
      await client.close();
    }
  });
});

describe("examples/malformed", () => {
  /** Every mistake in examples/malformed/src/tools: file, line, column (from 1) and what the report says. */
  const mistakes = [
    ["tasks.ts", 19, 7, 'actions["create"]: unknown key "note". Fix: did you mean "notes"?'],
    ["tasks.ts", 17, 26, 'actions["create"].required: "due" is not declared in properties.'],
    ["projects.ts", 16, 43, 'actions["list"].defaults: default key "limit" is not declared in properties.'],
    ["labels.ts", 13, 41, 'actions["set"].properties["labels"]: "items" is a string. Fix: write a schema object'],
    ["notes.ts", 9, 20, 'actions["add"]: "description" contains a line break.'],
    ["notes.ts", 12, 46, 'actions["add"].requiredOneOf: group 2 repeats group 0.'],
  ] as const;
  const at = (file: string, line: number, column: number, tool: string) =>
    tool === "tspc"
      ? `examples/malformed/src/tools/${file}(${line},${column}): error TS`
      : `examples/malformed/src/tools/${file}:${line}:${column}  `;
  const sections = { vite: "── vite build", esbuild: "── esbuild", check: "── wymcp check", tspc: "── tspc" };

  let run: Run;
  beforeAll(async () => {
    run = await runNode("examples/malformed/build.mjs");
  });

  test("build.mjs exits 0 because every build failed as expected", () => {
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/^vite build: failed as expected \(exit 1\), all 6 mistakes located$/m);
    expect(run.output).toMatch(/^esbuild: failed as expected \(exit 1\), all 6 mistakes located$/m);
    expect(run.output).toMatch(/^wymcp check: failed as expected \(exit 1\), all 6 mistakes located$/m);
    expect(run.output).toMatch(/^tspc: failed as expected \(exit 2\), all 6 mistakes located$/m);
  });

  test.each(Object.keys(sections))("%s names every mistake at its file:line:col with its fix", (tool) => {
    const start = run.output.indexOf(sections[tool as keyof typeof sections]);
    expect(start).toBeGreaterThanOrEqual(0);
    const next = run.output.indexOf("\n── ", start + 1);
    const lines = run.output.slice(start, next === -1 ? undefined : next).split("\n");
    for (const [file, line, column, says] of mistakes) {
      const place = at(file, line, column, tool);
      expect(
        lines.some((printed) => printed.includes(place) && printed.includes(says)),
        `${place} … ${says}`,
      ).toBe(true);
    }
  });

  test("each bundler also attaches a location of its own", () => {
    // esbuild prints the first offence of each file in source order as `file:line:col:` (columns from 1, as in the message).
    for (const [file, line, column] of [
      ["tasks.ts", 17, 26],
      ["projects.ts", 16, 43],
      ["labels.ts", 13, 41],
      ["notes.ts", 9, 20],
    ] as const)
      expect(run.output).toContain(`src/tools/${file}:${line}:${column}:`);
    // Vite fails once, with every file's offences (checked when the build ends): its header is the first offence of the first file named.
    const vite = run.output.slice(run.output.indexOf(sections.vite), run.output.indexOf(sections.esbuild));
    const header = /^\[plugin wymcp\] (.+):(\d+):(\d+)$/m.exec(vite);
    expect(header, vite).not.toBeNull();
    const firstNamed = /^ {2}(examples\/malformed\/src\/tools\/\S+?):(\d+):(\d+) {2}/m.exec(vite)!;
    expect([header![1], header![2], header![3]]).toEqual([join(repo, firstNamed[1]!), firstNamed[2], firstNamed[3]]);
    expect(vite.match(/^\[plugin wymcp\]/gm)).toHaveLength(1);
  });
});
