/**
 * The README's Quick start and bundler snippets, run as a new user runs
 * them: a fresh `npm init -y` project made with the Quick start's own
 * commands, only the packages its install lines name (so a package it
 * forgets fails the build), the tool and server files and the build
 * configuration copied out of README.md (so the test fails when the README
 * drifts), built for real against the packed package, and the built server
 * answering the SDK's own `Client` over stdio. A misspelt key then fails
 * the same build, printed once.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { repo, runNode, scratchProject } from "./support/scratch-project.js";
import { TYPESCRIPT_6, TYPESCRIPT_7, tscOf } from "./support/typescript-versions.js";

const readme = readFileSync(join(repo, "README.md"), "utf8");

/** The fenced code blocks of the README, each with its info string. */
const blocks = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, language, text]) => ({ language: language!, text: text! }));

/** The block whose first line starts with `firstLine`. */
function block(firstLine: string): string {
  const found = blocks.filter(({ text }) => text.startsWith(firstLine));
  if (found.length !== 1) throw new Error(`README.md has ${found.length} code blocks starting with ${JSON.stringify(firstLine)}`);
  return found[0]!.text;
}

/** The Quick start's shell block: the commands that make the project, and every package its install lines name. */
function quickStart(): { setup: string[][]; packages: string[] } {
  const from = readme.indexOf("## Quick start");
  const section = readme.slice(from, readme.indexOf("\n## ", from + 1));
  const shell = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const setup: string[][] = [];
  const packages: string[] = [];
  for (const line of shell.split("\n")) {
    const command = line.replace(/#.*$/, "").trim();
    for (const part of command.split("&&").map((piece) => piece.trim().split(/\s+/))) {
      if (part[0] !== "npm") continue;
      if (part[1] === "install" || part[1] === "i") packages.push(...part.slice(2).filter((word) => !word.startsWith("-")));
      else setup.push(part.slice(1));
    }
  }
  return { setup, packages };
}

const toolFile = block("// src/tools/tasks.ts");
const serverFile = block("// src/server.ts");

/** A project made by the Quick start's commands, with its files, a bundler's configuration and the packages installed. */
function quickStartProject(extraFiles: Record<string, string>, bundlerPackage: string): string {
  const { setup, packages } = quickStart();
  // The Quick start names esbuild as its bundler; a Vite user installs vite in its place, as the snippet says.
  const installed = packages.map((name) => (name === "esbuild" ? bundlerPackage : name));
  const root = scratchProject({ "src/tools/tasks.ts": toolFile, "src/server.ts": serverFile, ...extraFiles }, installed);
  for (const args of setup) execFileSync("npm", args, { cwd: root, stdio: "ignore" });
  return root;
}

/** An SDK client connected over stdio to the project's built server. */
async function connectedClient(root: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, "dist/server.js")],
    cwd: root,
    stderr: "pipe",
  });
  const client = new Client({ name: "readme-test", version: "0.0.1" });
  await client.connect(transport);
  return client;
}

async function toolsOfServer(root: string): Promise<string[]> {
  const client = await connectedClient(root);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
}

