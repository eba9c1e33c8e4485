import { InMemoryTransport, Server } from "@modelcontextprotocol/server";
import { describe, expect, test, vi } from "vitest";
import { bindRouter, createMcpServer } from "../src/mcp/index.js";
import { createRouter } from "../src/index.js";
import { describeSession, newClient, within } from "./fixtures/runtime/session-scenario.js";
import { extra, fixtureRouter } from "./fixtures/runtime/tools.js";

async function connect(router = fixtureRouter()) {
  const server = createMcpServer(router, { serverInfo: { name: "fixture", version: "1.2.3" } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const { client, listChanged } = newClient();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, server, listChanged, close: async () => (await client.close(), await server.close()) };
}

describeSession("the in-memory transport", { open: () => connect(), notifications: true, serverName: "fixture" });

describe("the SDK binding", () => {
  test("a registration from outside any request reaches every connected client; a closed server stops listening", async () => {
    const router = fixtureRouter();
    const first = await connect(router);
    const second = await connect(router);
    const heard = [first.listChanged(), second.listChanged()];
    router.register(extra);
    await within(Promise.all(heard), 10_000, "list_changed");
    await second.close();
    const send = vi.spyOn(second.server, "sendToolListChanged");
    const again = first.listChanged();
    router.unregister("extra");
    await within(again, 10_000, "list_changed");
    expect(send).not.toHaveBeenCalled();
    await first.close();
  });

  test("bindRouter refuses a server that is already connected: capabilities are fixed at initialize", async () => {
    const server = new Server({ name: "late", version: "1" });
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    expect(() => bindRouter(server, createRouter())).toThrow(/after connecting/);
    await server.close();
  });

  test("serverOptions.instructions wins over the router's", async () => {
    const server = createMcpServer(createRouter({ instructions: "router" }), { serverOptions: { instructions: "explicit" } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const { client } = newClient();
    await server.connect(serverSide);
    await client.connect(clientSide);
    expect(client.getInstructions()).toBe("explicit");
    expect(client.getServerVersion()).toMatchObject({ name: "wymcp" });
    await client.close();
  });
});
