/**
 * Single-action tools declared `flat: true`: listed with their action's data
 * schema as the inputSchema, called without the { action, data } wrapper,
 * gated, helped and checked (registration and build) like any tool.
 */
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { createRouter, defineTool, ToolRegistrationError, type Tool } from "../src/index.js";
import { createMcpServer } from "../src/mcp/index.js";
import { run } from "../plugin/cli/run.js";
import { project } from "./plugin-support.js";
import { firstText } from "./support/tools.js";

const add = defineTool({
  name: "add",
  description: "Add two numbers",
  flat: true,
  actions: { add: { description: "Add a and b", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
  handlers: { add: ({ a, b }) => ({ sum: a + b }) },
});

const place = defineTool({
  name: "place",
  description: "Store a place",
  flat: true,
  actions: {
    store: {
      description: "Store",
      properties: {
        name: { type: "string" },
        home: { $ref: "#/$defs/address", $defs: { address: { type: "object", properties: { city: { type: "string" } } } } },
        work: { $ref: "#/$defs/address", $defs: { address: { type: "string" } } },
      },
      requiredOneOf: [["home"], ["work"]],
    },
  },
  handlers: { store: (data) => data },
});

async function connect(tools: Tool[]) {
  const server = createMcpServer(createRouter({ tools }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "t", version: "1" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

describe("a flat tool over MCP", () => {
  test("is listed with its action's schema, closed, in the 2020-12 dialect", async () => {
    const client = await connect([add]);
    const listed = (await client.listTools()).tools.find((tool) => tool.name === "add");
    expect(listed?.inputSchema).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
      additionalProperties: false,
    });
  });

  test("is called with its data alone, and the gate refuses bad data with data paths", async () => {
    const client = await connect([add]);
    expect(await client.callTool({ name: "add", arguments: { a: 2, b: 3 } })).toEqual({ content: [{ type: "text", text: '{"sum":5}' }] });
    const refused = await client.callTool({ name: "add", arguments: { a: "2", c: 1 } });
    expect(refused.isError).toBe(true);
    const report = JSON.parse(firstText(refused));
    expect(report).toMatchObject({ error: "invalid_data", tool: "add", action: "add", help: 'help {tool: "add", action: "add"}' });
    expect(report.problems.map((problem: { code: string; at: string }) => `${problem.code} ${problem.at}`).sort()).toEqual(
      ['invalid_value data["a"]', "missing_required data", "unknown_key data"].sort(),
    );
  });

  test("absent arguments are empty data", async () => {
    const client = await connect([add]);
    const refused = await client.callTool({ name: "add" });
    expect(JSON.parse(firstText(refused as { content: unknown[] }))).toMatchObject({
      error: "invalid_data",
      message: "the data of add.add has 2 problems",
    });
  });

  test.each([
    ["null", null, "null"],
    ["a number", 5, "a number"],
    ["an array", [1, 2], "an array"],
  ])("arguments that are %s are refused as arguments, not as a data key the caller never sent", async (_label, args, described) => {
    const answer = await createRouter({ tools: [add] }).callTool("add", args);
    const body = JSON.parse(firstText(answer));
    expect(body).toMatchObject({ error: "invalid_arguments", message: "the arguments of add are not an object of its fields" });
    expect(body.problems[0]).toEqual({
      code: "wrong_type",
      at: "arguments",
      problem: `the arguments are ${described}`,
      fix: "send an object of the action's fields.",
    });
    expect(JSON.stringify(body.problems)).not.toContain('"key":"data"');
  });

  test("property $defs move to the root $defs, a clashing name qualified by its property's; requiredOneOf is anyOf", async () => {
    const client = await connect([place]);
    const schema = (await client.listTools()).tools.find((tool) => tool.name === "place")!.inputSchema as Record<string, unknown>;
    expect(schema.$defs).toEqual({
      address: { type: "object", properties: { city: { type: "string" } } },
      "work.address": { type: "string" },
    });
    expect(schema.properties).toEqual({
      name: { type: "string" },
      home: { $ref: "#/$defs/address" },
      work: { $ref: "#/$defs/work.address" },
    });
    expect(schema.anyOf).toEqual([{ required: ["home"] }, { required: ["work"] }]);
    expect((await client.callTool({ name: "place", arguments: { work: "office" } })).isError).toBeFalsy();
    expect((await client.callTool({ name: "place", arguments: { home: { city: 3 } } })).isError).toBe(true);
  });

  test("help says how to call it", async () => {
    const client = await connect([add]);
    const index = JSON.parse(firstText(await client.callTool({ name: "help", arguments: {} })));
    expect(index.tools[0]).toMatchObject({ name: "add", flat: true });
    const level = JSON.parse(firstText(await client.callTool({ name: "help", arguments: { tool: "add" } })));
    expect(level.usage).toMatch(/flat tool/);
  });
});

describe("a flat tool with other than one action is an offence", () => {
  const two = {
    name: "two",
    description: "Two",
    flat: true,
    actions: { a: { description: "A", properties: {} }, b: { description: "B", properties: {} } },
    handlers: { a: () => 1, b: () => 2 },
  };

  test.each([
    ["two actions", two, 'the tool is flat but declares 2 actions ("a", "b")'],
    ["no action", { ...two, actions: {}, handlers: {} }, "the tool is flat but declares 0 actions"],
    ["flat that is not a boolean", { ...two, flat: "yes", actions: { a: two.actions.a }, handlers: { a: () => 1 } }, "flat is a string"],
  ])("at registration: %s", (_label, definition, problem) => {
    let thrown: unknown;
    try {
      createRouter({ tools: [defineTool(definition as never)] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolRegistrationError);
    expect(String((thrown as Error).message)).toContain(problem);
  });

  test("at build: wymcp check fails with the offence located at the tool", () => {
    const source = `import { defineTool } from "wymcp";\ndefineTool({ name: "t", description: "T", flat: true, handlers: {}, actions: { a: { description: "A", properties: {} }, b: { description: "B", properties: {} } } });\n`;
    let stdout = "";
    const code = run(["check", "src/tools.mjs"], {
      stdout: (line) => (stdout += `${line}\n`),
      stderr: () => {},
      cwd: project({ "src/tools.mjs": source }),
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(/src\/tools\.mjs:2:\d+ .*the tool is flat but declares 2 actions/);
  });

  test("at build: a flat tool with one action passes", () => {
    const source = `import { defineTool } from "wymcp";\ndefineTool({ name: "t", description: "T", flat: true, handlers: { a: () => 1 }, actions: { a: { description: "A", properties: {} } } });\n`;
    expect(run(["check", "src/tools.mjs"], { stdout: () => {}, stderr: () => {}, cwd: project({ "src/tools.mjs": source }) })).toBe(0);
  });
});