/** Every `tool {action: "name"…}` and `tool.action` the string literals of a source name (hints, help pointers). */
function namedActions(source: string): { tool: string; action: string }[] {
  const strings = [...source.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`/g)].map(([text]) => text);
  return strings.flatMap((text) => [
    ...[...text.matchAll(/(\w+) \{action: \\?"(\w+)\\?"/g)].map(([, tool, action]) => ({ tool: tool!, action: action! })),
    ...[...text.matchAll(/\b(tasks|projects|notes)\.([a-z]+)\b/g)].map(([, tool, action]) => ({ tool: tool!, action: action! })),
  ]);
}

/** The text of a tool call's first content block, and whether it is an error. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  return { text: content[0]!.text, isError: result.isError === true };
}

const MISSPELT = ['description: "Create a task"', 'descripton: "Create a task"'] as const;

describe("README snippets in a fresh project", () => {
  test("the Quick start makes an ES module project and installs the runtime, the SDK and a bundler, no typescript", () => {
    const { setup, packages } = quickStart();
    expect(setup).toEqual([
      ["init", "-y"],
      ["pkg", "set", "type=module"],
    ]);
    expect(packages).toEqual(expect.arrayContaining(["wymcp", "@modelcontextprotocol/server", "esbuild"]));
    expect(packages).not.toContain("typescript");
  });

  const cases: { name: string; bundler: string; files: Record<string, string>; command: string[] }[] = [
    { name: "esbuild (build.mjs)", bundler: "esbuild", files: { "build.mjs": block("// build.mjs — esbuild") }, command: ["build.mjs"] },
    {
      name: "Vite (vite.config.ts, build.ssr)",
      bundler: "vite",
      files: { "vite.config.ts": block("// vite.config.ts") },
      command: ["node_modules/vite/bin/vite.js", "build"],
    },
  ];

  test.each(cases)(
    "$name builds a Node server that serves the Quick start's tool; a misspelt key fails the build, printed once, without a stack",
    async ({ bundler, files, command }) => {
      const root = quickStartProject(files, bundler);
      expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).type).toBe("module");
      const built = runNode(root, command);
      expect(built.stderr + built.stdout).toContain("wymcp: 1 tool in 1 file checked");
      expect(built.code, built.stderr).toBe(0);
      expect(await toolsOfServer(root)).toEqual(["help", "tasks"]);

      const tools = join(root, "src/tools/tasks.ts");
      expect(toolFile).toContain(MISSPELT[0]);
      writeFileSync(tools, toolFile.replace(...MISSPELT));
      const failed = runNode(root, command);
      expect(failed.code).not.toBe(0);
      const printed = failed.stdout + failed.stderr;
      const offence = /src\/tools\/tasks\.ts:(\d+):(\d+) {2}actions\["create"\]: unknown key "descripton"/.exec(printed);
      expect(offence, printed).not.toBeNull();
      expect(printed.split(offence![0]).length - 1).toBe(1);
      // No frame of wymcp's own code; esbuild's snippet prints no stack at all.
      expect(printed).not.toMatch(/^\s+at .*wymcp[\\/]dist/m);
      if (bundler === "esbuild") expect(printed).not.toMatch(/^\s+at /m);
    },
    240_000,
  );
});

describe("the Quick start's tool as a new user runs it", () => {
  test("ids never repeat after a close, and every action its hints name answers", async () => {
    const root = quickStartProject({ "build.mjs": block("// build.mjs — esbuild") }, "esbuild");
    const built = runNode(root, ["build.mjs"]);
    expect(built.code, built.stderr).toBe(0);
    const client = await connectedClient(root);
    try {
      const created = [];
      for (const name of ["A", "B"]) created.push(JSON.parse((await call(client, "tasks", { action: "create", data: { name } })).text));
      expect(await call(client, "tasks", { action: "close", data: { id: created[0].id } })).toMatchObject({ isError: false });
      created.push(JSON.parse((await call(client, "tasks", { action: "create", data: { name: "C" } })).text));
      expect(new Set(created.map((task) => task.id)).size).toBe(3);
      const listed = JSON.parse((await call(client, "tasks", { action: "list", data: {} })).text);
      expect(listed.tasks.map((task: { name: string }) => task.name)).toEqual(["B", "C"]);

      const refused = await call(client, "tasks", { action: "close", data: { id: 999 } });
      expect(refused.isError).toBe(true);
      const named = namedActions(toolFile);
      expect(named.length).toBeGreaterThan(0);
      for (const { tool, action } of named) {
        expect(JSON.parse(refused.text).hint).toContain(`${tool} {action: "${action}"}`);
        expect(await call(client, tool, { action, data: {} }), `${tool}.${action}`).toMatchObject({ isError: false });
      }
    } finally {
      await client.close();
    }
  }, 240_000);

  test("the example's hints and related pointers name actions its tools have", async () => {
    const { tools } = await import("../examples/tasks/src/tools/index.js");
    const actions = new Map(tools.map((tool) => [tool.name, Object.keys(tool.actions())] as const));
    const sources = ["common.ts", "notes.ts", "projects.ts", "tasks.ts"].map((file) =>
      readFileSync(join(repo, "examples/tasks/src/tools", file), "utf8"),
    );
    const named = sources.flatMap(namedActions);
    expect(named.length).toBeGreaterThan(3);
    for (const { tool, action } of named) expect(actions.get(tool), `${tool}.${action}`).toContain(action);
  });

  // Each release writes its own `tsc --init` tsconfig.json into the project: the check runs against its defaults.
  test.each([TYPESCRIPT_6, TYPESCRIPT_7])(
    "the Quick start, the shared-schema recipe and the example's tools type-check under TypeScript %s's `tsc --init` defaults",
    (version) => {
      // The Quick start's own project (an ES module package), with the shared-schema recipe and the example's tools beside its own.
      const shared = { "src/tools/schemas.ts": block("// src/tools/schemas.ts"), "src/tools/board.ts": block("// src/tools/board.ts") };
      const root = quickStartProject(shared, "esbuild");
      cpSync(join(repo, "examples/tasks/src/tools"), join(root, "src/example/tools"), { recursive: true });
      cpSync(join(repo, "examples/tasks/src/store.ts"), join(root, "src/example/store.ts"));
      execFileSync(tscOf(version), ["--init"], { cwd: root, stdio: "ignore" });
      const tsconfig = readFileSync(join(root, "tsconfig.json"), "utf8");
      // The defaults this test claims: if a release drops them, the test says so rather than passing on less.
      for (const option of ["exactOptionalPropertyTypes", "noUncheckedIndexedAccess", "strict", "verbatimModuleSyntax"]) {
        expect(tsconfig).toMatch(new RegExp(`^\\s*"${option}": true`, "m"));
      }
      const checked = spawnSync(tscOf(version), ["--noEmit", "-p", "."], { cwd: root, encoding: "utf8" });
      expect(checked.stdout + checked.stderr).toBe("");
      expect(checked.status).toBe(0);
    },
    240_000,
  );
});
