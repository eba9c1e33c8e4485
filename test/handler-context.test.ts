/**
 * The handler context through the router alone (no SDK): logs go nowhere,
 * progress is absent, sampling, elicitation and the roots fail at once with a
 * `client_unavailable` ToolError; a `CallContext.client` channel is what the
 * handler talks to, so any transport can provide one (one written without
 * `listRoots` answers the roots with `client_unavailable`; a question's
 * options reach the channel).
 */
import { describe, expect, test } from "vitest";
import { createRouter, defineTool, type ClientChannel, type HandlerContext } from "../src/index.js";
import { firstText } from "./support/tools.js";

const none = { description: "No data", properties: {} };
let seen: HandlerContext | undefined;

const probe = defineTool({
  name: "probe",
  description: "Uses the context",
  actions: { log: none, progress: none, sample: none, elicit: none, roots: none },
  handlers: {
    async log(_data, context) {
      seen = context;
      await context.log.warning({ disk: "low" }, "probe");
      return "logged";
    },
    progress: async (_data, { progress }) => (progress === undefined ? "no token" : (await progress(1, 2, "half"), "reported")),
    sample: async (_data, { sample }) =>
      (await sample({ messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 5 })).model,
    elicit: async (_data, { elicit }) =>
      (await elicit({ message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } })).action,
    roots: async (_data, { listRoots }) => (await listRoots({ key: "where" })).roots.map((root) => root.uri),
  },
});

const router = createRouter({ tools: [probe] });
const call = async (action: string, context?: object) => {
  const answer = await router.callTool("probe", { action }, context);
  return { isError: answer.isError === true, body: JSON.parse(firstText(answer)) };
};

describe("without a client channel", () => {
  test("log resolves and sends nothing; the context names the call", async () => {
    expect(await call("log")).toEqual({ isError: false, body: "logged" });
    expect(seen).toMatchObject({ tool: "probe", action: "log" });
    expect(Object.keys(seen!.log).sort()).toEqual(["alert", "critical", "debug", "emergency", "error", "info", "notice", "warning"]);
    expect(seen!.signal.aborted).toBe(false);
  });

  test("progress is absent", async () => {
    expect(await call("progress")).toEqual({ isError: false, body: "no token" });
  });

  test.each(["sample", "elicit", "roots"])("%s fails at once with client_unavailable", async (action) => {
    expect(await call(action)).toMatchObject({
      isError: true,
      body: {
        error: "client_unavailable",
        message: expect.stringMatching(/needs a connected MCP client/),
        hint: expect.stringContaining("wymcp/mcp"),
      },
    });
  });
});

describe("with a client channel", () => {
  const sent: unknown[] = [];
  const client: ClientChannel = {
    log: async (level, data, logger) => void sent.push({ level, data, logger }),
    progress: async (progress, total, message) => void sent.push({ progress, total, message }),
    sample: async () => ({ role: "assistant", content: { type: "text", text: "ok" }, model: "m-1" }),
    elicit: async () => ({ action: "decline" }),
  };

  test("every part of the context goes through it", async () => {
    expect((await call("log", { client })).body).toBe("logged");
    expect((await call("progress", { client })).body).toBe("reported");
    expect((await call("sample", { client })).body).toBe("m-1");
    expect((await call("elicit", { client })).body).toBe("decline");
    expect((await call("roots", { client })).body).toMatchObject({ error: "client_unavailable" });
    const withRoots: ClientChannel = {
      ...client,
      listRoots: async (options) => ({ roots: [{ uri: `file:///${options?.key ?? "none"}` }] }),
    };
    expect((await call("roots", { client: withRoots })).body).toEqual(["file:///where"]);
    expect(sent).toEqual([
      { level: "warning", data: { disk: "low" }, logger: "probe" },
      { progress: 1, total: 2, message: "half" },
    ]);
  });

  test("a channel whose log throws makes a handler_error, never an escape", async () => {
    const broken = { ...client, log: () => Promise.reject(new Error("pipe closed")) };
    expect(
      await createRouter({ tools: [probe], log: { error: () => {} } }).callTool("probe", { action: "log" }, { client: broken }),
    ).toMatchObject({ isError: true });
  });
});
