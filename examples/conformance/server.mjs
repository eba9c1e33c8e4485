// The server the official MCP conformance suite (@modelcontextprotocol/conformance)
// tests, written with wymcp's public API alone: every fixture its server
// scenarios call — tools by fixed names with flat arguments, resources,
// a resource template, prompts, completion, logging, progress, sampling,
// elicitation, each content type, a JSON Schema 2020-12 tool, SSE polling —
// and, for protocol 2026-07-28, the diagnostic tools of the multi-round-trip
// scenarios (the same elicit/sample/listRoots a 2025 session answers), of the
// capability checks and of the Mcp-Param-* headers.
//
//   npm run build   # once: the example imports the built package
//   node examples/conformance/server.mjs --port 3001 [--stateless]
//   npx conformance server --url http://127.0.0.1:3001/mcp --suite all
//   node node_modules/conformance-next/dist/index.js server --url http://127.0.0.1:3001/mcp --requirements 2026-07-28
//
// The suite needs Node 22 for one import its tier-check command uses; on
// Node 20, preload the stub test/conformance.slow.test.ts uses:
//   node --import ./test/support/conformance/preload.mjs \
//     node_modules/@modelcontextprotocol/conformance/dist/index.js server --url … --suite all
//
// Tools live on the wymcp router; resources, prompts and completion on the
// SDK's own McpServer, which wymcp creates afresh for every session (or
// every request, stateless) through the `mcpServer` option.
import { parseArgs } from "node:util";
import { McpServer, ResourceTemplate, acceptedContent, completable, inputRequired } from "@modelcontextprotocol/server";
import { z } from "zod";
import { audio, content, createRouter, defineTool, image, resource, text, ToolError } from "wymcp";
import { createInMemoryEventStore, serveHttp } from "wymcp/mcp";

// A 1×1 red PNG and a silent 8-sample WAV.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A one-field form asking for a string (or, with `type`, another primitive). */
const form = (message, field, type = "string") => ({
  message,
  requestedSchema: { type: "object", properties: { [field]: { type } }, required: [field] },
});
const said = (reply) =>
  (Array.isArray(reply.content) ? reply.content : [reply.content]).map((block) => block.text ?? `[${block.type}]`).join(" ");

/** A flat single-action tool: the suite calls it with its data as the arguments. */
function tool(name, description, properties, handler, required = []) {
  return defineTool({
    name,
    description,
    flat: true,
    actions: { [name]: { description, properties, required } },
    handlers: { [name]: handler },
  });
}

