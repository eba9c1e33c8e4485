/**
 * A refusal quotes at most 120 characters of what the caller sent — an
 * unknown tool or action name, an unknown key or argument, a key on the path
 * of a problem, a cursor, a batch's request id, the SDK's own 2026-07-28
 * refusals — cut with a marker counting the rest, the answer still naming
 * what is wrong and what is valid. A 1 MiB unknown action was answered with
 * ~2 MB (the name twice), each answer an event the event store kept.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { createRouter, defineTool } from "../src/index.js";
import { createInMemoryEventStore } from "../src/mcp/index.js";
import { echo, echoWords, MAX_ECHOED_CHARS } from "../src/util/echo.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { exchange, messagesOf, openSession, rpc } from "./support/http-exchange.js";
import { servers } from "./support/served.js";

const serve = servers();
/** Just under the 1 MiB body limit, with room for the envelope. */
const HUGE = "x".repeat(1_000_000);
const CUT = `${"x".repeat(MAX_ECHOED_CHARS)}…(+${HUGE.length - MAX_ECHOED_CHARS} characters)`;
/** Generous: every answer below is a few hundred bytes of wymcp's own text beside the 120 quoted characters. */
const SMALL = 4096;

describe("echo", () => {
  test("keeps short text, cuts long text with a count of the rest, never splits a surrogate pair", () => {
    expect(echo("create")).toBe("create");
    expect(echo("x".repeat(MAX_ECHOED_CHARS))).toBe("x".repeat(MAX_ECHOED_CHARS));
    expect(echo(HUGE)).toBe(CUT);
    const emoji = `${"x".repeat(MAX_ECHOED_CHARS - 1)}😀tail`;
    expect(echo(emoji)).toBe(`${"x".repeat(MAX_ECHOED_CHARS - 1)}…(+6 characters)`);
  });

  test("echoWords cuts each long word and keeps the sentence around it", () => {
    expect(echoWords(`the body names method ${HUGE} but the header names ping`)).toBe(
      `the body names method ${CUT} but the header names ping`,
    );
    expect(echoWords("a short sentence")).toBe("a short sentence");
    expect(echoWords("a ".repeat(100_000)).length).toBeLessThan(600);
  });
});

const maps = defineTool({
  name: "maps",
  description: "A map of closed records",
  actions: {
    put: {
      description: "Put entries",
      properties: {
        entries: {
          type: "object",
          additionalProperties: { type: "object", properties: { n: { type: "integer" } }, additionalProperties: false },
        },
      },
    },
  },
  handlers: { put: () => "ok" },
});

describe("the router's refusals quote a caller's text cut", () => {
  const router = createRouter({ tools: [maps] });
  const cases: [string, string, unknown, (body: Record<string, unknown>) => void][] = [
    ["an unknown tool", HUGE, {}, (body) => expect(body.message).toBe(`no tool ${JSON.stringify(CUT)}`)],
    [
      "an unknown action",
      "maps",
      { action: HUGE },
      (body) => {
        expect(body).toMatchObject({ error: "unknown_action", action: CUT, validActions: ["put"] });
        expect(body.message).toBe(`maps has no action ${JSON.stringify(CUT)}`);
      },
    ],
    [
      "an unknown argument",
      "maps",
      { action: "put", [HUGE]: 1 },
      (body) => expect(body.problems).toEqual([expect.objectContaining({ code: "unknown_argument", key: CUT })]),
    ],
    [
      "an unknown key",
      "maps",
      { action: "put", data: { [HUGE]: 1 } },
      (body) =>
        expect(body.problems).toEqual([
          expect.objectContaining({ code: "unknown_key", at: "data", key: CUT, problem: expect.stringContaining(CUT) }),
        ]),
    ],
    [
      "a key on the path of fifty problems",
      "maps",
      {
        action: "put",
        data: { entries: { [HUGE.slice(0, 10_000)]: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i])) } },
      },
      (body) => {
        const problems = body.problems as { at: string }[];
        expect(problems).toHaveLength(50);
        for (const problem of problems) expect(problem.at).toBe(`data["entries"][${JSON.stringify(echo(HUGE.slice(0, 10_000)))}]`);
      },
    ],
    ["help's unknown tool", "help", { tool: HUGE }, (body) => expect(body.message).toBe(`no tool ${JSON.stringify(CUT)}`)],
    [
      "help's unknown action",
      "help",
      { tool: "maps", action: HUGE },
      (body) => expect(body).toMatchObject({ action: CUT, message: `maps has no action ${JSON.stringify(CUT)}` }),
    ],
    [
      "help's unknown parameter",
      "help",
      { [HUGE]: 1 },
      (body) => expect(body.problems).toEqual([expect.objectContaining({ key: CUT, problem: expect.stringContaining(CUT) })]),
    ],
  ];
  test.each(cases)("%s", async (_case, name, args, check) => {
    const answer = await router.callTool(name, args);
    const text = (answer.content[0] as { text: string }).text;
    // Fifty problems each name their path: fifty times the quoted key, never fifty times the key.
    expect(text.length).toBeLessThan(_case.startsWith("a key on the path") ? 50 * 400 : SMALL);
    check(readAnswer(answer).body as Record<string, unknown>);
  });
});

