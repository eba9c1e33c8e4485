/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`,
 * every server scenario: `--suite all`) against examples/conformance/server.mjs,
 * stateful and stateless. Stateful, every scenario passes; stateless, only
 * the scenarios the README lists as impossible there fail (a server request
 * needs the client's reply, which reaches no waiting server; that they fail
 * at once, never hang, is pinned by test/mcp-beyond-tools.test.ts). Uses
 * dist/ (`npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";

const repo = fileURLToPath(new URL("..", import.meta.url));
const suite = fileURLToPath(new URL("../node_modules/@modelcontextprotocol/conformance/dist/index.js", import.meta.url));
const preload = fileURLToPath(new URL("./support/conformance/preload.mjs", import.meta.url));

/** What stateless HTTP cannot do: each asks the client something and waits for its reply. */
const STATELESS_IMPOSSIBLE = ["elicitation-sep1034-defaults", "elicitation-sep1330-enums", "tools-call-elicitation", "tools-call-sampling"];

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill();
});

/** Starts the example server on a free port and resolves with its URL. */
function startServer(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ["examples/conformance/server.mjs", "--port", "0", ...args], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /on (http:\/\/\S+)/.exec(out)?.[1];
      if (url !== undefined) resolve(url);
    });
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the conformance server exited (${code}): ${out}`)));
  });
}

interface Outcome {
  readonly passed: number;
  readonly failed: number;
}

/** Runs `conformance server --suite all` and reads its summary: scenario → checks passed and failed. */
function runSuite(url: string): Promise<{ scenarios: Map<string, Outcome>; output: string }> {
  const child = spawn(process.execPath, ["--import", preload, suite, "server", "--url", url, "--suite", "all"], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  return new Promise((resolve) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", () => {
      const summary = output.slice(output.indexOf("=== SUMMARY ==="));
      const scenarios = new Map<string, Outcome>();
      for (const match of summary.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gmu))
        scenarios.set(match[1]!, { passed: Number(match[2]), failed: Number(match[3]) });
      resolve({ scenarios, output });
    });
  });
}

const failing = (scenarios: Map<string, Outcome>) =>
  [...scenarios]
    .filter(([, outcome]) => outcome.failed > 0)
    .map(([name]) => name)
    .sort();

describe("the official MCP conformance suite, every server scenario", () => {
  test("stateful: every scenario passes", async () => {
    const { scenarios, output } = await runSuite(await startServer([]));
    expect(scenarios.size, output).toBeGreaterThanOrEqual(32);
    expect(failing(scenarios), output).toEqual([]);
    // Spot checks that the scenarios really ran their checks.
    expect(scenarios.get("json-schema-2020-12")?.passed).toBe(4);
    expect(scenarios.get("tools-call-sampling")?.passed).toBe(1);
    expect(scenarios.get("resources-templates-read")?.passed).toBe(1);
  }, 120_000);

  test("stateless: only the scenarios that need the client's reply fail", async () => {
    const { scenarios, output } = await runSuite(await startServer(["--stateless"]));
    expect(scenarios.size, output).toBeGreaterThanOrEqual(32);
    expect(failing(scenarios), output).toEqual(STATELESS_IMPOSSIBLE);
    expect(scenarios.get("tools-call-with-logging")?.passed).toBe(1);
    expect(scenarios.get("tools-call-with-progress")?.passed).toBe(1);
  }, 120_000);
});
