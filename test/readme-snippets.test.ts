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
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { repo, runNode, scratchProject } from "./support/scratch-project.js";

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
  const section = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Build-time checking"));
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

async function toolsOfServer(root: string): Promise<string[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, "dist/server.js")],
    cwd: root,
    stderr: "pipe",
  });
  const client = new Client({ name: "readme-test", version: "0.0.1" });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
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