describe("over HTTP, with an event store keeping every answer", () => {
  test("1 MiB unknown names through the SDK Client: each answer stays small, and says what is valid", async () => {
    const running = await serve({ eventStore: createInMemoryEventStore() });
    const client = new Client({ name: "echo-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(running.url));
    try {
      const unknownAction = await client.callTool({ name: "tasks", arguments: { action: HUGE } });
      expect(JSON.stringify(unknownAction).length).toBeLessThan(SMALL);
      expect(readAnswer(unknownAction).body).toMatchObject({
        error: "unknown_action",
        action: CUT,
        validActions: expect.arrayContaining(["create"]),
      });
      const unknownTool = await client.callTool({ name: HUGE, arguments: {} }).catch((error: unknown) => error);
      expect(String((unknownTool as Error).message)).toContain(`no tool ${JSON.stringify(CUT)}`);
      expect(String((unknownTool as Error).message).length).toBeLessThan(SMALL);
    } finally {
      await client.close();
    }
  });

  test("a cursor, a batch's repeated request id and a 2026-07-28 header mismatch are quoted cut", async () => {
    const running = await serve();
    const session = await openSession(running.url);
    const cursor = await exchange(running.url, { headers: session, body: rpc(2, "tools/list", { cursor: HUGE }) });
    expect(cursor.body.length).toBeLessThan(SMALL);
    expect(messagesOf(cursor)).toEqual([
      expect.objectContaining({
        error: { code: -32602, message: expect.stringMatching(/^Invalid cursor "x+…\(\+\d+ characters\): this server lists every tool/) },
      }),
    ]);

    const id = HUGE.slice(0, 500_000);
    const batch = await exchange(running.url, {
      headers: session,
      body: JSON.stringify([JSON.parse(rpc(id, "ping")), JSON.parse(rpc(id, "ping"))]),
    });
    expect(batch.status).toBe(400);
    expect(batch.body.length).toBeLessThan(SMALL);
    expect(JSON.parse(batch.body).error.message).toBe(`Invalid Request: the batch uses the request id ${echo(JSON.stringify(id))} twice`);

    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
    const modern = await exchange(running.url, {
      headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "tasks" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: HUGE, arguments: {}, _meta: meta } }),
    });
    expect(modern.status).toBe(400);
    expect(modern.body.length).toBeLessThan(SMALL);
    const refused = JSON.parse(modern.body) as { id: unknown; error: { code: number; message: string } };
    expect(refused.id).toBe(7);
    expect(refused.error.code).toBe(-32020);
    expect(refused.error.message).toMatch(/the body carries params\.name="x+…\(\+\d+ characters\) but the Mcp-Name header names "tasks"$/);
  });
});
