/**
 * W3C trace context on the handler context: what a client sends in a call's
 * `_meta` reaches the handler as `context.trace` on both protocol eras, and a
 * malformed or hostile value is refused (-32602, naming the field and the
 * format) before any handler runs.
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRouter, defineTool, type TraceContext } from "../src/index.js";
import { readTraceContext } from "../src/contract/trace-context.js";
import { serveHttp, type RunningHttpServer } from "../src/mcp/index.js";
import { NEGOTIATIONS, newClient } from "./fixtures/runtime/session-scenario.js";

const PARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

describe("readTraceContext", () => {
  test.each([
    ["nothing", {}, undefined],
    ["not an object", "x", undefined],
    [
      "a sampled traceparent",
      { traceparent: PARENT },
      { traceparent: PARENT, traceId: "4bf92f3577b34da6a3ce929d0e0e4736", parentId: "00f067aa0ba902b7", sampled: true },
    ],
    [
      "an unsampled one, with tracestate and baggage",
      { traceparent: PARENT.replace(/01$/, "00"), tracestate: "rojo=00f067aa0ba902b7, congo=t61rcWkgMzE", baggage: "userId=alice" },
      {
        traceparent: PARENT.replace(/01$/, "00"),
        traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
        parentId: "00f067aa0ba902b7",
        sampled: false,
        tracestate: "rojo=00f067aa0ba902b7, congo=t61rcWkgMzE",
        baggage: "userId=alice",
      },
    ],
    [
      "a later version with a field after the four",
      { traceparent: `cc${PARENT.slice(2)}-what-comes-next` },
      {
        traceparent: `cc${PARENT.slice(2)}-what-comes-next`,
        traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
        parentId: "00f067aa0ba902b7",
        sampled: true,
      },
    ],
  ])("%s", (_, meta, expected) => {
    expect(readTraceContext(meta)).toEqual(expected);
  });

  test.each([
    ["a number", { traceparent: 7 }, "traceparent", "the traceparent is a number, not a string"],
    [
      "a getter that throws",
      Object.defineProperty({}, "traceparent", {
        get() {
          throw new Error("boom");
        },
        enumerable: true,
      }),
      "traceparent",
      "the traceparent is unreadable, not a string",
    ],
    ["not the format", { traceparent: "hello" }, "traceparent", 'the traceparent "hello" is not version-traceid-parentid-flags'],
    ["uppercase hex", { traceparent: PARENT.toUpperCase() }, "traceparent", "in lowercase hex"],
    ["version ff", { traceparent: `ff${PARENT.slice(2)}` }, "traceparent", "has the version ff"],
    ["version 00 with a fifth field", { traceparent: `${PARENT}-x` }, "traceparent", "has more than four fields"],
    ["an all-zero trace id", { traceparent: `00-${"0".repeat(32)}-00f067aa0ba902b7-01` }, "traceparent", "all-zero trace id"],
    [
      "an all-zero parent id",
      { traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-${"0".repeat(16)}-01` },
      "traceparent",
      "all-zero parent id",
    ],
    ["a megabyte", { traceparent: "0".repeat(1 << 20) }, "traceparent", "is not version-traceid-parentid-flags"],
    ["a tracestate object", { traceparent: PARENT, tracestate: { a: 1 } }, "tracestate", "the tracestate is an object, not a string"],
    ["a tracestate member without =", { traceparent: PARENT, tracestate: "rojo" }, "tracestate", 'member "rojo" is not key=value'],
    ["an uppercase tracestate key", { traceparent: PARENT, tracestate: "Rojo=1" }, "tracestate", 'member "Rojo=1"'],
    [
      "33 tracestate members",
      { traceparent: PARENT, tracestate: Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(",") },
      "tracestate",
      "33 members, over the 32 allowed",
    ],
    ["a line break in baggage", { traceparent: PARENT, baggage: "a=1\r\nx: y" }, "baggage", "outside printable ASCII"],
    ["baggage over 8192 characters", { traceparent: PARENT, baggage: `a=${"b".repeat(9000)}` }, "baggage", "over the 8192 allowed"],
  ])("refuses %s", (_, meta, field, problem) => {
    const read = readTraceContext(meta) as { field: string; problem: string; fix: string };
    expect(read.field).toBe(field);
    expect(read.problem).toContain(problem);
    expect(read.fix).toMatch(/^send .*, or leave it out$/);
    // A quote of the value is short, whatever was sent.
    expect(read.problem.length).toBeLessThan(200);
  });
});

describe("the handler's context.trace through the SDK client", () => {
  const seen: (TraceContext | undefined)[] = [];
  let running: RunningHttpServer;
  beforeAll(async () => {
    const tool = defineTool({
      name: "traced",
      description: "Answers with the trace it ran in",
      actions: { run: { description: "Run", properties: {} } },
      handlers: {
        run: (_, context) => {
          seen.push(context.trace);
          return { traced: Object.hasOwn(context, "trace") };
        },
      },
    });
    running = await serveHttp(createRouter({ tools: [tool] }));
  });
  afterAll(() => running.close());

  describe.each(NEGOTIATIONS)("a client negotiating %s", (negotiation) => {
    async function withClient<T>(use: (client: ReturnType<typeof newClient>["client"]) => Promise<T>): Promise<T> {
      const { client } = newClient(negotiation);
      await client.connect(new StreamableHTTPClientTransport(running.url));
      try {
        return await use(client);
      } finally {
        await client.close();
      }
    }

    test("the trace it sends reaches the handler; a call without one has no trace key", async () => {
      seen.length = 0;
      await withClient(async (client) => {
        const traced = await client.callTool({
          name: "traced",
          arguments: { action: "run", data: {} },
          _meta: { traceparent: PARENT, tracestate: "rojo=1" },
        });
        expect(traced.structuredContent ?? JSON.parse((traced.content as { text: string }[])[0]!.text)).toMatchObject({ traced: true });
        await client.callTool({ name: "traced", arguments: { action: "run", data: {} } });
      });
      expect(seen).toEqual([
        {
          traceparent: PARENT,
          traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
          parentId: "00f067aa0ba902b7",
          sampled: true,
          tracestate: "rojo=1",
        },
        undefined,
      ]);
    });

    test("a hostile traceparent is refused with -32602 naming the field, and the handler never runs", async () => {
      seen.length = 0;
      await withClient(async (client) => {
        const refused = client.callTool({
          name: "traced",
          arguments: { action: "run", data: {} },
          _meta: { traceparent: `00-${"0".repeat(32)}-00f067aa0ba902b7-01\r\n${"x".repeat(5000)}` },
        });
        await expect(refused).rejects.toMatchObject({
          code: -32602,
          message: expect.stringMatching(
            /Invalid _meta\.traceparent: the traceparent .* is not version-traceid-parentid-flags.*send a W3C traceparent/,
          ),
        });
      });
      expect(seen).toEqual([]);
    });
  });
});
