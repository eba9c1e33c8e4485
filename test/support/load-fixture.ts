/**
 * The server the load tests hammer, and the mixed wave of calls they send:
 * a fast echo, a slow handler, a throwing handler, a healthy action beside a
 * sibling broken after registration, a tool registered and unregistered by
 * calls in the same wave, and data the gate refuses. Each planned call says
 * which answers it accepts, so every answer is checked against its own
 * request and counted by kind.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { expect } from "vitest";
import { createRouter, defineTool, type ActionSchema, type Router } from "../../src/index.js";
import { readAnswer } from "../fixtures/runtime/answers.js";

export interface LoadServer {
  readonly router: Router;
  /** Removes `properties` from flaky's `broken` action: valid at registration, malformed from now on. */
  breakSibling(): void;
  /** How many times the admin tool registered or unregistered `extra`. */
  toggles(): number;
  /** Weak references to a sample of the data objects handlers received. */
  readonly sampled: WeakRef<object>[];
}

export function loadServer(): LoadServer {
  let toggles = 0;
  const sampled: WeakRef<object>[] = [];
  const sample = (data: object, n: unknown) => {
    if (typeof n === "number" && n % 97 === 0) sampled.push(new WeakRef(data));
  };
  const work = defineTool({
    name: "work",
    description: "Fast, slow and failing work",
    actions: {
      echo: {
        description: "Echoes n",
        properties: { n: { type: "number" }, opts: { type: "object", properties: { tags: { type: "array" } } } },
        required: ["n"],
        defaults: { opts: { tags: [] } },
      },
      slow: { description: "Echoes n after a few milliseconds", properties: { n: { type: "number" } }, required: ["n"] },
      explode: { description: "Always throws", properties: { n: { type: "number" } } },
    },
    handlers: {
      echo: (data) => {
        sample(data, data.n);
        // Mutating the merged default must never leak into another call.
        data.opts?.tags?.push(data.n);
        return { n: data.n, tags: data.opts?.tags };
      },
      slow: async (data) => {
        sample(data, data.n);
        await sleep(1 + (data.n % 15));
        return { n: data.n };
      },
      explode: (data) => {
        throw new Error(`boom ${data.n}`);
      },
    },
  });
  // One mutable record behind function-form actions: breaking it is seen at the next call.
  const flakyRecord: Record<string, ActionSchema> = {
    healthy: { description: "Works", properties: { n: { type: "number" } } },
    broken: { description: "Breaks after registration", properties: { n: { type: "number" } } },
  };
  const flaky = defineTool({
    name: "flaky",
    description: "A healthy action beside a sibling that breaks",
    actions: () => flakyRecord,
    handlers: { healthy: (data) => ({ n: data["n"] }), broken: () => "unreachable" },
  });
  const extra = defineTool({
    name: "extra",
    description: "Comes and goes",
    actions: { ping: { description: "Answers n", properties: { n: { type: "number" } } } },
    handlers: { ping: (data) => ({ n: data.n }) },
  });
  // Thousands of thrown handler errors are part of the load: their server-side reports are not printed.
  const router = createRouter({ tools: [work, flaky], log: { error: () => undefined } });
  const admin = defineTool({
    name: "admin",
    description: "Registers and unregisters extra",
    actions: { toggle: { description: "Flips extra", properties: { n: { type: "number" } } } },
    handlers: {
      toggle: () => {
        toggles++;
        if (router.toolNames().includes("extra")) return { registered: !router.unregister("extra") };
        router.register(extra);
        return { registered: true };
      },
    },
  });
  router.register(admin);
  return {
    router,
    breakSibling: () => void delete (flakyRecord["broken"] as { properties?: unknown }).properties,
    toggles: () => toggles,
    sampled,
  };
}

/** An answer's kind: `ok`, or its error code. */
export type Kind = "ok" | "handler_error" | "malformed_action" | "invalid_data" | "unknown_tool";

export interface PlannedCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** The kinds this call may be answered with (a call to `extra` races its registration). */
  readonly accepts: readonly Kind[];
  /** Checks an `ok` answer's body belongs to this request. */
  readonly expect?: (body: unknown) => boolean;
}

/** The mixed wave: `count` calls, every tenth slot a different sort, every twentieth a toggle. */
export function mixedWave(count: number): PlannedCall[] {
  return Array.from({ length: count }, (_, n): PlannedCall => {
    const echo = (body: unknown) => JSON.stringify(body) === JSON.stringify({ n, tags: [n] });
    const same = (body: unknown) => JSON.stringify(body) === JSON.stringify({ n });
    switch (n % 10) {
      case 4:
        return { name: "work", arguments: { action: "slow", data: { n } }, accepts: ["ok"], expect: same };
      case 5:
        return { name: "work", arguments: { action: "explode", data: { n } }, accepts: ["handler_error"] };
      case 6:
        return { name: "flaky", arguments: { action: "healthy", data: { n } }, accepts: ["ok"], expect: same };
      case 7:
        return { name: "flaky", arguments: { action: "broken", data: { n } }, accepts: ["malformed_action"] };
      case 8:
        return { name: "extra", arguments: { action: "ping", data: { n } }, accepts: ["ok", "unknown_tool"], expect: same };
      case 9:
        return n % 20 === 9
          ? { name: "admin", arguments: { action: "toggle", data: { n } }, accepts: ["ok"] }
          : { name: "work", arguments: { action: "echo", data: { n, opts: { colour: "red" } } }, accepts: ["invalid_data"] };
      default:
        return { name: "work", arguments: { action: "echo", data: { n } }, accepts: ["ok"], expect: echo };
    }
  });
}

