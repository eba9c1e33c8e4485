import { firstText } from "./support/tools.js";
import { afterEach, describe, expect, test } from "vitest";
import { createRouter, defineTool, type ActionSchema } from "../src/index.js";
import { readAnswer } from "./fixtures/runtime/answers.js";
import { capturedLog } from "./support/captured-log.js";

let received: unknown;
const schema = {
  description: "Store",
  properties: {
    name: { type: "string" },
    meta: { type: "object" },
    rows: { type: "array", items: { type: "object", properties: { id: { type: "number" } } } },
  },
  defaults: { meta: { source: "default" } },
} satisfies ActionSchema;
const router = () =>
  createRouter({
    tools: [
      defineTool({ name: "store", description: "Store", actions: { put: schema }, handlers: { put: (data) => ((received = data), "ok") } }),
    ],
    // A throwing getter is reported to the operator: kept here, off standard error.
    log: capturedLog(),
  });
const send = async (json: string) => readAnswer(await router().callTool("store", JSON.parse(json)));

afterEach(() => {
  received = undefined;
  expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty("polluted");
});

describe("hostile data never pollutes prototypes or crashes the gate", () => {
  test("a top-level __proto__ key from JSON is an unknown key, refused", async () => {
    const { isError, body } = await send('{"action":"put","data":{"name":"x","__proto__":{"polluted":true}}}');
    expect(isError).toBe(true);
    expect(body.problems).toEqual([expect.objectContaining({ code: "unknown_key", at: "data", key: "__proto__" })]);
  });

  test("constructor and prototype keys are unknown keys, refused", async () => {
    const { body } = await send(
      '{"action":"put","data":{"constructor":{"prototype":{"polluted":true}},"rows":[{"id":1,"__proto__":{"polluted":true}}]}}',
    );
    expect(body.problems.map((p: { at: string; key: string }) => `${p.at} ${p.key}`)).toEqual([
      "data constructor",
      'data["rows"][0] __proto__',
    ]);
  });

  test("a __proto__ key inside an open place reaches the handler as an own data property", async () => {
    const { isError } = await send('{"action":"put","data":{"meta":{"__proto__":{"polluted":true}}}}');
    expect(isError).toBe(false);
    const meta = (received as { meta: object }).meta;
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(Object.keys(meta)).toEqual(["__proto__"]);
  });

  test("a declared __proto__ property is merged as an own property, never as a prototype", async () => {
    const declared = JSON.parse(
      '{"description":"P","properties":{"__proto__":{"type":"object"}},"defaults":{"__proto__":{"polluted":true}}}',
    ) as ActionSchema;
    const tool = defineTool({
      name: "proto",
      description: "Proto",
      actions: { put: declared },
      handlers: { put: (data) => ((received = data), "ok") },
    });
    expect(readAnswer(await createRouter({ tools: [tool] }).callTool("proto", { action: "put" })).isError).toBe(false);
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
    expect(Object.keys(received as object)).toEqual(["__proto__"]);
  });

  test("data nested 100,000 levels deep in an open place is neither walked nor a stack overflow", async () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 100_000; level++) deep = { next: deep };
    const { isError } = readAnswer(await router().callTool("store", { action: "put", data: { meta: deep } }));
    expect(isError).toBe(false);
  });

  test("data nested 100,000 levels deeper than its schema is refused at the first wrong value, without a stack overflow", async () => {
    let deep: unknown[] = [];
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const { isError, body } = readAnswer(await router().callTool("store", { action: "put", data: { rows: deep } }));
    expect(isError).toBe(true);
    expect(body.problems).toEqual([expect.objectContaining({ code: "invalid_value", at: 'data["rows"][0]', keyword: "type" })]);
  });

  test("a huge array with a bad key in every element answers a capped list quickly", async () => {
    const rows = Array.from({ length: 200_000 }, (_, id) => ({ id, x: 1 }));
    const started = performance.now();
    const answer = await router().callTool("store", { action: "put", data: { rows } });
    const { body } = readAnswer(answer);
    expect(body.problems).toHaveLength(50);
    expect(body.moreProblems).toBe(199_950);
    expect(firstText(answer).length).toBeLessThan(20_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test("a cyclic value in an open place is handed over, not walked", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    expect(readAnswer(await router().callTool("store", { action: "put", data: { meta: cyclic } })).isError).toBe(false);
  });

  test("a throwing getter or Proxy from an in-process caller is an isError answer, never an exception", async () => {
    const getter = {
      get name(): string {
        throw new Error("getter");
      },
    };
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("trap");
        },
      },
    );
    const getterAnswer = readAnswer(await router().callTool("store", { action: "put", data: getter }));
    expect(getterAnswer).toMatchObject({
      isError: true,
      body: { error: "internal_error", message: expect.stringMatching(/^store failed \(error id [0-9a-f-]{36}\)$/) },
    });
    const trapAnswer = readAnswer(await router().callTool("store", { action: "put", data: trap }));
    expect(trapAnswer).toMatchObject({
      isError: true,
      body: { error: "invalid_data", problems: [{ code: "unreadable", at: "data", problem: "its keys cannot be read" }] },
    });
  });
});
