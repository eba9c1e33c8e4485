/**
 * Beyond tools, end to end with the SDK's own Client over every transport
 * (in-memory, stdio in a child process, Streamable HTTP stateful and
 * stateless): content results, the handler context, a flat tool, resources,
 * prompts and completion from the user's McpServer and a setup hook, and the
 * protocol errors worded by wymcp.
 */
import { rmSync } from "node:fs";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client, StreamableHTTPClientTransport, InMemoryTransport } from "@modelcontextprotocol/client";
import type { LoggingMessageNotification } from "@modelcontextprotocol/client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createMcpServer, serveHttp } from "../src/mcp/index.js";
import { bundleFixture } from "./fixtures/runtime/bundle.js";
import { beyondOptions, beyondRouter, PNG } from "./fixtures/runtime/beyond.js";
import { within } from "./fixtures/runtime/session-scenario.js";
import { capturedLog, type LogEntry } from "./support/captured-log.js";

interface Surface {
  connect(client: Client): Promise<Connection>;
  /** One server per connection: the log level set holds for later calls, a cancellation reaches the handler. */
  readonly sessions: boolean;
}

interface Connection {
  readonly close: () => Promise<void>;
  /** The server log's reports, one line each as the default log writes them after `wymcp: `, once there are `count`. */
  readonly reports: (count: number) => Promise<string[]>;
}

/** A router whose log is kept as data (nothing reaches standard error) and read as the default log's lines. */
function loggedRouter() {
  const log = capturedLog();
  // As stderrLog writes it: details as JSON when there are any.
  const line = ({ message, details = {} }: LogEntry) =>
    Object.keys(details).length === 0 ? message : `${message} ${JSON.stringify(details)}`;
  return { router: beyondRouter(log), reports: async () => log.entries.map(line) };
}

let stdioScript: string;
beforeAll(async () => {
  stdioScript = await bundleFixture("./beyond-stdio-server.ts", "beyond-stdio-server");
});
afterAll(() => rmSync(stdioScript, { force: true }));

const surfaces: [string, Surface][] = [
  [
    "the in-memory transport",
    {
      sessions: true,
      async connect(client) {
        const { router, reports } = loggedRouter();
        const server = createMcpServer(router, beyondOptions);
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await server.connect(serverSide);
        await client.connect(clientSide);
        return { close: () => client.close(), reports };
      },
    },
  ],
  [
    "stdio (a child process)",
    {
      sessions: true,
      async connect(client) {
        const transport = new StdioClientTransport({ command: process.execPath, args: [stdioScript], stderr: "pipe" });
        // The child's default log writes to its standard error, which the pipe keeps from the test's output.
        let stderr = "";
        let heard = () => {};
        transport.stderr?.on("data", (chunk: Buffer) => ((stderr += chunk.toString()), heard()));
        const lines = () => [...stderr.matchAll(/^wymcp: (.*)$/gm)].map(([, line]) => line!);
        const reports = (count: number) =>
          within(
            new Promise<string[]>((resolve) => {
              heard = () => void (lines().length >= count && resolve(lines()));
              heard();
            }),
            10_000,
            `${count} lines on the server's standard error`,
          );
        await client.connect(transport);
        return { close: () => client.close(), reports };
      },
    },
  ],
  ...(["stateful", "stateless"] as const).map((mode): [string, Surface] => [
    `Streamable HTTP, ${mode}`,
    {
      sessions: mode === "stateful",
      async connect(client) {
        const { router, reports } = loggedRouter();
        const running = await serveHttp(router, { ...beyondOptions, stateless: mode === "stateless" });
        await client.connect(new StreamableHTTPClientTransport(running.url));
        return { close: async () => (await client.close(), await running.close()), reports };
      },
    },
  ]),
];

