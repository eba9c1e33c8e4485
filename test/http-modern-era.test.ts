/**
 * What a 2026-07-28 client gets from wymcp's side of the modern leg: the
 * handler's log stays on the server unless the request set a `logLevel`,
 * elicitation and sampling reach the client as multi-round-trip requests
 * (test/mcp-input-rounds*.test.ts for the whole story), and bad input — an
 * unsupported version, a header disagreeing with the body, a foreign
 * `Origin` — is refused before any handler runs.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createFetchHandler, serveHttp, type RunningHttpServer } from "../src/mcp/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { beyondOptions, beyondRouter } from "./fixtures/runtime/beyond.js";

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  vi.restoreAllMocks();
});

async function modernClient(): Promise<{ client: Client; messages: unknown[] }> {
  running = await serveHttp(beyondRouter(), beyondOptions);
  const client = new Client(
    { name: "modern", version: "1" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities: { elicitation: {}, sampling: {} } },
  );
  const messages: unknown[] = [];
  client.setNotificationHandler("notifications/message", (notification) => void messages.push(notification.params));
  client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { name: "Ada" } }));
  client.setRequestHandler("sampling/createMessage", ({ params }) => ({
    role: "assistant",
    content: params.messages[0]!.content,
    model: "echo-2",
  }));
  await client.connect(new StreamableHTTPClientTransport(running.url));
  return { client, messages };
}

describe("the handler context on a 2026-07-28 request", () => {
  test("log without a logLevel in _meta goes to the server's log, never to the client", async () => {
    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    const { client, messages } = await modernClient();
    expect(client.getProtocolEra()).toBe("modern");
    expect(readAnswer(await client.callTool({ name: "talk", arguments: { action: "log" } })).body).toBe("logged");
    expect(messages).toEqual([]);
    const lines = stderr.mock.calls.map(([line]) => String(line));
    expect(lines).toEqual(expect.arrayContaining(['wymcp: [info] fixture: {"level":"info"}', 'wymcp: [error] fixture: {"level":"error"}']));
    await client.close();
  });

  test("tools/list carries each tool's annotations, in the router's order", async () => {
    const { client } = await modernClient();
    const { tools } = await client.listTools();
    const help = tools.find((tool) => tool.name === "help");
    expect(help?.annotations).toEqual({ title: "Help", readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    expect(tools.map((tool) => tool.name)).toEqual(["help", "media", "stats", "talk", "add"]);
    await client.close();
  });

  test("elicit and sample reach the client through input_required, and the handler finishes with the answers", async () => {
    const { client } = await modernClient();
    expect(readAnswer(await client.callTool({ name: "talk", arguments: { action: "elicit" } })).body).toEqual({
      action: "accept",
      content: { name: "Ada" },
    });
    const sampled = await client.callTool({ name: "talk", arguments: { action: "sample", data: { prompt: "hi" } } });
    expect(readAnswer(sampled).body).toEqual({ model: "echo-2", content: { type: "text", text: "hi" } });
    await client.close();
  });
});

const envelope = (version: string) => ({
  "io.modelcontextprotocol/protocolVersion": version,
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
});

function modernRequest(body: object, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/mcp", {
    method: "POST",
    headers: {
      host: "localhost",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": (body as { method: string }).method,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe.each([false, true])("bad 2026-07-28 input, stateless: %s", (stateless) => {
  const handler = createFetchHandler(beyondRouter(), { stateless });

  test("server/discover names the server and the versions it speaks", async () => {
    const response = await handler.handle(
      modernRequest({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope("2026-07-28") } }),
      { loopback: true },
    );
    const body = (await response.json()) as { result: { supportedVersions: string[]; _meta: Record<string, unknown> } };
    expect(response.status).toBe(200);
    expect(body.result.supportedVersions).toContain("2026-07-28");
    expect(body.result._meta["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "wymcp" });
  });

  test("an unsupported version is -32022, HTTP 400, naming the supported ones", async () => {
    const response = await handler.handle(
      modernRequest(
        { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: envelope("2099-01-01") } },
        { "mcp-protocol-version": "2099-01-01" },
      ),
      { loopback: true },
    );
    const body = (await response.json()) as { id: number; error: { code: number; data: { supported: string[] } } };
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ id: 2, error: { code: -32022 } });
    expect(body.error.data.supported).toContain("2026-07-28");
  });

  test("a header disagreeing with the body is -32020, HTTP 400, and reaches no handler", async () => {
    const response = await handler.handle(
      modernRequest(
        {
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "talk", arguments: { action: "log" }, _meta: envelope("2026-07-28") },
        },
        { "mcp-method": "tools/list", "mcp-name": "talk" },
      ),
      { loopback: true },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ id: 3, error: { code: -32020 } });
  });

  test("after close(), a 2026-07-28 request is told the server is shutting down (503), not an internal error", async () => {
    const closing = createFetchHandler(beyondRouter(), { stateless });
    await closing.close();
    const response = await closing.handle(
      modernRequest({ jsonrpc: "2.0", id: 4, method: "tools/list", params: { _meta: envelope("2026-07-28") } }),
      { loopback: true },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: -32000, message: "Service Unavailable: the server is shutting down" } });
  });

  test("a foreign Origin is 403 before the era is looked at", async () => {
    const response = await handler.handle(
      modernRequest(
        { jsonrpc: "2.0", id: 4, method: "server/discover", params: { _meta: envelope("2026-07-28") } },
        { origin: "https://evil.example" },
      ),
      { loopback: true },
    );
    expect(response.status).toBe(403);
  });
});
