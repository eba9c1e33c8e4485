/**
 * The providers' own schema helpers from npm, as a listing meets them:
 * OpenAI's strict-schema normaliser (it throws on what `strict: true`
 * refuses), Anthropic's strict-tool transform (it closes objects and moves
 * what it does not enforce into descriptions), and the Gemini SDK's
 * conversion of a function declaration's `parameters` into its OpenAPI
 * subset, run through a real `generateContent` with the request captured
 * instead of sent.
 */
import { toStrictJsonSchema } from "openai/lib/transform";
import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { GoogleGenAI } from "@google/genai";

type Json = Record<string, unknown>;

/** OpenAI's strict form of a schema (throws when strict mode cannot take it). */
export function openAiStrict(schema: unknown): Json {
  return toStrictJsonSchema(structuredClone(schema) as never) as Json;
}

/** Anthropic's strict-tool form of a schema. */
export function anthropicStrict(schema: unknown): Json {
  return transformJSONSchema(structuredClone(schema) as never);
}

/**
 * What the Gemini SDK sends for function declarations whose `parameters`
 * are these listings: the request body's `tools`, read from a fetch that
 * never leaves the process.
 */
export async function geminiDeclarations(
  listings: readonly { name: string; description: string; inputSchema: unknown }[],
): Promise<Json[]> {
  const original = globalThis.fetch;
  let body: Json | undefined;
  globalThis.fetch = (async (_url: unknown, init?: { body?: string }) => {
    body = JSON.parse(String(init?.body)) as Json;
    return new Response(JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text: "ok" }] } }] }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  try {
    const ai = new GoogleGenAI({ apiKey: "test-key" });
    const functionDeclarations = listings.map((listing) => ({
      name: listing.name,
      description: listing.description,
      parameters: structuredClone(listing.inputSchema) as never,
    }));
    await ai.models.generateContent({
      model: "gemini-2.0-flash",
      contents: "list my tasks",
      config: { tools: [{ functionDeclarations }] },
    });
  } finally {
    globalThis.fetch = original;
  }
  const tools = (body?.tools ?? []) as { functionDeclarations: Json[] }[];
  return tools.flatMap((tool) => tool.functionDeclarations);
}

/** Every place in a schema, with its path: for assertions over every object. */
export function* schemaPlaces(schema: unknown, path = "#"): Generator<[string, Json]> {
  if (typeof schema !== "object" || schema === null) return;
  if (Array.isArray(schema)) {
    for (const [index, entry] of schema.entries()) yield* schemaPlaces(entry, `${path}/${index}`);
    return;
  }
  yield [path, schema as Json];
  for (const [key, value] of Object.entries(schema)) {
    if (key === "enum" || key === "default" || key === "examples" || key === "const") continue;
    yield* schemaPlaces(value, `${path}/${key}`);
  }
}

/** A schema with every place whose type is an array of types cut down to that type. */
export function maskTypeArrays(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(maskTypeArrays);
  if (typeof schema !== "object" || schema === null) return schema;
  const place = schema as Record<string, unknown>;
  if (Array.isArray(place.type) && place.type.length > 1) return { type: place.type };
  return Object.fromEntries(Object.entries(place).map(([key, value]) => [key, key === "enum" ? value : maskTypeArrays(value)]));
}
