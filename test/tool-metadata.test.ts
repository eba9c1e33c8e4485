/**
 * A tool's title, icons and annotations: checked at registration as MCP
 * defines them (a misspelt hint, a source a client must not load, a size
 * that is not WxH are named with their place and fix), and listed as given —
 * compact and per action — to a real SDK client on both eras.
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { callbackSurfaceOffences, createRouter, defineTool, ToolRegistrationError, type ToolIcon } from "../src/index.js";
import { serveHttp } from "../src/mcp/index.js";
import { NEGOTIATIONS, newClient } from "./fixtures/runtime/session-scenario.js";

const action = { description: "d", properties: {} };
const tool = (parts: Record<string, unknown>) => ({
  name: "tasks",
  description: "Tasks",
  actions: () => ({ create: action }),
  handlers: { create: () => 1 },
  ...parts,
});

const ICON: ToolIcon = { src: "https://example.com/tasks.png", mimeType: "image/png", sizes: ["48x48", "96x96"], theme: "dark" };

describe("the metadata a tool shows clients, checked at registration", () => {
  test.each([
    ["a full icon", { icons: [ICON] }],
    ["a data:image icon of any size", { icons: [{ src: "data:image/svg+xml;base64,PHN2Zy8+", sizes: ["any"] }] }],
    ["no icons at all", { icons: [] }],
    [
      "every annotation",
      { annotations: { title: "T", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
    ],
    ["a title", { title: "Task list" }],
  ])("%s passes", (_, parts) => {
    expect(callbackSurfaceOffences(tool(parts))).toEqual([]);
  });

  test.each([
    ["an empty title", { title: "" }, "title", "wrong_type", "title is empty"],
    ["icons that is one icon", { icons: ICON }, "icons", "wrong_type", "icons is an object"],
    ["an icon that is a string", { icons: ["https://x.test/i.png"] }, "icons", "invalid_schema", "icons[0] is a string"],
    [
      "a javascript: source",
      { icons: [{ src: "javascript:alert(1)" }] },
      "icons",
      "invalid_schema",
      'icons[0].src "javascript:alert(1)" is not',
    ],
    [
      "a file: source",
      { icons: [{ src: "file:///etc/passwd" }] },
      "icons",
      "invalid_schema",
      "is not an http(s) address or a data:image URI",
    ],
    ["a data URI that is not an image", { icons: [{ src: "data:text/html,<script>" }] }, "icons", "invalid_schema", "icons[0].src"],
    ["an icon without src", { icons: [{ mimeType: "image/png" }] }, "icons", "invalid_schema", "icons[0].src is undefined"],
    [
      "a mimeType that is not an image's",
      { icons: [{ ...ICON, mimeType: "text/html" }] },
      "icons",
      "invalid_schema",
      'mimeType is "text/html"',
    ],
    ["a size that is not WxH", { icons: [{ ...ICON, sizes: ["48"] }] }, "icons", "invalid_schema", "icons[0].sizes is an array holding"],
    ["sizes that is a string", { icons: [{ ...ICON, sizes: "48x48" }] }, "icons", "invalid_schema", 'icons[0].sizes is "48x48"'],
    ["a theme MCP does not name", { icons: [{ ...ICON, theme: "blue" }] }, "icons", "invalid_schema", 'icons[0].theme is "blue"'],
    ["a misspelt icon key", { icons: [{ ...ICON, mimetype: "image/png" }] }, "icons", "invalid_schema", '(did you mean "mimeType"?)'],
    ["annotations that is an array", { annotations: [] }, "annotations", "wrong_type", "annotations is an array"],
    ["a misspelt hint", { annotations: { readonlyHint: true } }, "annotations", "invalid_schema", '(did you mean "readOnlyHint"?)'],
    [
      "a hint that is a string",
      { annotations: { destructiveHint: "no" } },
      "annotations",
      "invalid_schema",
      "annotations.destructiveHint is a string",
    ],
    [
      "an annotation title that is a number",
      { annotations: { title: 1 } },
      "annotations",
      "invalid_schema",
      "annotations.title is a number",
    ],
  ])("%s is refused, naming its place", (_, parts, field, code, problem) => {
    const offences = callbackSurfaceOffences(tool(parts));
    expect(offences).toEqual([expect.objectContaining({ field, code, problem: expect.stringContaining(problem) })]);
    expect(offences[0]!.fix).toMatch(/\.$/);
  });

  test("every fault of every icon is named in one registration error", () => {
    const icons = [{ src: "ftp://x" }, { ...ICON, theme: "sepia", sizes: [1] }];
    expect(() => createRouter({ tools: [defineTool(tool({ icons }) as never)] })).toThrow(ToolRegistrationError);
    expect(callbackSurfaceOffences(tool({ icons })).map((offence) => offence.problem)).toEqual([
      'icons[0].src "ftp://x" is not an http(s) address or a data:image URI',
      "icons[1].sizes is an array holding something other than a size",
      'icons[1].theme is "sepia"',
    ]);
  });
});

describe("icons and annotations in tools/list", () => {
  const declared = {
    title: "Tasks",
    icons: [ICON],
    annotations: { readOnlyHint: true },
  };

  test("listed as given, compact and per action, and a copy the author's later change does not reach", () => {
    const icons: ToolIcon[] = [{ ...ICON }];
    const compact = createRouter({ tools: [defineTool(tool({ ...declared, icons }) as never)] });
    const perAction = createRouter({ tools: [defineTool(tool(declared) as never)], listing: "complete" });
    (icons[0] as { src: string }).src = "https://changed.test/x.png";
    expect(compact.listTools()[1]).toMatchObject({ name: "tasks", title: "Tasks", icons: [ICON], annotations: { readOnlyHint: true } });
    expect(perAction.listTools()[1]).toMatchObject({ name: "tasks_create", icons: [ICON], annotations: { readOnlyHint: true } });
  });

  test.each(NEGOTIATIONS)("a client negotiating %s reads them", async (negotiation) => {
    const running = await serveHttp(createRouter({ tools: [defineTool(tool(declared) as never)] }));
    const { client } = newClient(negotiation);
    try {
      await client.connect(new StreamableHTTPClientTransport(running.url));
      const { tools } = await client.listTools();
      expect(tools.find((listed) => listed.name === "tasks")).toMatchObject({
        title: "Tasks",
        icons: [ICON],
        annotations: { readOnlyHint: true },
      });
    } finally {
      await client.close();
      await running.close();
    }
  });
});
