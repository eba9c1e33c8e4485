/**
 * `x-mcp-header` arguments on 2026-07-28 (SEP-2243): the SDK v2 client
 * mirrors them into `Mcp-Param-*` headers, and the server refuses a call
 * whose header is missing, malformed or disagrees with the body (400,
 * -32020) before any handler runs — the SDK's own check, reading the
 * router's listings. The 2025 era has no such headers.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, test } from "vitest";
import { createRouter, defineTool, text } from "../src/index.js";
import { createFetchHandler, serveHttp, type RunningHttpServer } from "../src/mcp/index.js";
import { modernCall } from "./support/modern-calls.js";

let calls = 0;
const deploy = defineTool({
  name: "deploy",
  description: "Deploys to a region",
  flat: true,
  actions: {
    deploy: {
      description: "Deploys to a region",
      properties: { region: { type: "string", "x-mcp-header": "Region" }, replicas: { type: "integer", "x-mcp-header": "Replicas" } },
      required: ["region"],
    },
  },
  handlers: {
    deploy: ({ region, replicas }) => {
      calls++;
      return text(`${region} × ${replicas ?? 1}`);
    },
  },
});

const router = () => createRouter({ tools: [deploy] });

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

test.each([
  ["2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
  ["2025-11-25", {}],
] as const)("a %s client calls the tool; the 2026 client mirrors its arguments into headers", async (_era, options) => {
  running = await serveHttp(router());
  const client = new Client({ name: "c", version: "1" }, options);
  await client.connect(new StreamableHTTPClientTransport(running.url));
  await client.listTools();
  const result = await client.callTool({ name: "deploy", arguments: { region: "eu-west", replicas: 3 } });
  expect(result.content).toEqual([{ type: "text", text: "eu-west × 3" }]);
  await client.close();
});

describe("a hand-made 2026-07-28 call", () => {
  const handler = createFetchHandler(router());
  const call = (args: Record<string, unknown>, headers: Record<string, string>) =>
    modernCall(handler, args, { name: "deploy", capabilities: {}, headers });

  test.each([
    ["plain", { "mcp-param-region": "eu-west" }],
    ["Base64-wrapped", { "mcp-param-region": `=?base64?${btoa("eu-west")}?=` }],
  ])("with its header (%s) is served", async (_label, headers) => {
    const { status, ...body } = await call({ region: "eu-west" }, headers);
    expect(status).toBe(200);
    expect(body.result?.content).toEqual([{ type: "text", text: "eu-west × 1" }]);
  });

  test.each([
    ["missing", { region: "eu-west" }, {}],
    ["disagreeing with the body", { region: "eu-west" }, { "mcp-param-region": "us-east" }],
    ["malformed Base64", { region: "Hello" }, { "mcp-param-region": "=?base64?SGVsbG8?=" }],
    ["an integer disagreeing", { region: "eu-west", replicas: 3 }, { "mcp-param-region": "eu-west", "mcp-param-replicas": "4" }],
  ])("with its header %s is refused: 400, -32020, and no handler runs", async (_label, args, headers) => {
    const before = calls;
    const { status, ...body } = await call(args, headers);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: -32020, message: expect.stringMatching(/Mcp-Param-(Region|Replicas)/i) });
    expect(calls).toBe(before);
  });
});
