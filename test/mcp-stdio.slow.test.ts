import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundleFixture } from "./fixtures/runtime/bundle.js";
import { describeSession, NEGOTIATIONS, newClient, type Negotiation, type Session } from "./fixtures/runtime/session-scenario.js";

let serverScript: string;
beforeAll(async () => {
  serverScript = await bundleFixture("./stdio-server.ts", "stdio-server");
});
afterAll(() => rmSync(serverScript, { force: true }));

/** Spawns the fixture server as a real child process and connects the SDK client over its stdio. */
async function spawnSession(negotiation: Negotiation = "legacy"): Promise<Session & { transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [serverScript], stderr: "pipe" });
  const { client, listChanged } = newClient(negotiation);
  await client.connect(transport);
  return { client, listChanged, transport, close: () => client.close() };
}

describeSession("stdio (a real child process)", { open: () => spawnSession(), notifications: true, serverName: "fixture" });
// Both eras on the one server: a client probing server/discover, and one speaking 2026-07-28 only (which hears list
// changes on its subscriptions/listen stream).
for (const negotiation of NEGOTIATIONS.filter((negotiation) => negotiation !== "legacy")) {
  describeSession(`stdio (a real child process), client negotiating ${negotiation}`, {
    open: () => spawnSession(negotiation),
    notifications: true,
    serverName: "fixture",
  });
}

test.each(NEGOTIATIONS)("a %s client gets its era over stdio", async (negotiation) => {
  const session = await spawnSession(negotiation);
  try {
    expect(session.client.getProtocolEra()).toBe(negotiation === "legacy" ? "legacy" : "modern");
  } finally {
    await session.close();
  }
});

describe("the stdio server process", () => {
  test("keeps running after a throwing handler and writes nothing but protocol to stdout", async () => {
    const session = await spawnSession();
    let stderr = "";
    session.transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const pid = session.transport.pid!;
    await session.client.callTool({ name: "tasks", arguments: { action: "explode" } });
    expect(() => process.kill(pid, 0)).not.toThrow();
    const result = await session.client.callTool({ name: "tasks", arguments: { action: "list" } });
    expect(result.isError).toBeFalsy();
    await session.close();
    // The handler's error goes to the operator on stderr (never stdout), under the id the client was told.
    expect(stderr).toMatch(/^wymcp: tasks\.explode failed \(error id [0-9a-f-]{36}\)/);
  });
});
