/**
 * The default server log writes one entry as one line, and nothing a caller
 * or a handler put in it can end that line or drive the operator's
 * terminal. Before, a handler's exception went out raw: its message and
 * stack on lines of their own, so a message holding "\n" forged a log entry
 * of its choosing and ANSI escape codes (ESC, or the C1 CSI a terminal reads
 * alike) recoloured or rewrote the screen. Now every control character — C0,
 * DEL, C1, the Unicode line and paragraph separators, the bidirectional
 * overrides — is written as `\uXXXX`, and the stack travels inside the JSON
 * details. Through a real server over HTTP and the SDK Client.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import { logSafe, stderrLog } from "../src/serving/server-log.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { servers } from "./support/served.js";

const serve = servers();
afterEach(() => void vi.restoreAllMocks());

/** Every character no log line may carry raw. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e]/;
const HOSTILE = "boom\n\u001b[31mwymcp: forged entry\r\u009b2J\u2028\u202egnp.exe\u0000\u007f";

/** What the default log printed, one string per console.error call. */
function capturedStderr(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  return lines;
}

describe("logSafe", () => {
  test("writes every control character as \\uXXXX and leaves the rest", () => {
    expect(logSafe(HOSTILE)).toBe("boom\\u000a\\u001b[31mwymcp: forged entry\\u000d\\u009b2J\\u2028\\u202egnp.exe\\u0000\\u007f");
    expect(logSafe('plain "text" — é, 😀, \\')).toBe('plain "text" — é, 😀, \\');
  });
});

describe("the default log", () => {
  test("one call, one line: the message and the JSON details, a stack inside them", () => {
    const lines = capturedStderr();
    const error = new Error(HOSTILE);
    stderrLog.error(`tasks.create failed: ${HOSTILE}`, { errorId: "e1", stack: error.stack, reason: HOSTILE });
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).not.toMatch(CONTROL);
    expect(line.startsWith("wymcp: tasks.create failed: boom\\u000a\\u001b[31mwymcp: forged entry")).toBe(true);
    const details = JSON.parse(line.slice(line.indexOf(" {") + 1)) as Record<string, string>;
    expect(details).toMatchObject({ errorId: "e1", reason: HOSTILE });
    expect(details["stack"]).toContain(HOSTILE);
    expect(details["stack"]).toMatch(/\n\s+at /);
  });

  test("a handler's hostile exception, through a real server and the SDK Client: one line, no control character", async () => {
    const lines = capturedStderr();
    const tool = defineTool({
      name: "echo",
      description: "Throws what it is sent",
      actions: { fail: { description: "Throw the text", properties: { text: { type: "string" } }, required: ["text"] } },
      handlers: {
        fail: (data) => {
          throw new Error(data.text);
        },
      },
    });
    const running = await serve({}, createRouter({ tools: [tool] }));
    const client = new Client({ name: "log-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(running.url));
    try {
      const answer = readAnswer(await client.callTool({ name: "echo", arguments: { action: "fail", data: { text: HOSTILE } } }));
      expect(answer.body).toMatchObject({ error: "handler_error" });
      const entries = lines.filter((line) => line.includes(answer.body.errorId as string));
      expect(entries).toHaveLength(1);
      expect(entries[0]).not.toMatch(CONTROL);
      expect(lines.filter((line) => line.startsWith("wymcp: forged"))).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
