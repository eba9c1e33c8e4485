import { describe, expect, test } from "vitest";
import { ActionSchemaError, createRouter, defineTool, ToolRegistrationError, type Tool } from "../src/index.js";
import { reports, tasks } from "./fixtures/runtime/tools.js";

const tool = (name: string, actions: object = { go: { description: "Go", properties: {} } }, handlers: object = { go: () => 1 }) =>
  ({ name, description: `The ${name} tool`, actions: () => actions, handlers }) as unknown as Tool;

function registrationError(run: () => unknown): ToolRegistrationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolRegistrationError) return error;
    throw error;
  }
  throw new Error("registration did not fail");
}

describe("createRouter — the runtime registration moment", () => {
  test("lists help first, then every tool in registration order", () => {
    const router = createRouter({ tools: [tasks, reports] });
    expect(router.listTools().map((listing) => listing.name)).toEqual(["help", "tasks", "reports"]);
    expect(router.toolNames()).toEqual(["tasks", "reports"]);
  });

  test("builds the compact input schema exactly, with sorted action names and their descriptions", () => {
    const router = createRouter({ tools: [tasks] });
    const listing = router.listTools().find((entry) => entry.name === "tasks")!;
    expect(listing).toEqual({
      name: "tasks",
      title: "Tasks",
      description: "Task management",
      annotations: { destructiveHint: false },
      inputSchema: {
        type: "object",
        required: ["action"],
        properties: {
          action: {
            type: "string",
            enum: ["close", "create", "explode", "list", "lookup", "refuse"],
            description: [
              "close: Close a task",
              "create: Create a task",
              "explode: Always fails",
              "list: List tasks",
              "lookup: Looks up a missing task",
              "refuse: Fails on purpose",
            ].join("\n"),
          },
          data: { type: "object" },
        },
      },
    });
  });

  test("carries outputSchema when declared, and sorts index-like action names as strings", () => {
    const numbered = tool(
      "numbered",
      {
        "10": { description: "ten", properties: {} },
        "9": { description: "nine", properties: {} },
        a: { description: "a", properties: {} },
      },
      { "10": () => 1, "9": () => 1, a: () => 1 },
    );
    const router = createRouter({ tools: [reports, numbered] });
    const [, reportsListing, numberedListing] = router.listTools();
    expect(reportsListing!.outputSchema).toEqual(reports.outputSchema);
    expect((numberedListing!.inputSchema.properties as { action: { enum: string[] } }).action.enum).toEqual(["10", "9", "a"]);
  });

  test("tools/list obtains nothing at request time: the listing is built once, frozen", () => {
    let reads = 0;
    const counted = tool("counted");
    const actions = counted.actions;
    const router = createRouter({ tools: [{ ...counted, actions: () => (reads++, actions()) }] });
    const before = reads;
    router.listTools();
    router.listTools();
    expect(reads).toBe(before);
    expect(Object.isFrozen(router.listTools()[1]!.inputSchema)).toBe(true);
  });

  test("every problem of every tool in one error: surface offences and action-schema offences as data", () => {
    const badSchema = tool("bad_schema", { go: { description: "Go", properties: {}, note: "x" } });
    const error = registrationError(() =>
      createRouter({ tools: [tool("help"), tool("twin"), tool("twin"), badSchema, tool("no_handler", undefined, {})] }),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error.surfaceOffences.map((o) => [o.tool, o.code])).toEqual([
      ["help", "reserved_name"],
      ["twin", "duplicate_name"],
      ["no_handler", "missing_handler"],
    ]);
    expect(error.schemaErrors).toHaveLength(1);
    expect(error.schemaErrors[0]).toBeInstanceOf(ActionSchemaError);
    expect(error.schemaErrors[0]!.offences).toEqual([expect.objectContaining({ action: "go", key: "note", code: "unknown_key" })]);
    expect(error.message).toContain('tool "help" name: the name "help" is reserved');
    expect(error.message).toContain('tool "bad_schema": 1 action-schema offence');
    expect(error.message).toContain('did you mean "notes"?');
  });

  test("a value that is not a tool is one surface offence, not also an action-schema one", () => {
    const error = registrationError(() => createRouter({ tools: [42 as unknown as Tool] }));
    expect(error.surfaceOffences.map((o) => o.code)).toEqual(["not_object"]);
    expect(error.schemaErrors).toEqual([]);
  });

  test("register on a live router runs the same checks, all or none, and announces the change", () => {
    const router = createRouter({ tools: [tasks] });
    let changes = 0;
    router.onListChanged(() => changes++);
    const error = registrationError(() => router.register(tool("fresh"), tool("tasks")));
    expect(error.surfaceOffences).toEqual([expect.objectContaining({ tool: "tasks", code: "duplicate_name" })]);
    expect(router.toolNames()).toEqual(["tasks"]);
    expect(changes).toBe(0);
    router.register(tool("fresh"));
    expect(router.toolNames()).toEqual(["tasks", "fresh"]);
    expect(changes).toBe(1);
  });

  test("unregister removes a tool, frees its name and announces the change; unknown names answer false", () => {
    const router = createRouter({ tools: [tasks] });
    const seen: string[][] = [];
    const stop = router.onListChanged(() => seen.push(router.listTools().map((l) => l.name)));
    expect(router.unregister("nope")).toBe(false);
    expect(router.unregister("help")).toBe(false);
    expect(router.unregister("tasks")).toBe(true);
    router.register(tasks);
    stop();
    router.unregister("tasks");
    expect(seen).toEqual([["help"], ["help", "tasks"]]);
  });

  test("a throwing listener neither blocks a registration nor the other listeners", () => {
    const router = createRouter();
    let heard = false;
    router.onListChanged(() => {
      throw new Error("listener failed");
    });
    router.onListChanged(() => (heard = true));
    router.register(tool("fresh"));
    expect(router.toolNames()).toEqual(["fresh"]);
    expect(heard).toBe(true);
  });

  test("help's listing names the registered tools and refuses extra parameters", () => {
    const router = createRouter({ tools: [tasks] });
    const help = router.listTools()[0]!;
    expect(help.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
    expect(JSON.stringify(help.inputSchema)).toContain("one of: tasks");
  });

  test("defineTool output is accepted as is", () => {
    const own = defineTool({
      name: "own",
      description: "Own",
      actions: { a: { description: "A", properties: {} } },
      handlers: { a: () => 1 },
    });
    expect(() => createRouter({ tools: [own] })).not.toThrow();
  });

  test.each([
    ["nothing", undefined, "undefined"],
    ["null", null, "null"],
    ["a string", "tasks", "a string"],
  ])("defineTool given %s (no definition object) says what to pass", (_label, definition, described) => {
    expect(() => defineTool(definition as never)).toThrow(
      new TypeError(
        `defineTool takes the tool's definition, an object, and was given ${described}. ` +
          "Fix: call defineTool({ name, description, actions, handlers }).",
      ),
    );
  });

  test("a registration error is an ActionSchemaError: validate's offences as data, the registration's problems in the message", () => {
    const bad = tool("bad", { go: { description: "Go", properties: { n: { type: "strng" } }, nmae: 1 } });
    const error = registrationError(() => createRouter({ tools: [bad, tool("bad")] }));
    expect(error).toBeInstanceOf(ActionSchemaError);
    expect(error.name).toBe("ToolRegistrationError");
    expect(error.tool).toBe("bad");
    expect(error.offences.map((offence) => offence.key)).toEqual(
      error.schemaErrors.flatMap((schemaError) => schemaError.offences.map((o) => o.key)),
    );
    expect(error.offences.length).toBe(2);
    expect(error.surfaceOffences.map((offence) => offence.code)).toEqual(["duplicate_name"]);
    expect(error.message).toMatch(/^cannot register tool "bad"\n/);
    expect(registrationError(() => createRouter({ tools: [tool("a"), tool("a")] })).offences).toEqual([]);
  });

  test("instructions are kept for the server's initialize answer", () => {
    expect(createRouter({ instructions: "Call help first." }).instructions).toBe("Call help first.");
  });
});
