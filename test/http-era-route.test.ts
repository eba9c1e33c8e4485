/**
 * The modern leg takes a body that claims the 2026-07-28 envelope without
 * asking the SDK to classify it (the SDK's entry classifies it again): that
 * shortcut must never take a request the SDK would serve as 2025-era.
 */
import { isLegacyRequest } from "@modelcontextprotocol/server";
import { describe, expect, test } from "vitest";
import { claimsEnvelope } from "../src/mcp/http/modern.js";

const CLAIM = { "io.modelcontextprotocol/protocolVersion": "2026-07-28" };
const ENVELOPE = {
  ...CLAIM,
  "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const call = (params: unknown, extra: object = {}) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params, ...extra });

/** [case, body, whether the shortcut takes it]. */
const BODIES: readonly (readonly [string, unknown, boolean])[] = [
  ["a request with the whole envelope", call({ name: "t", _meta: ENVELOPE }), true],
  ["a request claiming the version alone (the modern path refuses the rest)", call({ name: "t", _meta: CLAIM }), true],
  ["a claim naming a 2025 revision", call({ _meta: { "io.modelcontextprotocol/protocolVersion": "2025-11-25" } }), true],
  ["a claim whose version is not a string", call({ _meta: { "io.modelcontextprotocol/protocolVersion": 7 } }), true],
  ["a notification with the envelope", { jsonrpc: "2.0", method: "notifications/cancelled", params: { _meta: ENVELOPE } }, true],
  ["server/discover", { jsonrpc: "2.0", id: 2, method: "server/discover", params: { _meta: ENVELOPE } }, true],
  ["a request without _meta", call({ name: "t" }), false],
  ["a request with other _meta", call({ name: "t", _meta: { progressToken: 1 } }), false],
  ["a request without params", { jsonrpc: "2.0", id: 1, method: "ping" }, false],
  ["initialize with the envelope", { jsonrpc: "2.0", id: 1, method: "initialize", params: { _meta: ENVELOPE } }, false],
  [
    "initialize with a bare claim",
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", _meta: CLAIM } },
    false,
  ],
  ["a result response carrying params", { jsonrpc: "2.0", id: 1, result: {}, params: { _meta: ENVELOPE } }, false],
  ["an error response carrying params", { jsonrpc: "2.0", id: 1, error: { code: 1, message: "m" }, params: { _meta: ENVELOPE } }, false],
  ["a batch of claimed requests", [call({ _meta: ENVELOPE })], false],
  ["_meta as an array", call({ _meta: [CLAIM] }), false],
  ["params as an array", call([{ _meta: ENVELOPE }]), false],
  ["null", null, false],
];

function post(body: unknown): Request {
  return new Request("http://localhost/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(body),
  });
}

describe("a body claiming the envelope goes to the modern leg without a second classification", () => {
  test.each(BODIES)("%s", async (_, body, taken) => {
    expect(claimsEnvelope(body)).toBe(taken);
    // What the shortcut takes, the SDK never calls 2025-era.
    if (taken) expect(await isLegacyRequest(post(body), body)).toBe(false);
  });

  test("every body the SDK calls 2025-era is one the shortcut leaves to it", async () => {
    const legacy: string[] = [];
    for (const [name, body] of BODIES) if (body !== null && (await isLegacyRequest(post(body), body))) legacy.push(name);
    expect(legacy.length).toBeGreaterThan(3);
    for (const name of legacy) expect(claimsEnvelope(BODIES.find(([n]) => n === name)![1])).toBe(false);
  });
});
