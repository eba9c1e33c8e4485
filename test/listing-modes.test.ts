/**
 * Listing modes through the SDK's own `Client`: one tool per action in the
 * modes that carry data schemas, calls to those tools reaching the gate as
 * `{ action, data }`, `null` for an optional key read as absent (defaults
 * apply) only where the listing asked for it, per-tool overrides, and the
 * router's refusals of bad options and clashing names.
 */
import { afterEach, describe, expect, test } from "vitest";
import { createRouter, defineTool, ToolRegistrationError, type ListingMode } from "../src/index.js";
import { connectSdk, type SdkSession } from "./support/sdk-session.js";

const received: unknown[] = [];
const search = defineTool({
  name: "notes",
  description: "Notes",
  actions: {
    search: {
      description: "Find notes",
      properties: {
        query: { type: "string", minLength: 1 },
        limit: { type: "integer", minimum: 1 },
        due: { type: ["string", "null"], description: "null clears it" },
        opts: {
          type: "object",
          properties: {
            exact: { type: "boolean" },
            tags: { type: "array", items: { type: "object", properties: { name: { type: "string" }, weight: { type: "integer" } } } },
          },
        },
      },
      required: ["query"],
      defaults: { limit: 10, opts: { exact: false } },
    },
    count: { description: "Count notes", properties: {} },
  },
  handlers: {
    search: (data) => {
      received.push(data);
      return { ok: true };
    },
    count: () => ({ count: 0 }),
  },
});

let session: SdkSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
  received.length = 0;
});

async function open(listing: ListingMode, overrides?: Record<string, ListingMode>) {
  session = await connectSdk(
    createRouter({ tools: [search], listing, ...(overrides === undefined ? {} : { listingOverrides: overrides }) }),
  );
  return session;
}

describe("a call formed from the strict listing", () => {
  test("null for every optional key passes the gate, and the defaults apply", async () => {
    const { call, client } = await open("strict");
    const listed = (await client.listTools()).tools.find((tool) => tool.name === "notes_search")!;
    expect(listed.inputSchema.required).toEqual(["query", "limit", "due", "opts"]);
    const answer = await call("notes_search", { query: "x", limit: null, due: null, opts: null });
    expect(answer.isError).toBe(false);
    // due admits null itself: there null is a value, kept. limit and opts were absent, so their defaults apply.
    expect(received).toEqual([{ query: "x", due: null, limit: 10, opts: { exact: false } }]);
  });

  test("nested optional keys and array items read null as absent too", async () => {
    const { call } = await open("strict");
    const answer = await call("notes_search", {
      query: "x",
      limit: 3,
      due: null,
      opts: {
        exact: null,
        tags: [
          { name: "a", weight: null },
          { name: null, weight: 2 },
        ],
      },
    });
    expect(answer.isError).toBe(false);
    expect(received).toEqual([{ query: "x", limit: 3, due: null, opts: { tags: [{ name: "a" }, { weight: 2 }] } }]);
  });

  test("null for a required key is still refused, with the action's schema", async () => {
    const { call } = await open("strict");
    const answer = await call("notes_search", { query: null, limit: null, due: null, opts: null });
    expect(answer.isError).toBe(true);
    expect(answer.body).toMatchObject({
      error: "invalid_data",
      action: "search",
      problems: [expect.objectContaining({ at: 'data["query"]', code: "invalid_value" })],
    });
    expect(received).toEqual([]);
  });

  test("help takes null for its optional tool and action", async () => {
    const { call } = await open("strict");
    const index = await call("help", { tool: null, action: null });
    expect(index.isError).toBe(false);
    const one = await call("help", { tool: "notes", action: null });
    expect(one.body).toMatchObject({ tool: "notes" });
  });
});

describe("where null stays refused", () => {
  test.each(["compact", "complete"] as const)("%s: null for an optional key is a wrong value, as before", async (mode) => {
    const { call } = await open(mode);
    const name = mode === "compact" ? "notes" : "notes_search";
    const args = mode === "compact" ? { action: "search", data: { query: "x", limit: null } } : { query: "x", limit: null };
    const answer = await call(name, args);
    expect(answer.isError).toBe(true);
    expect(answer.body).toMatchObject({ error: "invalid_data" });
  });
});

describe("listing shapes", () => {
  test("modes with data schemas list one tool per action; the tool's own name still answers { action, data }", async () => {
    const { client, call } = await open("complete");
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(["help", "notes_count", "notes_search"]);
    expect((await call("notes", { action: "count" })).isError).toBe(false);
    expect((await call("notes_count", {})).body).toEqual({ count: 0 });
    // An unknown tool is a protocol error (-32602), worded by wymcp with the listed names.
    const unknown = await client.callTool({ name: "notes_serch", arguments: {} }).then(
      () => undefined,
      (error: unknown) => error as { code?: number; message: string; data?: unknown },
    );
    expect(unknown?.code).toBe(-32602);
    expect(unknown?.message).toContain('did you mean "notes_search"');
    expect(unknown?.data).toMatchObject({ error: "unknown_tool", validTools: ["notes_count", "notes_search"] });
    const refused = await call("notes_search", { query: "x", limti: 3 });
    expect(refused.body).toMatchObject({ error: "invalid_data", help: 'help {tool: "notes", action: "search"}' });
  });

  test("a per-tool override wins over the router's mode", async () => {
    const { client } = await open("strict", { notes: "compact" });
    const tools = (await client.listTools()).tools;
    expect(tools.map((tool) => tool.name)).toEqual(["help", "notes"]);
    // help follows the router's mode.
    expect(tools[0]!.inputSchema.required).toEqual(["tool", "action"]);
  });

  test("unregistering a tool listed per action removes every action's listing and route", async () => {
    const router = createRouter({ tools: [search], listing: "strict" });
    expect(router.unregister("notes")).toBe(true);
    expect(router.listTools().map((tool) => tool.name)).toEqual(["help"]);
    expect(await router.callTool("notes_search", { query: "x" })).toMatchObject({ isError: true });
  });
});

describe("refusals", () => {
  test("an action listing whose name is taken by another tool is refused, naming both", () => {
    const clash = defineTool({
      name: "notes_search",
      description: "x",
      actions: { go: { description: "go", properties: {} } },
      handlers: { go: () => ({}) },
    });
    const error = (() => {
      try {
        createRouter({ tools: [clash, search], listing: "strict" });
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ToolRegistrationError);
    expect((error as ToolRegistrationError).surfaceOffences).toEqual([
      expect.objectContaining({ tool: "notes", code: "duplicate_name", field: 'actions["search"]' }),
    ]);
  });

  test.each([
    [{ listing: "openai" }, "options.listing"],
    [{ listing: 3 }, "options.listing"],
    [{ listingOverrides: "strict" }, "options.listingOverrides"],
    [{ listingOverrides: { notes: "flat" } }, 'options.listingOverrides["notes"]'],
  ])("%j is refused with the field named", (options, field) => {
    expect(() => createRouter({ tools: [search], ...(options as object) })).toThrow(ToolRegistrationError);
    try {
      createRouter({ tools: [search], ...(options as object) });
    } catch (error) {
      expect((error as ToolRegistrationError).surfaceOffences).toEqual([expect.objectContaining({ field, code: "wrong_type" })]);
      expect((error as Error).message).toContain('"compact", "complete", "strict", "gemini"');
    }
  });
});
