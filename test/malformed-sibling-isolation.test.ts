import { describe, expect, test } from "vitest";
import { createRouter, defineTool, type ActionSchema, type Router } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { fixtureRouter } from "./fixtures/runtime/tools.js";
import { capturedLog } from "./support/captured-log.js";

/** The fixture router with flaky's `broken` action broken after registration. */
async function brokenRouter(): Promise<Router> {
  const router = fixtureRouter();
  expect(readAnswer(await router.callTool("admin", { action: "break" })).isError).toBe(false);
  return router;
}

const ask = async (router: Router, name: string, args: unknown) => readAnswer(await router.callTool(name, args));

describe("malformed-sibling isolation", () => {
  test("before the break every surface serves flaky normally", async () => {
    const router = fixtureRouter();
    expect((await ask(router, "flaky", { action: "broken" })).body).toBe("unreachable");
    expect((await ask(router, "help", { tool: "flaky" })).isError).toBe(false);
  });

  test("tools/call: the healthy action keeps serving", async () => {
    const { isError, body } = await ask(await brokenRouter(), "flaky", { action: "healthy", data: { n: 2 } });
    expect(isError).toBe(false);
    expect(body).toEqual({ n: 2 });
  });

  test("tools/call: the bad action answers its offences in the tool dialect", async () => {
    const { isError, body } = await ask(await brokenRouter(), "flaky", { action: "broken" });
    expect(isError).toBe(true);
    expect(body).toMatchObject({ error: "malformed_action", tool: "flaky", action: "broken", help: "help {}" });
    expect(body.offences).toEqual([expect.objectContaining({ code: "missing_key", location: 'actions["broken"]' })]);
    expect(body.offences[0].line).toContain('missing mandatory key "properties"');
  });

  test("help index: the other tools are listed, flaky's entry surfaces the malformation", async () => {
    const { isError, body } = await ask(await brokenRouter(), "help", {});
    expect(isError).toBe(false);
    const flaky = body.tools.find((tool: { name: string }) => tool.name === "flaky");
    expect(flaky).toMatchObject({ error: "malformed_action", help: 'help {tool: "flaky"}' });
    expect(flaky.offences).toEqual([expect.objectContaining({ location: 'actions["broken"]' })]);
    expect(body.tools.find((tool: { name: string }) => tool.name === "tasks").actions).toHaveLength(6);
  });

  test("help tool level: surfaces the malformation", async () => {
    const { isError, body } = await ask(await brokenRouter(), "help", { tool: "flaky" });
    expect(isError).toBe(true);
    expect(body).toMatchObject({ error: "malformed_action", tool: "flaky" });
    expect(body.offences).toEqual([expect.objectContaining({ location: 'actions["broken"]' })]);
  });

  test("help action level behaves like dispatch: the healthy action is served, the bad one answers its offences", async () => {
    const router = await brokenRouter();
    const healthy = await ask(router, "help", { tool: "flaky", action: "healthy" });
    expect(healthy).toMatchObject({ isError: false, body: { action: "healthy", description: "Works" } });
    const broken = await ask(router, "help", { tool: "flaky", action: "broken" });
    const call = await ask(router, "flaky", { action: "broken" });
    expect(broken.isError).toBe(true);
    expect(broken.body.error).toBe(call.body.error);
    expect(broken.body.offences).toEqual(call.body.offences);
  });

  test("tools/list is built at registration and still lists flaky", async () => {
    const listing = (await brokenRouter()).listTools().find((entry) => entry.name === "flaky")!;
    expect((listing.inputSchema.properties as { action: { enum: string[] } }).action.enum).toEqual(["broken", "healthy"]);
  });

  test("a tool whose whole action record fails after registration answers malformed_tool everywhere, other tools unharmed", async () => {
    let fail = false;
    const healthy: ActionSchema = { description: "Go", properties: {} };
    const fickle = defineTool({
      name: "fickle",
      description: "Throws once switched",
      actions: () => {
        if (fail) throw new Error("storage offline");
        return { go: healthy };
      },
      handlers: { go: () => 1 },
    });
    const steady = defineTool({ name: "steady", description: "Steady", actions: { go: healthy }, handlers: { go: () => 2 } });
    const log = capturedLog();
    const router = createRouter({ tools: [fickle, steady], log });
    fail = true;
    const call = await ask(router, "fickle", { action: "go" });
    expect(call.body).toMatchObject({ error: "malformed_tool" });
    expect(call.body.offences).toEqual([expect.objectContaining({ code: "actions_threw", location: "actions" })]);
    expect((await ask(router, "help", {})).body.tools[0]).toMatchObject({ name: "fickle", error: "malformed_tool" });
    expect((await ask(router, "help", { tool: "fickle", action: "go" })).body.error).toBe("malformed_tool");
    expect((await ask(router, "steady", { action: "go" })).body).toBe(2);
    // Each obtaining that met the thrown error reported it to the operator, message included.
    expect(log.entries.length).toBeGreaterThan(0);
    expect(log.entries.every((entry) => JSON.stringify(entry.details).includes("storage offline"))).toBe(true);
  });

  test("a non-frozen record mutated after registration is caught where it is obtained", async () => {
    const record: Record<string, unknown> = { go: { description: "Go", properties: {} }, other: { description: "Other", properties: {} } };
    const tool = defineTool({
      name: "mutable",
      description: "Mutable",
      actions: () => record as { go: ActionSchema; other: ActionSchema },
      handlers: { go: () => 1, other: () => 2 },
    });
    const router = createRouter({ tools: [tool] });
    record["other"] = { description: "Other", properties: { bad: "string" } };
    expect((await ask(router, "mutable", { action: "go" })).body).toBe(1);
    const other = await ask(router, "mutable", { action: "other" });
    expect(other.body.error).toBe("malformed_action");
    expect(other.body.offences).toEqual([expect.objectContaining({ location: 'actions["other"].properties', code: "wrong_type" })]);
  });
});
