/**
 * `serveHttp` against slow clients, on 127.0.0.1: a client that stalls while
 * sending its headers or its body is answered 408 and disconnected after
 * `headersTimeoutMs` / `requestTimeoutMs` (tens of seconds by default, not
 * Node's 300 s), so stalled uploads cannot pin memory; and neither timeout
 * ever cuts a response that is still streaming, such as the standalone SSE
 * stream of a session. Waits are bounded so a regression fails rather than
 * hangs; no assertion is about how long anything took.
 */
import { connect } from "node:net";
import { describe, expect, test } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, serveHttp, type RunningHttpServer } from "../src/mcp/index.js";
import { within } from "./fixtures/runtime/session-scenario.js";
import { extra, fixtureRouter } from "./fixtures/runtime/tools.js";
import { openEventStream, servers } from "./support/served.js";
import { exchange, INITIALIZE, messagesOf, openSession, rpc } from "./support/http-exchange.js";

const serve = servers();

/**
 * Writes `text` on a raw connection and stalls; resolves with what the
 * server wrote once it closed the connection, or `"still open"` after
 * `patience` ms.
 */
function stall(running: RunningHttpServer, text: string, patience = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(running.url.port), "127.0.0.1", () => socket.write(text));
    let answer = "";
    const timer = setTimeout(() => (socket.destroy(), resolve("still open")), patience);
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => (clearTimeout(timer), resolve(answer)));
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? undefined : reject(error)));
  });
}

const head = (contentLength: number) =>
  `POST /mcp HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${contentLength}\r\n\r\n`;

describe("request and header timeouts", () => {
  test("by default 20 s for the headers and 30 s for the whole request, not Node's 60 s / 300 s", async () => {
    const running = await serve();
    expect(running.httpServer.headersTimeout).toBe(20_000);
    expect(running.httpServer.requestTimeout).toBe(30_000);
    expect([DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS]).toEqual([20_000, 30_000]);
  });

  test("a client that stalls halfway through its body is answered 408 and disconnected; the server keeps serving", async () => {
    const running = await serve({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    expect([running.httpServer.headersTimeout, running.httpServer.requestTimeout]).toEqual([300, 600]);
    const answer = await stall(
      running,
      head(1024 * 1024) + `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"${"x".repeat(64 * 1024)}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await exchange(running.url, { body: INITIALIZE })).status).toBe(200);
  });

  test("a client that stalls in its headers is answered 408 and disconnected", async () => {
    const running = await serve({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    expect(await stall(running, "POST /mcp HTTP/1.1\r\nhost: localhost\r\nx-slow: ")).toMatch(/^HTTP\/1\.1 408 /);
  });

  test("neither timeout cuts a streaming response: the standalone SSE stream outlives them and still carries list_changed", async () => {
    const router = fixtureRouter();
    const running = await serve({ headersTimeoutMs: 200, requestTimeoutMs: 300 }, router);
    const session = await openSession(running.url);
    const stream = await openEventStream(running.url, session);
    expect(stream.statusCode).toBe(200);
    let text = "";
    let ended = false;
    stream.on("data", (chunk: Buffer) => (text += chunk.toString()));
    stream.on("close", () => (ended = true));
    // Ten request timeouts, and several passes of Node's connection check, with only the stream open.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(ended).toBe(false);
    router.register(extra);
    await within(
      new Promise<void>((resolve) => {
        const check = () => (text.includes("notifications/tools/list_changed") ? resolve() : setTimeout(check, 20));
        check();
      }),
      5000,
      "list_changed on the SSE stream",
    );
    expect(ended).toBe(false);
    stream.destroy();
  });

  test("a tool call answered after both timeouts is delivered whole (the request itself arrived in time)", async () => {
    const slow = defineTool({
      name: "slow",
      description: "Answers late",
      actions: { wait: { description: "Waits 1.5 s", properties: {} } },
      handlers: { wait: () => new Promise((resolve) => setTimeout(() => resolve("done"), 1500)) },
    });
    const running = await serve({ headersTimeoutMs: 200, requestTimeoutMs: 300 }, createRouter({ tools: [slow] }));
    const session = await openSession(running.url);
    const answer = await exchange(running.url, {
      headers: session,
      body: rpc(2, "tools/call", { name: "slow", arguments: { action: "wait" } }),
    });
    expect(answer.status).toBe(200);
    expect(messagesOf(answer)).toEqual([
      expect.objectContaining({ id: 2, result: { content: [{ type: "text", text: JSON.stringify("done") }] } }),
    ]);
  });

  test("invalid timeouts are refused before listening", async () => {
    for (const options of [
      { headersTimeoutMs: -1 },
      { requestTimeoutMs: 1.5 },
      { headersTimeoutMs: 40_000 },
      { headersTimeoutMs: 2000, requestTimeoutMs: 1000 },
      { requestTimeoutMs: Number.NaN },
    ]) {
      await expect(serveHttp(fixtureRouter(), options), JSON.stringify(options)).rejects.toThrow(RangeError);
    }
    // 0 turns a timeout off, as in Node.
    const unlimited = await serve({ requestTimeoutMs: 0, headersTimeoutMs: 10_000 });
    expect(unlimited.httpServer.requestTimeout).toBe(0);
  });
});