/** A client that answers sampling and elicitation and keeps every log message. */
function newClient() {
  const client = new Client({ name: "beyond-test", version: "1.0.0" }, { capabilities: { sampling: {}, elicitation: {} } });
  const logs: LoggingMessageNotification["params"][] = [];
  let heard = () => {};
  client.setNotificationHandler("notifications/message", ({ params }) => (logs.push(params), heard()));
  client.setRequestHandler("sampling/createMessage", ({ params }) => ({
    role: "assistant",
    model: "echo-1",
    content: { type: "text", text: `echo: ${JSON.stringify(params.messages[0]!.content)}` },
  }));
  client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { name: "Ada" } }));
  const nextLog = () => new Promise<void>((resolve) => (heard = resolve));
  return { client, logs, nextLog };
}

const bodyOf = (result: unknown) => JSON.parse((result as { content: { text: string }[] }).content[0]!.text);

describe.each(surfaces)("beyond tools over %s", (_label, surface) => {
  let client: Client;
  let logs: LoggingMessageNotification["params"][];
  let nextLog: () => Promise<void>;
  let connection: Connection;
  beforeEach(async () => {
    ({ client, logs, nextLog } = newClient());
    connection = await surface.connect(client);
  });
  afterEach(() => connection.close());

  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

  test("initialize declares tools, logging, resources (with subscribe), prompts and completions", () => {
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: true },
      logging: {},
      resources: { subscribe: true },
      prompts: {},
      completions: {},
    });
    expect(client.getServerVersion()).toMatchObject({ name: "beyond" });
  });

  test.each([
    ["image", [{ type: "image", data: PNG, mimeType: "image/png" }]],
    ["audio", [{ type: "audio", data: "UklGRg==", mimeType: "audio/wav" }]],
    ["resource", [{ type: "resource", resource: { uri: "fixture://blob", mimeType: "application/octet-stream", blob: "AAEC" } }]],
    ["link", [{ type: "resource_link", uri: "fixture://readme", name: "readme", mimeType: "text/markdown" }]],
    [
      "mixed",
      [
        { type: "text", text: "a chart:" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ],
    ],
  ])("content: %s is sent as it is", async (action, expected) => {
    expect(await call("media", { action })).toEqual({ content: expected });
  });

  test("content: a plain value that looks like content is still JSON text", async () => {
    expect(await call("media", { action: "plain" })).toEqual({ content: [{ type: "text", text: '{"content":[{"type":"image"}]}' }] });
  });

  test("structuredContent beside blocks is checked against the outputSchema", async () => {
    expect(await call("stats", { action: "good" })).toEqual({
      content: [{ type: "text", text: "3 open" }],
      structuredContent: { open: 3 },
    });
    const bad = await call("stats", { action: "bad" });
    expect(bad.isError).toBe(true);
    expect(bodyOf(bad)).toMatchObject({ error: "invalid_result", problems: [{ at: 'structuredContent["open"]' }] });
    expect(bodyOf(await call("stats", { action: "missing" }))).toMatchObject({
      error: "invalid_result",
      message: expect.stringContaining("content(blocks, { structuredContent })"),
    });
    // The operator is told both, on the server's log; the good result is not reported.
    expect(await connection.reports(2)).toEqual([
      expect.stringMatching(
        /^stats\.bad: the handler's result does not match the tool's outputSchema \(1 problem\) \{"problems":\[\{"code":"invalid_value","at":"structuredContent\[\\"open\\"\]"/,
      ),
      "stats.missing: the tool declares an outputSchema, so a content result must carry it: return content(blocks, { structuredContent })",
    ]);
  });

  test("log: notifications/message, filtered by logging/setLevel where the level outlives the request", async () => {
    await client.setLoggingLevel("warning");
    expect(bodyOf(await call("talk", { action: "log" }))).toBe("logged");
    const levels = logs.map((log) => log.level);
    // Stateless, setLevel reached a server that is gone by the next request: every level is sent.
    expect(levels).toEqual(surface.sessions ? ["warning", "error"] : ["debug", "info", "warning", "error"]);
    expect(logs.at(-1)).toEqual({ level: "error", logger: "fixture", data: { level: "error" } });
  });

  test("progress: sent only when the client asked for it", async () => {
    const seen: unknown[] = [];
    // Read as notifications: the SDK client's onprogress misses one read in the same chunk as the response (stdio under load).
    client.setNotificationHandler(
      "notifications/progress",
      ({ params }) => void seen.push({ progress: params.progress, total: params.total, message: params.message }),
    );
    const result = await client.callTool(
      { name: "talk", arguments: { action: "progress" } },
      {
        onprogress: () => {},
      },
    );
    expect(bodyOf(result)).toBe("done");
    expect(seen).toEqual([1, 2, 3].map((step) => ({ progress: step, total: 3, message: `step ${step}` })));
    expect(bodyOf(await call("talk", { action: "progress" }))).toBe("no progress token");
  });

  test("sample and elicit: the client's answer where a reply can come back, a needs_session refusal at once where it cannot", async () => {
    const sampled = await call("talk", { action: "sample", data: { prompt: "hi" } });
    const elicited = await call("talk", { action: "elicit" });
    if (surface.sessions) {
      expect(bodyOf(sampled)).toEqual({ model: "echo-1", content: { type: "text", text: 'echo: {"type":"text","text":"hi"}' } });
      expect(bodyOf(elicited)).toEqual({ action: "accept", content: { name: "Ada" } });
    } else {
      expect(sampled.isError).toBe(true);
      expect(bodyOf(sampled)).toMatchObject({
        error: "needs_session",
        message: "sampling needs the client's reply, which a stateless HTTP server cannot receive",
      });
      expect(bodyOf(elicited)).toMatchObject({ error: "needs_session", message: expect.stringMatching(/^elicitation needs/) });
    }
  });

  test("a flat tool is called with its data alone", async () => {
    expect(await call("add", { a: 2, b: 40 })).toEqual({ content: [{ type: "text", text: "42" }] });
    expect((await call("add", { a: 2 })).isError).toBe(true);
  });

  test("resources, prompts and completion from the McpServer; subscribe from the setup hook", async () => {
    expect((await client.listResources()).resources).toEqual([
      { name: "readme", uri: "fixture://readme", description: "The readme", mimeType: "text/markdown" },
    ]);
    expect(await client.readResource({ uri: "fixture://readme" })).toEqual({
      contents: [{ uri: "fixture://readme", mimeType: "text/markdown", text: "# Fixture" }],
    });
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(["greet"]);
    expect((await client.getPrompt({ name: "greet", arguments: { name: "Ada" } })).messages).toEqual([
      { role: "user", content: { type: "text", text: "Say hello to Ada" } },
    ]);
    expect(
      (await client.complete({ ref: { type: "ref/prompt", name: "greet" }, argument: { name: "name", value: "A" } })).completion.values,
    ).toEqual(["Ada", "Alan"]);
    expect(await client.subscribeResource({ uri: "fixture://readme" })).toEqual({});
  });

  test("protocol errors: an invalid tools/list cursor and malformed tools/call params are -32602, worded by wymcp", async () => {
    await expect(client.listTools({ cursor: "page-2" })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Invalid cursor "page-2"'),
    });
    const refused = await client.request({ method: "tools/call", params: { name: 7, arguments: [] } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: -32602, message: expect.stringContaining("Invalid tools/call params (params.name:") });
    expect((refused as { data: { problems: { at: string }[] } }).data.problems.map((problem) => problem.at)).toEqual([
      "params.name",
      "params.arguments",
    ]);
  });

  test("cancellation: notifications/cancelled aborts the handler's signal where it reaches the handler's server", async () => {
    const controller = new AbortController();
    const waiting = nextLog();
    const pending = client.callTool({ name: "talk", arguments: { action: "wait" } }, { signal: controller.signal });
    await within(waiting, 10_000, "the waiting log");
    const before = bodyOf(await call("talk", { action: "aborted" })) as number;
    controller.abort("no longer needed");
    await expect(pending).rejects.toThrow();
    // The notification and the next call travel in order on one connection, but the handler resumes on its own tick.
    let after = before;
    for (let tries = 0; tries < 100 && after === before; tries++) after = bodyOf(await call("talk", { action: "aborted" })) as number;
    // Stateless, the cancellation is a POST of its own, answered by a server that runs no call (README: "Beyond tools").
    expect(after).toBe(surface.sessions ? before + 1 : before);
  });
});
