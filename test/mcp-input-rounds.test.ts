/**
 * A handler's questions — elicit, sample, listRoots — with the SDK v2
 * `Client` on both eras, over Streamable HTTP (stateful and stateless) and
 * stdio (a child process). A 2026-07-28 client (pinned, or `auto`) gets
 * `input_required` results its driver fulfils and retries: the handler runs
 * once more per round and each answer reaches the question it answered. A
 * 2025 client gets requests on its session, as before, and the handler runs
 * once; stateless 2025 refuses at once.
 */
import { rmSync } from "node:fs";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveHttp } from "../src/mcp/index.js";
import { askingRouter } from "./fixtures/runtime/asking.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { bundleFixture } from "./fixtures/runtime/bundle.js";
import type { Negotiation } from "./fixtures/runtime/session-scenario.js";

let stdioScript: string;
beforeAll(async () => {
  stdioScript = await bundleFixture("./asking-stdio-server.ts", "asking-stdio-server");
});
afterAll(() => rmSync(stdioScript, { force: true }));

const FORM_ANSWERS: Record<string, Record<string, unknown>> = {
  "Your name?": { name: "Ada" },
  "Your colour, Ada?": { color: "blue" },
  "Go on?": { ok: true },
};

/** A client that answers every question and writes down each one it was asked. */
function askedClient(negotiation: Negotiation): { client: Client; asked: string[] } {
  const client = new Client(
    { name: "asked", version: "1.0.0" },
    {
      capabilities: { elicitation: {}, sampling: {}, roots: {} },
      ...(negotiation === "legacy" ? {} : { versionNegotiation: { mode: negotiation === "auto" ? "auto" : { pin: negotiation } } }),
    },
  );
  const asked: string[] = [];
  client.setRequestHandler("elicitation/create", ({ params }) => {
    const message = "message" in params ? params.message : "";
    asked.push(`elicit ${message}`);
    return { action: "accept", content: FORM_ANSWERS[message] as Record<string, string> };
  });
  client.setRequestHandler("sampling/createMessage", () => {
    asked.push("sample");
    return { role: "assistant", content: { type: "text", text: "hi" }, model: "echo-1" };
  });
  client.setRequestHandler("roots/list", () => {
    asked.push("roots");
    return { roots: [{ uri: "file:///work", name: "work" }] };
  });
  return { client, asked };
}

interface Surface {
  readonly name: string;
  /** Whether a 2025 client's question can be answered (no: stateless HTTP). */
  readonly legacyAsks: boolean;
  connect(client: Client): Promise<() => Promise<void>>;
}

const http = (stateless: boolean): Surface => ({
  name: `Streamable HTTP (${stateless ? "stateless" : "stateful"})`,
  legacyAsks: !stateless,
  async connect(client) {
    const running = await serveHttp(askingRouter(), { stateless });
    await client.connect(new StreamableHTTPClientTransport(running.url));
    return async () => (await client.close(), await running.close());
  },
});

const SURFACES: Surface[] = [
  http(false),
  http(true),
  {
    name: "stdio (a child process)",
    legacyAsks: true,
    async connect(client) {
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [stdioScript], stderr: "pipe" }));
      return () => client.close();
    },
  },
];

describe.each(SURFACES)("questions over $name", (surface) => {
  async function session(negotiation: Negotiation) {
    const { client, asked } = askedClient(negotiation);
    const close = await surface.connect(client);
    const call = async (action: string, data?: object) =>
      readAnswer(await client.callTool({ name: "asking", arguments: { action, ...(data === undefined ? {} : { data }) } }));
    const runs = async () => (await call("runs")).body as Record<string, number>;
    return { client, asked, close, call, runs };
  }

  describe.each(["2026-07-28", "auto"] as const)("a %s client (multi-round-trip requests)", (negotiation) => {
    test("one question: input_required, then the handler runs again with the answer", async () => {
      const { client, asked, close, call, runs } = await session(negotiation);
      try {
        expect(client.getProtocolEra()).toBe("modern");
        expect(await call("name")).toEqual({ isError: false, body: "Hello, Ada", structuredContent: undefined });
        expect(asked).toEqual(["elicit Your name?"]);
        expect((await runs()).name).toBe(2);
      } finally {
        await close();
      }
    });

    test("questions in turn: one round each, every answer for the question it answered", async () => {
      const { asked, close, call, runs } = await session(negotiation);
      try {
        expect((await call("twice")).body).toBe("Ada likes blue");
        expect(asked).toEqual(["elicit Your name?", "elicit Your colour, Ada?"]);
        expect((await runs()).twice).toBe(3);
      } finally {
        await close();
      }
    });

    test("questions asked together travel in one round: elicitation, sampling and roots", async () => {
      const { asked, close, call, runs } = await session(negotiation);
      try {
        expect((await call("together")).body).toEqual({
          name: "Ada",
          said: { type: "text", text: "hi" },
          model: "echo-1",
          roots: ["file:///work"],
        });
        expect([...asked].sort()).toEqual(["elicit Your name?", "roots", "sample"]);
        expect((await runs()).together).toBe(2);
      } finally {
        await close();
      }
    });

    test("the same question asked in a loop is asked each time", async () => {
      const { asked, close, call } = await session(negotiation);
      try {
        expect((await call("loop")).body).toBe(3);
        expect(asked).toEqual(["elicit Go on?", "elicit Go on?", "elicit Go on?"]);
      } finally {
        await close();
      }
    });
  });

  describe("a 2025-11-25 client (the handshake: requests on the session, as before)", () => {
    test("the handler runs once and waits for each answer; stateless HTTP refuses at once", async () => {
      const { client, asked, close, call, runs } = await session("legacy");
      try {
        expect(client.getProtocolEra()).toBe("legacy");
        const answer = await call("twice");
        if (surface.legacyAsks) {
          expect(answer.body).toBe("Ada likes blue");
          expect(asked).toEqual(["elicit Your name?", "elicit Your colour, Ada?"]);
          expect((await call("together")).body).toMatchObject({ name: "Ada", model: "echo-1", roots: ["file:///work"] });
          expect(await runs()).toEqual({ twice: 1, together: 1 });
        } else {
          expect(answer).toMatchObject({
            isError: true,
            body: { error: "needs_session", message: expect.stringMatching(/^elicitation needs/) },
          });
          expect(asked).toEqual([]);
        }
      } finally {
        await close();
      }
    });
  });
});
