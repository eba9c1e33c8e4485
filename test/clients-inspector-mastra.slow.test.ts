/**
 * Real MCP clients against the tasks example as a user runs it (its esbuild
 * build, stdio and Streamable HTTP): the MCP Inspector 2.x CLI in both
 * protocol eras (`--protocol-era legacy`, `modern` and `auto`), and Mastra's
 * `MCPClient` (on the SDK v2 client), each installed from the npm registry at
 * an exact version into a folder of its own, as a user's project would.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import { build, type BuildOptions } from "esbuild";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registryPackages } from "./support/registry-package.js";

const INSPECTOR = { "@modelcontextprotocol/inspector": "2.12.0" };
const MASTRA = { "@mastra/mcp": "2.0.0", "@mastra/core": "1.71.0" };

const outdir = fileURLToPath(new URL("../examples/tasks/dist/clients/", import.meta.url));
const stdioServer = join(outdir, "server-stdio.js");
let httpUrl: URL;
let httpServer: ChildProcess | undefined;

beforeAll(async () => {
  const options = ((await import(new URL("../examples/tasks/esbuild.config.mjs", import.meta.url).href)) as { default: BuildOptions })
    .default;
  await build({ ...options, outdir, logLevel: "silent" });
  httpUrl = await startHttp();
}, 120_000);

afterAll(() => httpServer?.kill());

/** The example's HTTP server on a free port; resolves with its endpoint once it prints it. */
function startHttp(): Promise<URL> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(outdir, "server-http.js")], {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    httpServer = child;
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /MCP endpoint (http:\/\/\S+)/.exec(output);
      if (match !== null) resolve(new URL(match[1]!));
    });
    child.on("exit", (code) => reject(new Error(`the example server exited with ${code}:\n${output}`)));
  });
}

describe("the MCP Inspector 2.x CLI", () => {
  let launcher: string;
  beforeAll(() => {
    launcher = join(registryPackages(INSPECTOR), "@modelcontextprotocol/inspector/clients/launcher/build/index.js");
  }, 300_000);

  /** One `inspector --cli` call; its JSON result (`-q`: nothing but the payload on stdout). */
  function inspect(era: string, target: string[], method: string[]): { status: number | null; result: Record<string, unknown> } {
    const run = spawnSync(process.execPath, [launcher, "--cli", "-q", "--protocol-era", era, ...method, ...target], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stdout, run.stderr).not.toBe("");
    return { status: run.status, result: JSON.parse(run.stdout) as Record<string, unknown> };
  }

  const transports = [
    { transport: "stdio", target: () => [process.execPath, stdioServer] },
    { transport: "HTTP", target: () => ["--server-url", httpUrl.href, "--transport", "http"] },
  ];
  describe.each(transports)("over $transport", ({ target }) => {
    test.each(["legacy", "modern", "auto"])(
      "--protocol-era %s: tools/list lists the tools, a call runs and a bad one is refused",
      (era) => {
        const listed = inspect(era, target(), ["--method", "tools/list"]);
        expect(listed.status).toBe(0);
        expect((listed.result.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["help", "tasks", "projects", "notes"]);

        const called = inspect(era, target(), [
          "--method",
          "tools/call",
          "--tool-name",
          "tasks",
          "--tool-args-json",
          '{"action":"list","data":{}}',
        ]);
        expect(called.result.isError).toBeFalsy();
        expect(called.result.structuredContent).toMatchObject({ total: 2 });
        // Only a 2026-07-28 result carries the server's identity in its _meta.
        const meta = called.result._meta as Record<string, unknown> | undefined;
        if (era === "legacy") expect(meta?.["io.modelcontextprotocol/serverInfo"]).toBeUndefined();
        else expect(meta?.["io.modelcontextprotocol/serverInfo"]).toEqual({ name: "wymcp-tasks-example", version: "1.0.0" });

        const refused = inspect(era, target(), [
          "--method",
          "tools/call",
          "--tool-name",
          "tasks",
          "--tool-args-json",
          '{"action":"create","data":{"name":"x"}}',
        ]);
        expect(refused.result.isError).toBe(true);
        const answer = JSON.parse((refused.result.content as { text: string }[])[0]!.text) as Record<string, unknown>;
        expect(answer).toMatchObject({ error: "invalid_data", help: 'help {tool: "tasks", action: "create"}' });
      },
    );
  });
});

describe("Mastra's MCPClient", () => {
  interface MastraTool {
    execute(input: unknown, context: unknown): Promise<unknown>;
  }
  interface MastraClient {
    listTools(): Promise<Record<string, MastraTool>>;
    disconnect(): Promise<void>;
    __setLogger(logger: unknown): void;
  }
  let MCPClient: new (options: { servers: Record<string, unknown> }) => MastraClient;
  let noopLogger: unknown;
  beforeAll(async () => {
    const modules = join(registryPackages(MASTRA), "@mastra");
    ({ MCPClient } = (await import(pathToFileURL(join(modules, "mcp/dist/index.js")).href)) as { MCPClient: typeof MCPClient });
    ({ noopLogger } = (await import(pathToFileURL(join(modules, "core/dist/logger/index.js")).href)) as { noopLogger: unknown });
  }, 300_000);

  test.each([
    { transport: "stdio", server: () => ({ command: process.execPath, args: [stdioServer] }) },
    { transport: "HTTP", server: () => ({ url: httpUrl }) },
  ])(
    "over $transport: every tool is listed, a call runs and a refusal reaches the agent with its problems and help",
    async ({ server }) => {
      const mcp = new MCPClient({ servers: { tasks: server() } });
      // Mastra logs every tool error it rethrows; the refusal below is deliberate.
      mcp.__setLogger(noopLogger);
      try {
        const tools = await mcp.listTools();
        expect(Object.keys(tools).sort()).toEqual(["tasks_help", "tasks_notes", "tasks_projects", "tasks_tasks"]);
        const listed = await tools.tasks_tasks!.execute({ action: "list", data: {} }, {});
        expect(JSON.stringify(listed)).toContain('"total":2');
        // Mastra turns an isError result into a thrown error carrying the answer's text.
        const refused = tools.tasks_tasks!.execute({ action: "create", data: { name: "x" } }, {});
        await expect(refused).rejects.toThrow(/"code":"missing_required".*"help":"help \{tool: \\"tasks\\", action: \\"create\\"\}"/);
      } finally {
        await mcp.disconnect();
      }
    },
  );
});
