import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMcpServer } from "../src/mcp/index.js";
import {
  collectGarbage,
  expectedCounts,
  expectWaveComplete,
  loadServer,
  mixedWave,
  runWave,
  type LoadServer,
  type WaveResult,
} from "./support/load-fixture.js";
import { within } from "./fixtures/runtime/session-scenario.js";

const COUNT = 10_000;
const MiB = 1024 * 1024;

describe("10,000 calls in flight over InMemoryTransport", () => {
  let server: LoadServer;
  let client: Client;
  let close: () => Promise<void>;
  let heard = 0;
  const gc = collectGarbage();

  beforeAll(async () => {
    server = loadServer();
    server.breakSibling();
    const mcp = createMcpServer(server.router);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: "load", version: "1" });
    client.setNotificationHandler("notifications/tools/list_changed", () => void heard++);
    await mcp.connect(serverSide);
    await client.connect(clientSide);
    close = async () => (await client.close(), await mcp.close());
  });
  afterAll(async () => {
    await close();
  });

  /** Weak references to a sample of the arguments sent: nothing on either side may keep a request. */
  const sent: WeakRef<object>[] = [];
  let calls = 0;
  const wave = (): Promise<WaveResult> =>
    within(
      runWave(mixedWave(COUNT), (call) => {
        if (++calls % 89 === 0) sent.push(new WeakRef(call.arguments));
        return client.callTool({ name: call.name, arguments: call.arguments }, { timeout: 60_000 });
      }),
      90_000,
      "a wave of 10,000 calls",
    );

  function expectComplete(result: WaveResult): void {
    expectWaveComplete(result, COUNT);
    // At least every call that does not depend on the toggled tool answers ok.
    expect(result.counts["ok"] ?? 0).toBeGreaterThanOrEqual(expectedCounts(COUNT).ok);
  }

  test("every call answered by kind, none lost; list_changed heard for every registration change", async () => {
    const result = await wave();
    expectComplete(result);
    expect(server.toggles()).toBe(expectedCounts(COUNT).toggles);
    // Every toggle changed the list and was announced; the notifications arrive in order behind the answers.
    await within(
      (async () => {
        while (heard < server.toggles()) await new Promise((resolve) => setTimeout(resolve, 10));
      })(),
      10_000,
      "list_changed notifications",
    );
    expect(heard).toBe(server.toggles());
  });

  test("memory is stable: a second and a third wave keep nothing, not even the data handlers received", async () => {
    await gc();
    const before = process.memoryUsage().heapUsed;
    server.sampled.length = 0;
    sent.length = 0;
    for (let round = 0; round < 2; round++) expectComplete(await wave());
    const sampled = server.sampled.length;
    await gc();
    const growth = process.memoryUsage().heapUsed - before;
    expect(sampled).toBeGreaterThan(100);
    expect(server.sampled.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    expect(sent.length).toBeGreaterThan(100);
    expect(sent.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    // 20,000 more calls: a leak of 200 bytes a call would show as 4 MiB (the heap settles within a fraction of that).
    expect(growth, `heap grew by ${(growth / MiB).toFixed(1)} MiB`).toBeLessThan(4 * MiB);
  });
});
