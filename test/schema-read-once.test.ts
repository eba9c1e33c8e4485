/**
 * A schema is read once (N6): `defineTool` and every obtaining copy the
 * declaration into plain data, each accessor called once, so what the check
 * saw is what `tools/list` publishes and what the handler receives — and
 * everything validation reports on (a throwing getter, a symbol key, a
 * class instance) survives the copy to be reported.
 */
import { describe, expect, test } from "vitest";
import { createRouter, defineTool, ToolRegistrationError, type Tool } from "../src/index.js";
import { readOnce } from "../src/util/read-once.js";

/** Declarations the types would refuse (getters answering two shapes): the runtime is what is pinned. */
const define = (definition: unknown): Tool => defineTool(definition as never);

describe("N6: accessors read once", () => {
  test("a properties getter answering differently later: the listing shows the checked answer", () => {
    let reads = 0;
    const schema = {
      description: "Go",
      get properties() {
        reads++;
        return reads === 1 ? { p: { type: "string" } } : { p: { type: "strng", items: 5 } };
      },
    };
    const tool = define({ name: "t", description: "T", actions: { go: schema }, handlers: { go: () => 1 } });
    const router = createRouter({ tools: [tool], listing: "complete" });
    expect(router.listTools()[1]!.inputSchema).toHaveProperty(["properties", "p"], { type: "string" });
    expect(reads).toBe(1);
  });

  test("a defaults getter: the handler receives the checked defaults, never a ghost key", async () => {
    let reads = 0;
    const received: unknown[] = [];
    const tool = define({
      name: "t",
      description: "T",
      actions: {
        go: {
          description: "Go",
          properties: { k: { type: "integer" } },
          get defaults() {
            reads++;
            return reads === 1 ? { k: 5 } : { k: 5, ghost: true };
          },
        },
      },
      handlers: { go: (data: unknown) => received.push(data) },
    });
    const router = createRouter({ tools: [tool] });
    await router.callTool("t", { action: "go", data: {} });
    await router.callTool("t", { action: "go", data: {} });
    expect(received).toEqual([{ k: 5 }, { k: 5 }]);
  });

  test("a function actions: each call reads its schema once, and the handler gets that reading", async () => {
    let reads = 0;
    const received: unknown[] = [];
    const tool = define({
      name: "t",
      description: "T",
      actions: () => ({
        go: {
          description: "Go",
          properties: { k: { type: "integer" } },
          get defaults() {
            reads++;
            return { k: reads };
          },
        },
      }),
      handlers: { go: (data: unknown) => received.push(data) },
    });
    const router = createRouter({ tools: [tool] });
    const atRegistration = reads;
    await router.callTool("t", { action: "go", data: {} });
    await router.callTool("t", { action: "go", data: {} });
    // One reading per call (the router's contract is that actions() returns the same declaration; defaults are checked at registration).
    expect(reads - atRegistration).toBe(2);
    expect(received).toEqual([{ k: atRegistration + 1 }, { k: atRegistration + 2 }]);
  });
});

describe("what validation reports on survives the copy", () => {
  test("a throwing getter is still unreadable at registration", () => {
    const schema = {
      description: "Go",
      get properties(): unknown {
        throw new Error("nope");
      },
    };
    const tool = define({ name: "t", description: "T", actions: { go: schema }, handlers: { go: () => 1 } });
    expect(() => createRouter({ tools: [tool] })).toThrow(/threw \(nope\)|nope/);
    expect(() => createRouter({ tools: [tool] })).toThrow(ToolRegistrationError);
  });

  test("symbol keys, non-enumerable keys, null prototypes, holes, sharing and cycles are kept", () => {
    const symbol = Symbol("s");
    const shared = { a: 1 };
    const source: Record<PropertyKey, unknown> = Object.assign(Object.create(null) as object, { x: shared, y: shared, [symbol]: 1 });
    Object.defineProperty(source, "hidden", { value: 2, enumerable: false });
    source.self = source;
    source.holes = [1, , 3];
    source.date = new Date(0);
    const copy = readOnce(source);
    expect(copy).not.toBe(source);
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(copy.x).toBe(copy.y);
    expect(copy.self).toBe(copy);
    expect(copy[symbol]).toBe(1);
    expect(Object.getOwnPropertyDescriptor(copy, "hidden")).toMatchObject({ value: 2, enumerable: false });
    expect(1 in (copy.holes as unknown[])).toBe(false);
    expect(copy.date).toBe(source.date);
  });
});
