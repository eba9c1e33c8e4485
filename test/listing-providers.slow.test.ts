/**
 * The tasks example's listings, in every mode, as the providers' own npm
 * helpers and the agent frameworks' MCP conversions meet them: OpenAI's
 * strict-schema normaliser, Anthropic's strict-tool transform, the Gemini
 * SDK's function-declaration conversion, LangChain's `loadMcpTools` +
 * `convertToOpenAITool(…, { strict: true })` and the AI SDK's MCP client, whose
 * tools go through `generateText` and `@ai-sdk/openai` to a stubbed OpenAI.
 * "Accepted" means the helper neither throws nor changes the schema: what
 * the model sees is what wymcp listed.
 */
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { createMCPClient } from "@ai-sdk/mcp";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, type ToolSet } from "ai";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tools } from "../examples/tasks/src/tools/index.js";
import { createRouter, type ListingMode, type Router, type ToolListing } from "../src/index.js";
import { createMcpServer } from "../src/mcp/index.js";
import { connectSdk, type SdkSession } from "./support/sdk-session.js";
import { anthropicStrict, geminiDeclarations, maskTypeArrays, openAiStrict, schemaPlaces } from "./support/provider-helpers.js";

const MODES: readonly ListingMode[] = ["compact", "complete", "strict", "gemini"];
const sessions: SdkSession[] = [];
const listed = new Map<ListingMode, { router: Router; listings: ToolListing[]; session: SdkSession }>();

beforeAll(async () => {
  for (const mode of MODES) {
    const router = createRouter({ tools, listing: mode });
    const session = await connectSdk(router);
    sessions.push(session);
    // The listings as a client receives them, through JSON-RPC and the SDK binding.
    const { tools: listings } = await session.client.listTools();
    listed.set(mode, { router, listings: listings as unknown as ToolListing[], session });
  }
});
afterAll(async () => {
  for (const session of sessions) await session.close();
});

const of = (mode: ListingMode) => listed.get(mode)!;

describe("OpenAI strict: true (toStrictJsonSchema from the openai package)", () => {
  test("the strict listing of every tool, help included, is accepted unchanged", () => {
    for (const listing of of("strict").listings) expect(openAiStrict(listing.inputSchema), listing.name).toEqual(listing.inputSchema);
  });

  test.each([
    ["compact", /additionalProperties: false|Object schema at `data`|optional\(\)/],
    ["complete", /additionalProperties: false|optional\(\)/],
  ] as const)("the %s listing is refused, which is why strict exists", (mode, reason) => {
    const tasks = of(mode).listings.find((listing) => listing.name === (mode === "compact" ? "tasks" : "tasks_list"))!;
    expect(() => openAiStrict(tasks.inputSchema)).toThrow(reason);
  });
});

describe("Anthropic strict tool use (transformJSONSchema from @anthropic-ai/sdk)", () => {
  test("the strict listing of every tool is a fixed point: nothing closed, dropped or moved by the helper", () => {
    // Outside nullable objects, arrays and formatted strings (a type array), which the helper reads only beside a single type.
    for (const listing of of("strict").listings)
      expect(maskTypeArrays(anthropicStrict(listing.inputSchema)), listing.name).toEqual(maskTypeArrays(listing.inputSchema));
    const single = of("strict").listings.filter(
      (listing) =>
        !JSON.stringify(listing.inputSchema).includes('"object","null"') && !JSON.stringify(listing.inputSchema).includes('"array","null"'),
    );
    expect(single.map((listing) => listing.name)).toContain("notes_search");
    for (const listing of single) expect(anthropicStrict(listing.inputSchema), listing.name).toEqual(listing.inputSchema);
  });

  test("the complete listing's open map would be closed to {} by the helper: strict leaves it out and says so", () => {
    const complete = of("complete").listings.find((listing) => listing.name === "tasks_create")!;
    expect(complete.inputSchema).toHaveProperty(["properties", "fields", "additionalProperties"], { type: "string" });
    expect(anthropicStrict(complete.inputSchema)).toHaveProperty(["properties", "fields", "additionalProperties"], false);
    const strict = of("strict").listings.find((listing) => listing.name === "tasks_create")!;
    expect(strict.inputSchema).not.toHaveProperty(["properties", "fields"]);
    expect(strict.description).toContain("Not in this listing (see help): data.fields.");
  });
});

