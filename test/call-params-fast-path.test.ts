import { describe, expect, test } from "vitest";
import { CallToolRequestSchema } from "@modelcontextprotocol/core";
import { callParams } from "../src/mcp/call-params.js";

// callParams answers the common shape without the SDK's schema; whatever it answers must be the schema's verdict.
const params: Record<string, unknown> = {
  "name only": { name: "tasks" },
  "name and arguments": { name: "tasks", arguments: { action: "create", data: { name: "x" } } },
  "arguments with a __proto__ key": { name: "tasks", arguments: JSON.parse('{"__proto__": {"polluted": true}}') },
  "a null-prototype arguments object": { name: "tasks", arguments: Object.create(null) },
  "a class instance as arguments": { name: "tasks", arguments: new (class Arguments {})() },
  "_meta with a progress token": { name: "tasks", _meta: { progressToken: 7 } },
  "_meta with a wrong progress token": { name: "tasks", _meta: { progressToken: {} } },
  "a task": { name: "tasks", task: { ttl: 1000 } },
  "arguments as an array": { name: "tasks", arguments: [1, 2] },
  "arguments as null": { name: "tasks", arguments: null },
  "arguments as a string": { name: "tasks", arguments: "{}" },
  "a number as the name": { name: 7 },
  "no name": { arguments: {} },
  "an extra key": { name: "tasks", extra: true },
  "a throwing getter": Object.defineProperty({}, "name", {
    enumerable: true,
    get: () => {
      throw new Error("getter");
    },
  }),
  "params as an array": [],
  "params as null": null,
};

describe("tools/call params: the fast path gives the SDK schema's verdict", () => {
  test.each(Object.entries(params))("%s", (_label, given) => {
    const request = { method: "tools/call", params: given };
    let schemaSays: "accepts" | "refuses" | "throws";
    try {
      schemaSays = CallToolRequestSchema.safeParse(request).success ? "accepts" : "refuses";
    } catch {
      schemaSays = "throws";
    }
    if (schemaSays === "accepts") expect(callParams(request)).toBe(given);
    else if (schemaSays === "refuses") expect(() => callParams(request)).toThrow(/Invalid tools\/call params/);
    else expect(() => callParams(request)).toThrow();
  });
});