/** What a wave's answers came to. */
export interface WaveResult {
  /** Answers by kind. */
  readonly counts: Record<string, number>;
  /** Calls that rejected instead of being answered, with the first reasons. */
  readonly lost: number;
  readonly reasons: string[];
  /** Calls answered with a kind they do not accept, or an `ok` body of another request. */
  readonly wrong: string[];
}

/** The SDK client's rejection for an unknown tool: -32602 carrying wymcp's unknown_tool report. */
function isUnknownToolError(reason: unknown): boolean {
  const error = reason as { code?: unknown; data?: { error?: unknown } } | undefined;
  return error?.code === -32602 && error.data?.error === "unknown_tool";
}

/** Sends every planned call at once through `call` and tallies the answers. */
export async function runWave(planned: readonly PlannedCall[], call: (planned: PlannedCall) => Promise<unknown>): Promise<WaveResult> {
  const settled = await Promise.allSettled(planned.map((entry) => call(entry)));
  const counts: Record<string, number> = {};
  const reasons: string[] = [];
  const wrong: string[] = [];
  let lost = 0;
  settled.forEach((outcome, index) => {
    const entry = planned[index]!;
    if (outcome.status === "rejected" && isUnknownToolError(outcome.reason)) {
      // An unknown tool is a -32602 protocol error (MCP 2025-11-25): answered, with wymcp's report as data.
      counts["unknown_tool"] = (counts["unknown_tool"] ?? 0) + 1;
      if (!entry.accepts.includes("unknown_tool")) wrong.push(`${entry.name} answered unknown tool`);
      return;
    }
    if (outcome.status === "rejected") {
      lost++;
      if (reasons.length < 5) reasons.push(String(outcome.reason));
      return;
    }
    const { isError, body } = readAnswer(outcome.value);
    const kind = isError ? String((body as { error?: unknown }).error) : "ok";
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (!entry.accepts.includes(kind as Kind) || (kind === "ok" && entry.expect !== undefined && !entry.expect(body))) {
      if (wrong.length < 5) wrong.push(`${entry.name} ${JSON.stringify(entry.arguments)} answered ${JSON.stringify(body)}`);
      else wrong.push("…");
    }
  });
  return { counts, lost, reasons, wrong };
}

/** The counts every wave of `count` calls must give, `extra` pings summed as `extra`. */
export function expectedCounts(count: number): {
  ok: number;
  handler_error: number;
  malformed_action: number;
  invalid_data: number;
  extra: number;
  toggles: number;
} {
  const slots = (residue: number) => Math.floor((count - 1 - residue) / 10) + 1;
  const toggles = Math.floor((count - 1 - 9) / 20) + 1;
  return {
    ok: slots(0) + slots(1) + slots(2) + slots(3) + slots(4) + slots(6) + toggles,
    handler_error: slots(5),
    malformed_action: slots(7),
    invalid_data: slots(9) - toggles,
    extra: slots(8),
    toggles,
  };
}

/**
 * Asserts a wave of `count` calls was answered completely: none lost, each
 * with a kind its call accepts, and the kinds in the numbers the wave's mix
 * gives (a call to the toggled tool may meet it registered or not).
 */
export function expectWaveComplete(result: WaveResult, count: number): void {
  const expected = expectedCounts(count);
  expect(result.lost, result.reasons.join("\n")).toBe(0);
  expect(result.wrong).toEqual([]);
  const { ok = 0, unknown_tool: gone = 0, ...failures } = result.counts;
  expect(failures).toEqual({
    handler_error: expected.handler_error,
    malformed_action: expected.malformed_action,
    invalid_data: expected.invalid_data,
  });
  expect(ok + gone).toBe(expected.ok + expected.extra);
  expect(Object.values(result.counts).reduce((sum, total) => sum + total, 0)).toBe(count);
}

/**
 * A full garbage collection. `--expose-gc` cannot be set per test file, so
 * the flag is set at run time and `gc` taken from a fresh context; fails
 * loudly rather than measuring nothing.
 */
export function collectGarbage(): () => Promise<void> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as unknown;
  if (typeof gc !== "function") throw new Error("no gc function: cannot measure memory");
  return async () => {
    // Let pending callbacks and WeakRef bookkeeping settle first (WeakRef targets live until the job ends).
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      (gc as () => void)();
    }
  };
}