describe("Gemini function declarations (the @google/genai SDK's conversion of parameters)", () => {
  test("the gemini listing converts with nothing dropped: every object has properties, no additionalProperties, no type arrays", async () => {
    const listings = of("gemini").listings;
    const declarations = await geminiDeclarations(listings);
    expect(declarations.map((declaration) => declaration.name)).toEqual(listings.map((listing) => listing.name));
    expect(declarations.map((declaration) => declaration.name)).toContain("tasks_create");
    for (const [index, declaration] of declarations.entries()) {
      const sent = JSON.stringify(declaration.parameters);
      // The SDK upper-cases type names and drops additionalProperties: with those undone, what is sent is what was listed.
      expect(
        JSON.parse(sent.replace(/"type":"([A-Z]+)"/g, (_match, type: string) => `"type":"${type.toLowerCase()}"`)),
        listings[index]!.name,
      ).toEqual(listings[index]!.inputSchema);
      for (const [path, place] of schemaPlaces(declaration.parameters)) {
        expect(place, path).not.toHaveProperty("additionalProperties");
        expect(Array.isArray(place.type), path).toBe(false);
        if (place.type === "OBJECT")
          expect(Object.keys(place.properties as object).length, `${listings[index]!.name} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  test("the compact listing's help loses additionalProperties and its data is an object without properties", async () => {
    const [help, tasks] = await geminiDeclarations(of("compact").listings);
    expect(of("compact").listings[0]!.inputSchema).toHaveProperty("additionalProperties", false);
    expect(help!.parameters).not.toHaveProperty("additionalProperties");
    expect((tasks!.parameters as { properties: { data: object } }).properties.data).toEqual({ type: "OBJECT" });
  });
});

describe("agent frameworks, with strict: true", () => {
  test.each(MODES)("LangChain loadMcpTools + convertToOpenAITool(strict) forwards the %s listing verbatim", async (mode) => {
    const loaded = await loadMcpTools("tasks-example", of(mode).session.client as never);
    expect(loaded.map((tool) => tool.name)).toEqual(of(mode).listings.map((listing) => listing.name));
    for (const [index, tool] of loaded.entries()) {
      const converted = convertToOpenAITool(tool as never, { strict: true }) as { function: { parameters: unknown; strict?: boolean } };
      expect(converted.function.strict).toBe(true);
      expect(converted.function.parameters).toEqual(of(mode).listings[index]!.inputSchema);
      // What LangChain forwards with strict: true, OpenAI accepts only in strict mode.
      if (mode === "strict") expect(openAiStrict(converted.function.parameters)).toEqual(converted.function.parameters);
    }
  });

  test.each(MODES)("the AI SDK's MCP client forwards the %s listing verbatim", async (mode) => {
    const server = createMcpServer(of(mode).router, { serverInfo: { name: "tasks-example", version: "0.0.1" } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = await createMCPClient({ transport: clientSide });
    try {
      const aiTools = (await client.tools()) as Record<string, { inputSchema: { jsonSchema: unknown } }>;
      expect(Object.keys(aiTools)).toEqual(of(mode).listings.map((listing) => listing.name));
      for (const listing of of(mode).listings) {
        const schema = aiTools[listing.name]!.inputSchema.jsonSchema;
        // The AI SDK closes every root (additionalProperties: false): what it adds to compact and gemini roots, strict already has.
        expect(schema).toEqual({ ...listing.inputSchema, additionalProperties: false });
        if (mode === "strict") expect(schema).toEqual(listing.inputSchema);
        if (mode === "strict") expect(openAiStrict(schema)).toEqual(schema);
      }
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe("the AI SDK end to end: createMCPClient().tools() with strict: true, generateText, @ai-sdk/openai", () => {
  // Per-tool `strict` is how the AI SDK asks a provider for strict tool schemas; @ai-sdk/openai's
  // `strictJsonSchema` option covers structured outputs only, not function tools.
  const apis = [
    ["Responses API", (openai: ReturnType<typeof createOpenAI>) => openai("gpt-4o-mini"), (tool: SentTool) => tool],
    ["Chat Completions API", (openai: ReturnType<typeof createOpenAI>) => openai.chat("gpt-4o-mini"), (tool: SentTool) => tool.function!],
  ] as const;

  test.each(MODES.flatMap((mode) => apis.map(([api, model, fn]) => [mode, api, model, fn] as const)))(
    "the %s listing reaches OpenAI's %s as sent by the AI SDK",
    async (mode, api, model, functionOf) => {
      const server = createMcpServer(of(mode).router, { serverInfo: { name: "tasks-example", version: "0.0.1" } });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = await createMCPClient({ transport: clientSide });
      try {
        const mcpTools = await client.tools();
        const strictTools = Object.fromEntries(
          Object.entries(mcpTools).map(([name, tool]) => [name, { ...tool, strict: true }]),
        ) as ToolSet;
        const requests: Array<{ tools?: SentTool[] }> = [];
        const result = await generateText({
          model: model(createOpenAI({ apiKey: "test", fetch: openAiStub(requests, api) })),
          tools: strictTools,
          prompt: "List my tasks.",
        });
        expect(result.text).toBe("ok");
        expect(requests).toHaveLength(1);
        const sent = new Map(requests[0]!.tools!.map((tool) => [functionOf(tool).name, functionOf(tool)]));
        expect([...sent.keys()].sort()).toEqual(
          of(mode)
            .listings.map((listing) => listing.name)
            .sort(),
        );
        for (const listing of of(mode).listings) {
          const tool = sent.get(listing.name)!;
          expect(tool.strict, listing.name).toBe(true);
          // Strict listings go over the wire exactly as listed; the AI SDK only closes the root of the others.
          if (mode === "strict") expect(tool.parameters, listing.name).toEqual(listing.inputSchema);
          else expect(tool.parameters, listing.name).toEqual({ ...listing.inputSchema, additionalProperties: false });
          if (mode === "strict") expect(openAiStrict(tool.parameters), listing.name).toEqual(tool.parameters);
        }
        // With strict: true, OpenAI would refuse what the compact and complete listings send.
        if (mode === "compact" || mode === "complete")
          expect(() => openAiStrict(sent.get(mode === "compact" ? "tasks" : "tasks_list")!.parameters)).toThrow();
      } finally {
        await client.close();
        await server.close();
      }
    },
  );
});

interface SentFunction {
  name: string;
  parameters: unknown;
  strict?: boolean;
}
type SentTool = SentFunction & { function?: SentFunction };

/** A fetch that records each request body and answers the smallest valid OpenAI reply, with no network. */
function openAiStub(requests: unknown[], api: string): typeof fetch {
  return async (_url, init) => {
    requests.push(JSON.parse(init?.body as string));
    const body =
      api === "Responses API"
        ? {
            id: "resp_1",
            created_at: 0,
            model: "gpt-4o-mini",
            output: [{ type: "message", role: "assistant", id: "msg_1", content: [{ type: "output_text", text: "ok", annotations: [] }] }],
            usage: { input_tokens: 1, output_tokens: 1 },
          }
        : {
            id: "chatcmpl_1",
            object: "chat.completion",
            created: 0,
            model: "gpt-4o-mini",
            choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
}