const tools = [
  tool("test_simple_text", "Returns simple text", {}, () => text("This is a simple text response for testing.")),
  tool("test_image_content", "Returns an image", {}, () => image(PNG, "image/png")),
  tool("test_audio_content", "Returns audio", {}, () => audio(WAV, "audio/wav")),
  tool("test_embedded_resource", "Returns an embedded resource", {}, () =>
    resource({ uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." }),
  ),
  tool("test_multiple_content_types", "Returns text, an image and a resource", {}, () =>
    content([
      text("Multiple content types test:"),
      image(PNG, "image/png"),
      resource({ uri: "test://mixed-content-resource", mimeType: "application/json", text: JSON.stringify({ test: "data", value: 123 }) }),
    ]),
  ),
  tool("test_tool_with_logging", "Logs three messages while it runs", {}, async (_data, { log }) => {
    await log.info("Tool execution started");
    await pause(50);
    await log.info("Tool processing data");
    await pause(50);
    await log.info("Tool execution completed");
    return text("Logging test completed");
  }),
  // 2026-07-28 (server-stateless): logs, but a request that set no logLevel in its _meta hears none of it.
  tool("test_logging_tool", "Logs a message while it runs", {}, async (_data, { log }) => {
    await log.info("Tool execution started");
    return text("Logging test completed");
  }),
  tool("test_tool_with_progress", "Reports progress while it runs", {}, async (_data, { progress }) => {
    for (const step of [0, 50, 100]) {
      await progress?.(step, 100);
      if (step < 100) await pause(50);
    }
    return text("Progress test completed");
  }),
  tool("test_error_handling", "Always fails", {}, () => {
    throw new ToolError("test_error", "This tool intentionally returns an error for testing");
  }),
  tool(
    "test_sampling",
    "Asks the client's model",
    { prompt: { type: "string" } },
    async ({ prompt }, { sample }) => {
      const reply = await sample({ messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens: 100 });
      const said = Array.isArray(reply.content) ? reply.content : [reply.content];
      return text(`LLM response: ${said.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join(" ")}`);
    },
    ["prompt"],
  ),
  tool(
    "test_elicitation",
    "Asks the user",
    { message: { type: "string" } },
    async ({ message }, { elicit }) => {
      const answer = await elicit({
        message,
        requestedSchema: {
          type: "object",
          properties: {
            username: { type: "string", description: "User's response" },
            email: { type: "string", description: "User's email address" },
          },
          required: ["username", "email"],
        },
      });
      return text(`User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
    },
    ["message"],
  ),
  tool("test_elicitation_sep1034_defaults", "Asks with a default for every primitive type", {}, async (_data, { elicit }) => {
    const answer = await elicit({
      message: "Please review the defaults",
      requestedSchema: {
        type: "object",
        properties: {
          name: { type: "string", default: "John Doe" },
          age: { type: "integer", default: 30 },
          score: { type: "number", default: 95.5 },
          status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
          verified: { type: "boolean", default: true },
        },
      },
    });
    return text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
  }),
  tool("test_elicitation_sep1330_enums", "Asks with every enum form", {}, async (_data, { elicit }) => {
    const answer = await elicit({
      message: "Please choose",
      requestedSchema: {
        type: "object",
        properties: {
          untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
          titledSingle: {
            type: "string",
            oneOf: [
              { const: "value1", title: "First Option" },
              { const: "value2", title: "Second Option" },
              { const: "value3", title: "Third Option" },
            ],
          },
          legacyEnum: { type: "string", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
          untitledMulti: { type: "array", items: { type: "string", enum: ["option1", "option2", "option3"] } },
          titledMulti: {
            type: "array",
            items: {
              anyOf: [
                { const: "value1", title: "First Choice" },
                { const: "value2", title: "Second Choice" },
                { const: "value3", title: "Third Choice" },
              ],
            },
          },
        },
      },
    });
    return text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
  }),
  // Multi-round-trip requests (2026-07-28): each handler asks as it would on a 2025 session; wymcp answers input_required,
  // and runs it again with the answers once the client retries. `key` names a question as the suite expects to see it.
  tool("test_input_required_result_elicitation", "Asks the user's name", {}, async (_data, { elicit }) => {
    const answer = await elicit(form("What is your name?", "name"), { key: "user_name" });
    return text(answer.action === "accept" ? `Hello, ${answer.content.name}!` : `No name given (${answer.action})`);
  }),
  tool("test_input_required_result_sampling", "Asks the client's model", {}, async (_data, { sample }) => {
    const question = { role: "user", content: { type: "text", text: "What is the capital of France?" } };
    return text(`The model said: ${said(await sample({ messages: [question], maxTokens: 100 }, { key: "capital_question" }))}`);
  }),
  tool("test_input_required_result_list_roots", "Lists the client's roots", {}, async (_data, { listRoots }) => {
    const { roots } = await listRoots({ key: "client_roots" });
    return text(`Roots: ${roots.map((root) => root.uri).join(", ")}`);
  }),
  tool("test_input_required_result_request_state", "Asks for a confirmation", {}, async (_data, { elicit }) => {
    const answer = await elicit(form("Please confirm", "ok", "boolean"), { key: "confirm" });
    // Reached only once the sealed requestState verified: wymcp refuses any other before the handler runs.
    return text(`state-ok: confirmed=${answer.content?.ok === true}`);
  }),
  tool("test_input_required_result_multiple_inputs", "Asks three things at once", {}, async (_data, { elicit, sample, listRoots }) => {
    const greeting = { role: "user", content: { type: "text", text: "Generate a greeting" } };
    const [name, reply, { roots }] = await Promise.all([
      elicit(form("What is your name?", "name"), { key: "user_name" }),
      sample({ messages: [greeting], maxTokens: 50 }, { key: "greeting" }),
      listRoots({ key: "client_roots" }),
    ]);
    return text(`${said(reply)} ${name.content?.name} (${roots.length} roots)`);
  }),
  tool("test_input_required_result_multi_round", "Asks twice, one question after the other", {}, async (_data, { elicit }) => {
    const name = await elicit(form("Step 1: What is your name?", "name"), { key: "step1" });
    const color = await elicit(form("Step 2: What is your favorite color?", "color"), { key: "step2" });
    return text(`${name.content?.name} likes ${color.content?.color}`);
  }),
  tool(
    "test_input_required_result_tampered_state",
    "Asks for a confirmation; a tampered requestState is refused",
    {},
    async (_data, { elicit }) => {
      const answer = await elicit(form("Please confirm", "ok", "boolean"), { key: "confirm" });
      return text(`confirmed=${answer.content?.ok === true}`);
    },
  ),
  tool("test_input_required_result_capabilities", "Asks the user, or the model when it cannot", {}, async (_data, { elicit, sample }) => {
    try {
      return text(`The user said ${(await elicit(form("What is your name?", "name"), { key: "user_name" })).content?.name}`);
    } catch (error) {
      // The client did not declare elicitation: ask its model instead.
      if (!(error instanceof ToolError && error.code === "client_unsupported")) throw error;
    }
    const question = { role: "user", content: { type: "text", text: "Make up a name" } };
    return text(`The model said ${said(await sample({ messages: [question], maxTokens: 20 }, { key: "made_up_name" }))}`);
  }),
  // server-stateless: needs sampling and lets the refusal escape, which a 2026-07-28 request answers -32021.
  tool("test_missing_capability", "Needs the client's sampling capability", {}, async (_data, { sample }) => {
    const question = { role: "user", content: { type: "text", text: "Hello" } };
    return text(said(await sample({ messages: [question], maxTokens: 10 })));
  }),
  // server-stateless: the question travels in the input_required result, never as a request on the response stream.
  tool("test_streaming_elicitation", "Asks the user while it streams", {}, async (_data, { elicit, log }) => {
    await log.info("about to ask");
    return text(`Thanks, ${(await elicit(form("What is your name?", "name"))).content?.name}`);
  }),
  // http-custom-header-server-validation: a 2026-07-28 client mirrors `region` into the Mcp-Param-Region header, and the
  // server refuses a call whose header is missing, malformed or disagrees with the body (SEP-2243).
  tool(
    "test_custom_header",
    "Echoes the region its Mcp-Param-Region header carries",
    { region: { type: "string", "x-mcp-header": "Region", description: "Where to run" } },
    ({ region }) => text(`Region: ${region}`),
    ["region"],
  ),
  tool(
    "json_schema_2020_12_tool",
    "Tool with JSON Schema 2020-12 features",
    {
      name: { type: "string" },
      address: {
        $ref: "#/$defs/address",
        $defs: { address: { type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
      },
    },
    (data) => text(`Received: ${JSON.stringify(data)}`),
  ),
  tool("test_reconnection", "Closes its SSE stream mid-call; the client resumes it", {}, async (_data, { request }) => {
    // The SDK offers http.closeSSE when the server has an event store and the client speaks 2025-11-25.
    request?.http?.closeSSE?.();
    await pause(100);
    return text("Reconnection test completed successfully");
  }),
];

/** Resources, a template, prompts and completion, on the SDK's McpServer; subscribe and unsubscribe through its low-level server. */
function mcpServer() {
  const mcp = new McpServer({ name: "wymcp-conformance", version: "1.0.0" });
  mcp.registerResource("static-text", "test://static-text", { description: "A static text resource", mimeType: "text/plain" }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: "text/plain", text: "This is the content of the static text resource." }],
  }));
  mcp.registerResource(
    "static-binary",
    "test://static-binary",
    { description: "A static binary resource", mimeType: "image/png" },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: "image/png", blob: PNG }],
    }),
  );
  mcp.registerResource(
    "watched-resource",
    "test://watched-resource",
    { description: "A resource to subscribe to", mimeType: "text/plain" },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/plain", text: "Watched resource content." }],
    }),
  );
  mcp.registerResource(
    "template",
    new ResourceTemplate("test://template/{id}/data", { list: undefined }),
    { description: "Data by id", mimeType: "application/json" },
    (uri, { id }) => ({
      contents: [
        { uri: uri.href, mimeType: "application/json", text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) },
      ],
    }),
  );
  mcp.registerPrompt("test_simple_prompt", { description: "A prompt without arguments" }, () => ({
    messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt for testing." } }],
  }));
  mcp.registerPrompt(
    "test_prompt_with_arguments",
    {
      description: "A prompt with two arguments",
      argsSchema: z.object({
        arg1: completable(z.string().describe("First test argument"), (value) =>
          ["paris", "park", "party"].filter((word) => word.startsWith(value)),
        ),
        arg2: z.string().describe("Second test argument"),
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [{ role: "user", content: { type: "text", text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }],
    }),
  );
  mcp.registerPrompt(
    "test_prompt_with_embedded_resource",
    {
      description: "A prompt embedding a resource",
      argsSchema: z.object({ resourceUri: z.string().describe("URI of the resource to embed") }),
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: "user",
          content: {
            type: "resource",
            resource: { uri: resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." },
          },
        },
        { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
      ],
    }),
  );
  mcp.registerPrompt("test_prompt_with_image", { description: "A prompt with an image" }, () => ({
    messages: [
      { role: "user", content: { type: "image", data: PNG, mimeType: "image/png" } },
      { role: "user", content: { type: "text", text: "Please analyze the image above." } },
    ],
  }));
  // input-required-result-non-tool-request: a prompt asking through the SDK's own inputRequired builder.
  mcp.registerPrompt("test_input_required_result_prompt", { description: "A prompt that asks for its context" }, (ctx) => {
    const answer = acceptedContent(ctx.mcpReq.inputResponses, "user_context");
    if (typeof answer?.context !== "string")
      return inputRequired({
        inputRequests: { user_context: inputRequired.elicit(form("What context should the prompt use?", "context")) },
      });
    return { messages: [{ role: "user", content: { type: "text", text: `Use this context: ${answer.context}` } }] };
  });
  const subscriptions = new Set();
  mcp.server.registerCapabilities({ resources: { subscribe: true } });
  mcp.server.setRequestHandler("resources/subscribe", ({ params }) => (subscriptions.add(params.uri), {}));
  mcp.server.setRequestHandler("resources/unsubscribe", ({ params }) => (subscriptions.delete(params.uri), {}));
  return mcp;
}

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3001" },
    host: { type: "string", default: "127.0.0.1" },
    stateless: { type: "boolean", default: false },
  },
});
const stateless = values.stateless;
const running = await serveHttp(createRouter({ tools }), {
  port: Number(values.port),
  host: values.host,
  mcpServer,
  stateless,
  // Resumability needs sessions: the polling scenario resumes a closed stream with Last-Event-ID.
  ...(stateless ? {} : { eventStore: createInMemoryEventStore(), retryInterval: 500 }),
});
console.log(`wymcp conformance server (${stateless ? "stateless" : "stateful"}) on ${running.url}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void running.close().then(() => process.exit(0)));
