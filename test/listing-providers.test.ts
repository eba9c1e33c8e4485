/**
 * The tasks example's listings, in every mode, as the providers' own npm
 * helpers and the agent frameworks' MCP conversions meet them: OpenAI's
 * strict-schema normaliser, Anthropic's strict-tool transform, the Gemini
 * SDK's function-declaration conversion, LangChain's `loadMcpTools` +
 * `convertToOpenAITool(…, { strict: true })` and the AI SDK's MCP client.
 * "Accepted" means the helper neither throws nor changes the schema: what
 * the model sees is what wymcp listed.
 */
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMCPClient } from "@ai-sdk/mcp";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tools } from "../examples/tasks/src/tools/index.js";
import { createRouter, type ListingMode, type Router, type ToolListing } from "../src/index.js";
import { createMcpServer } from "../src/mcp/index.js";
import { connectSdk, type SdkSession } from "./support/sdk-session.js";
import { anthropicStrict, geminiDeclarations, openAiStrict, schemaPlaces } from "./support/provider-helpers.js";

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
    for (const listing of of("strict").listings) expect(maskTypeArrays(anthropicStrict(listing.inputSchema)), listing.name).toEqual(maskTypeArrays(listing.inputSchema));
    const single = of("strict").listings.filter((listing) => !JSON.stringify(listing.inputSchema).includes('"object","null"') && !JSON.stringify(listing.inputSchema).includes('"array","null"'));
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
      expect(JSON.parse(sent.replace(/"type":"([A-Z]+)"/g, (_match, type: string) => `"type":"${type.toLowerCase()}"`)), listings[index]!.name).toEqual(listings[index]!.inputSchema);
      for (const [path, place] of schemaPlaces(declaration.parameters)) {
        expect(place, path).not.toHaveProperty("additionalProperties");
        expect(Array.isArray(place.type), path).toBe(false);
        if (place.type === "OBJECT") expect(Object.keys(place.properties as object).length, `${listings[index]!.name} ${path}`).toBeGreaterThan(0);
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
    const client = await createMCPClient({ transport: clientSide as never });
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

/** A schema with every place whose type is an array of types cut down to that type. */
function maskTypeArrays(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(maskTypeArrays);
  if (typeof schema !== "object" || schema === null) return schema;
  const place = schema as Record<string, unknown>;
  if (Array.isArray(place.type) && place.type.length > 1) return { type: place.type };
  return Object.fromEntries(Object.entries(place).map(([key, value]) => [key, key === "enum" ? value : maskTypeArrays(value)]));
}
