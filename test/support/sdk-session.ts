/**
 * A real MCP session for gate tests: the SDK's own `Client`, linked over
 * `InMemoryTransport` to `createMcpServer(router)`, so every call goes
 * through JSON-RPC, the SDK binding and the router exactly as a client's does.
 */
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import type { Router } from "../../src/index.js";
import { createMcpServer } from "../../src/mcp/index.js";
import { readAnswer, type ReadAnswer } from "../fixtures/runtime/answers.js";

export interface SdkSession {
  readonly client: Client;
  /** Calls a tool through the client and parses its answer. */
  readonly call: (name: string, args: Record<string, unknown>) => Promise<ReadAnswer>;
  readonly close: () => Promise<void>;
}

/** Connects a fresh SDK client to a fresh MCP server around `router`; lists the tools once (the client caches output schemas then). */
export async function connectSdk(router: Router): Promise<SdkSession> {
  const server = createMcpServer(router, { serverInfo: { name: "gate-tests", version: "0.0.1" } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "wymcp-gate-test", version: "0.0.1" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  await client.listTools();
  return {
    client,
    call: async (name, args) => readAnswer(await client.callTool({ name, arguments: args })),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
