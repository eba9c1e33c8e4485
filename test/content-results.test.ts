/**
 * The content helpers and how the router answers what they make: blocks as
 * they are, plain values as JSON text, structuredContent checked against the
 * outputSchema — through the router alone, no SDK.
 */
import { describe, expect, test } from "vitest";
import { audio, content, createRouter, defineTool, image, resource, resourceLink, text } from "../src/index.js";
import { firstText } from "./support/tools.js";

const none = { description: "No data", properties: {} };

describe("the helpers", () => {
  test("make frozen, typed blocks", () => {
    expect(text("hi")).toEqual({ type: "text", text: "hi" });
    expect(image("AA==", "image/png")).toEqual({ type: "image", data: "AA==", mimeType: "image/png" });
    expect(audio("AA==", "audio/wav")).toEqual({ type: "audio", data: "AA==", mimeType: "audio/wav" });
    expect(resource({ uri: "x://a", text: "t" })).toEqual({ type: "resource", resource: { uri: "x://a", text: "t" } });
    expect(resource({ uri: "x://b", mimeType: "image/png", blob: "AA==" })).toEqual({
      type: "resource",
      resource: { uri: "x://b", mimeType: "image/png", blob: "AA==" },
    });
    expect(resourceLink({ uri: "x://c", name: "c", description: "C" })).toEqual({
      type: "resource_link",
      uri: "x://c",
      name: "c",
      description: "C",
    });
    expect(Object.isFrozen(text("hi"))).toBe(true);
    expect(Object.isFrozen(content([text("a")]).content)).toBe(true);
  });

  test.each([
    ["text of a number", () => text(3 as never), /^text: the text must be a string, not number$/],
    ["image without a mimeType", () => image("AA==", undefined as never), /^image: mimeType must be a string/],
    [
      "audio data that is a Buffer",
      () => audio(Buffer.from("x") as never, "audio/wav"),
      /^audio: data \(base64\) must be a string, not object/,
    ],
    ["a resource with text and blob", () => resource({ uri: "x://a", text: "t", blob: "AA==" }), /exactly one of text and blob/],
    ["a resource with neither", () => resource({ uri: "x://a" } as never), /exactly one of text and blob/],
    ["a resource that is null", () => resource(null as never), /pass \{ uri, mimeType\?, text \}/],
    ["a link without a name", () => resourceLink({ uri: "x://a" } as never), /^resourceLink: name must be a string/],
    ["content of a look-alike block", () => content([{ type: "text", text: "x" }] as never), /block 0 was not made by text, image/],
    ["content of a content result", () => content([content([text("a")]) as never]), /block 0 was not made/],
    ["content that is not an array", () => content(text("a") as never), /pass an array of blocks/],
    [
      "structuredContent that is an array",
      () => content([text("a")], { structuredContent: [] as never }),
      /structuredContent must be a plain object/,
    ],
  ])("refuse %s with a TypeError naming the fix", (_label, make, message) => {
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });
});

describe("a handler's result through the router", () => {
  const media = defineTool({
    name: "media",
    description: "Media",
    actions: { one: none, many: none, plain: none, lookalike: none },
    handlers: {
      one: () => image("AA==", "image/png"),
      many: () => content([text("a"), resourceLink({ uri: "x://l", name: "l" })]),
      plain: () => ({ n: 1 }),
      lookalike: () => ({ type: "text", text: "not a block" }),
    },
  });
  const typed = defineTool({
    name: "typed",
    description: "With an outputSchema",
    outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    actions: { good: none, bad: none, bare: none },
    handlers: {
      good: () => content([text("one")], { structuredContent: { n: 1 } }),
      bad: () => content([text("one")], { structuredContent: { n: "one" } }),
      bare: () => image("AA==", "image/png"),
    },
  });
  const router = createRouter({ tools: [media, typed], log: { error: () => {} } });
  const call = (tool: string, action: string) => router.callTool(tool, { action });

  test("a block or content(...) is sent as it is", async () => {
    expect(await call("media", "one")).toEqual({ content: [{ type: "image", data: "AA==", mimeType: "image/png" }] });
    expect(await call("media", "many")).toEqual({
      content: [
        { type: "text", text: "a" },
        { type: "resource_link", uri: "x://l", name: "l" },
      ],
    });
  });

  test("a plain value, even one shaped like a block, is JSON text", async () => {
    expect(await call("media", "plain")).toEqual({ content: [{ type: "text", text: '{"n":1}' }] });
    expect(await call("media", "lookalike")).toEqual({ content: [{ type: "text", text: '{"type":"text","text":"not a block"}' }] });
  });

  test("structuredContent beside blocks is checked against the outputSchema, and required by it", async () => {
    expect(await call("typed", "good")).toEqual({ content: [{ type: "text", text: "one" }], structuredContent: { n: 1 } });
    const bad = await call("typed", "bad");
    expect(bad.isError).toBe(true);
    expect(JSON.parse(firstText(bad))).toMatchObject({
      error: "invalid_result",
      problems: [{ at: 'structuredContent["n"]', keyword: "type" }],
    });
    expect(JSON.parse(firstText(await call("typed", "bare")))).toMatchObject({
      error: "invalid_result",
      message: expect.stringContaining("must carry it"),
    });
  });
});
