import { InMemoryTransport, Server } from "@modelcontextprotocol/server";
import { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createRouter, defineTool, ToolRegistrationError, type OutputSchema, type Tool } from "../src/index.js";
import { connectSdk, type SdkSession } from "./support/sdk-session.js";

const outputSchema = {
  type: "object",
  properties: {
    total: { type: "integer", minimum: 0 },
    items: { type: "array", items: { $ref: "#/$defs/item" } },
    note: { type: ["string", "null"] },
  },
  required: ["total"],
  additionalProperties: false,
  $defs: { item: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
} as const;

function statsTool(): Tool {
  return defineTool({
    name: "stats",
    description: "Returns whatever result it is asked to",
    outputSchema,
    actions: { echo: { description: "Returns data.result as the result", properties: { result: {} }, required: ["result"] } },
    handlers: { echo: (data) => data.result as object },
  });
}

interface LogEntry {
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>> | undefined;
}

let session: SdkSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
  vi.restoreAllMocks();
});

async function open(): Promise<{ session: SdkSession; logs: LogEntry[] }> {
  const logs: LogEntry[] = [];
  const router = createRouter({ tools: [statsTool()], log: { error: (message, details) => logs.push({ message, details }) } });
  session = await connectSdk(router);
  return { session, logs };
}

const GOOD = { total: 3, items: [{ id: "a" }, { id: "b" }], note: null };

describe("results against the outputSchema, through the SDK client", () => {
  test("control: the SDK client itself rejects structuredContent that breaks the listed outputSchema (what wymcp's check spares it)", async () => {
    const server = new Server({ name: "raw", version: "1" }, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/list", () => ({
      tools: [{ name: "stats", inputSchema: { type: "object" }, outputSchema: outputSchema }],
    }));
    server.setRequestHandler("tools/call", () => ({ content: [{ type: "text", text: "{}" }], structuredContent: { total: -1 } }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "control", version: "1" });
    await server.connect(serverSide);
    await client.connect(clientSide);
    await client.listTools();
    await expect(client.callTool({ name: "stats", arguments: {} })).rejects.toThrow(/structured content/i);
    await client.close();
    await server.close();
  });

  test("the listing carries the outputSchema the client validates against", async () => {
    const { session } = await open();
    const { tools } = await session.client.listTools();
    expect(tools.find((tool) => tool.name === "stats")?.outputSchema).toEqual(outputSchema);
  });

  test("a conforming result arrives as structuredContent, and as the same JSON text", async () => {
    const { session, logs } = await open();
    const answer = await session.client.callTool({ name: "stats", arguments: { action: "echo", data: { result: GOOD } } });
    expect(answer.isError ?? false).toBe(false);
    expect(answer.structuredContent).toEqual(GOOD);
    expect(JSON.parse((answer.content as { text: string }[])[0]!.text)).toEqual(GOOD);
    expect(logs).toEqual([]);
  });

  test("a result that breaks the schema becomes invalid_result with problems at structuredContent paths; the client does not throw", async () => {
    const { session, logs } = await open();
    const bad = { total: -1, items: [{ id: 1 }, {}], extra: true };
    const answer = await session.client.callTool({ name: "stats", arguments: { action: "echo", data: { result: bad } } });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toBeUndefined();
    const body = JSON.parse((answer.content as { text: string }[])[0]!.text);
    expect(body).toMatchObject({ error: "invalid_result", tool: "stats", action: "echo", help: 'help {tool: "stats", action: "echo"}' });
    expect(body.message).toContain("stats.echo");
    expect(body.message).toContain("outputSchema");
    const problems = body.problems.map(({ code, at, keyword, key }: Record<string, unknown>) => ({
      code,
      at,
      ...(keyword === undefined ? {} : { keyword }),
      ...(key === undefined ? {} : { key }),
    }));
    // Every problem of the result, each at its structuredContent path (order: see the report — not asserted here).
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        { code: "unknown_key", at: "structuredContent", key: "extra" },
        { code: "invalid_value", at: 'structuredContent["items"][0]["id"]', keyword: "type" },
        { code: "missing_required", at: 'structuredContent["items"][1]', key: "id" },
        { code: "invalid_value", at: 'structuredContent["total"]', keyword: "minimum" },
      ]),
    );
    for (const problem of body.problems) {
      expect(problem.at).toMatch(/^structuredContent/);
      expect(typeof problem.fix).toBe("string");
      expect(problem.fix.length).toBeGreaterThan(0);
    }
    // The operator learns it too, through the router's log.
    expect(logs).toHaveLength(1);
    expect(logs[0]!.message).toContain("stats.echo");
    expect(logs[0]!.details).toEqual({ problems: body.problems });
  });

  test.each([
    ["a missing required field", { items: [] }, "structuredContent", "missing_required"],
    ["null where the schema does not allow it", { total: null }, 'structuredContent["total"]', "invalid_value"],
    ["a wrong type inside a $ref'd item", { total: 1, items: ["a"] }, 'structuredContent["items"][0]', "invalid_value"],
  ])("%s is caught before it is sent", async (_label, result, at, code) => {
    const { session, logs } = await open();
    const answer = await session.client.callTool({ name: "stats", arguments: { action: "echo", data: { result } } });
    expect(answer.isError).toBe(true);
    const body = JSON.parse((answer.content as { text: string }[])[0]!.text);
    expect(body.error).toBe("invalid_result");
    expect(body.problems).toContainEqual(expect.objectContaining({ code, at }));
    expect(logs).toHaveLength(1);
  });

  test("a result that is not an object is invalid_result too, and logged", async () => {
    const { session, logs } = await open();
    const answer = await session.client.callTool({ name: "stats", arguments: { action: "echo", data: { result: [GOOD] } } });
    expect(answer.isError).toBe(true);
    expect(JSON.parse((answer.content as { text: string }[])[0]!.text).error).toBe("invalid_result");
    expect(logs).toHaveLength(1);
  });

  test("the tool keeps serving: conforming calls after a broken result still succeed", async () => {
    const { session, logs } = await open();
    const call = (result: unknown) => session.client.callTool({ name: "stats", arguments: { action: "echo", data: { result } } });
    expect((await call(GOOD)).structuredContent).toEqual(GOOD);
    expect((await call({ total: "many" })).isError).toBe(true);
    expect((await call({ total: 0 })).structuredContent).toEqual({ total: 0 });
    expect((await call({ total: 1.5 })).isError).toBe(true);
    const last = await call({ total: 7, items: [] });
    expect(last.isError ?? false).toBe(false);
    expect(last.structuredContent).toEqual({ total: 7, items: [] });
    expect(logs).toHaveLength(2);
  });

  test("without a log option, the report goes to console.error (standard error), never to the client's stream", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const logSpy = vi.spyOn(console, "log").mockImplementation(() => {});
    session = await connectSdk(createRouter({ tools: [statsTool()] }));
    const answer = await session.client.callTool({ name: "stats", arguments: { action: "echo", data: { result: { total: -5 } } } });
    expect(answer.isError).toBe(true);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toContain("stats.echo");
    expect(String(errors.mock.calls[0]![0])).toContain('structuredContent[\\"total\\"]');
    expect(logSpy).not.toHaveBeenCalled();
  });
});

