/**
 * `mcpServer` and `setup`: run for every SDK server wymcp creates (stdio is
 * covered by mcp-beyond-tools), refused clearly when they cannot work.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { createRouter } from "../src/index.js";
import { createMcpServer, serveHttp } from "../src/mcp/index.js";

describe("the per-server hooks", () => {
  test.each([false, true])("HTTP (stateless %s): setup and mcpServer run once per session, or once per request", async (stateless) => {
    let made = 0;
    let setUp = 0;
    const running = await serveHttp(createRouter(), {
      stateless,
      mcpServer: () => (made++, new McpServer({ name: "hooked", version: "1" })),
      setup: () => void setUp++,
    });
    const clients = [new Client({ name: "a", version: "1" }), new Client({ name: "b", version: "1" })];
    for (const client of clients) {
      await client.connect(new StreamableHTTPClientTransport(running.url));
      await client.listTools();
      await client.listTools();
    }
    // Stateful: one server per client. Stateless: one per POST (initialize, initialized, two tools/list).
    const expected = stateless ? clients.length * 4 : clients.length;
    expect({ made, setUp }).toEqual({ made: expected, setUp: expected });
    expect(clients[0]!.getServerVersion()).toMatchObject({ name: "hooked" });
    for (const client of clients) await client.close();
    await running.close();
  });

  test("an mcpServer factory that returns something else is a TypeError naming what to return", () => {
    expect(() => createMcpServer(createRouter(), { mcpServer: () => ({}) as never })).toThrow(/mcpServer must return a new McpServer/);
  });

  test("an McpServer that serves tools of its own is refused: tools belong on the router", () => {
    const withTool = () => {
      const mcp = new McpServer({ name: "x", version: "1" });
      mcp.registerTool("own", { description: "Own" }, () => ({ content: [] }));
      return mcp;
    };
    expect(() => createMcpServer(createRouter(), { mcpServer: withTool })).toThrow(
      /already serves tools .* register every tool on the wymcp router/,
    );
  });

  test("a setup that throws fails createMcpServer with its error", () => {
    expect(() =>
      createMcpServer(createRouter(), {
        setup: () => {
          throw new Error("no database");
        },
      }),
    ).toThrow("no database");
  });
});