describe("a malformed outputSchema fails registration", () => {
  const withOutput = (schema: unknown, name = "broken") =>
    defineTool({
      name,
      description: "Declares a malformed output schema",
      outputSchema: schema as OutputSchema,
      actions: { go: { description: "Go", properties: {} } },
      handlers: { go: () => ({}) },
    }) as unknown as Tool;

  test.each([
    ["in a property", { type: "object", properties: { id: { type: "strng" } } }, /^outputSchema(\.properties|\["properties"\])\["id"\]: /],
    [
      "deep inside items",
      { type: "object", properties: { rows: { type: "array", items: { type: "object", properties: { n: { type: "strng" } } } } } },
      /^outputSchema(\.properties|\["properties"\])\["rows"\]\["items"\]\["properties"\]\["n"\]: /,
    ],
    [
      "in a $defs entry",
      { type: "object", properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { type: "strng" } } },
      /^outputSchema(\.\$defs|\["\$defs"\])\["x"\]: /,
    ],
  ])('type "strng" %s: createRouter throws ToolRegistrationError naming outputSchema', (_label, schema, location) => {
    let thrown: unknown;
    try {
      createRouter({ tools: [withOutput(schema)] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolRegistrationError);
    const error = thrown as ToolRegistrationError;
    const offences = error.surfaceOffences.filter((offence) => offence.field === "outputSchema");
    expect(offences.length).toBeGreaterThan(0);
    expect(offences[0]).toMatchObject({ tool: "broken", code: "invalid_schema" });
    expect(offences).toHaveLength(1);
    expect(offences[0]!.problem).toMatch(location);
    expect(offences[0]!.problem).toContain('"strng"');
    expect(offences[0]!.fix).toContain('"string"');
    for (const offence of offences) expect(offence.fix.length).toBeGreaterThan(0);
    expect(error.message).toContain("outputSchema");
  });

  test("registration is all or none: a healthy tool beside the broken one is not registered either", () => {
    const router = createRouter({ tools: [] });
    expect(() => router.register(statsTool(), withOutput({ type: "object", properties: { id: { type: "strng" } } }))).toThrow(
      ToolRegistrationError,
    );
    expect(router.toolNames()).toEqual([]);
  });

  test("the same schema with a valid type registers", () => {
    expect(() => createRouter({ tools: [withOutput({ type: "object", properties: { id: { type: "string" } } })] })).not.toThrow();
  });
});
