/**
 * The input round on its own: how a question is named, when an answer
 * counts for it, and what the round hands on — an answer is only ever used
 * for the question it answered, whatever the client sends under its key.
 */
import { describe, expect, test } from "vitest";
import { InputRound, type RoundEnd } from "../src/mcp/input-round.js";
import type { RoundRecord } from "../src/mcp/request-state.js";
import { canonicalJson } from "../src/util/canonical-json.js";
import { form } from "./fixtures/runtime/asking.js";

const ALL = { elicitation: {}, sampling: {}, roots: {} };
const accept = (content: Record<string, unknown>) => ({ action: "accept", content });

function round(prior?: RoundRecord, responses?: Record<string, unknown>, capabilities: unknown = ALL): InputRound {
  return new InputRound({ prior, responses, dropped: [], capabilities });
}

/** The questions a round ends with, once its handler asked `ask` and waits. */
async function waiting(ask: (round: InputRound) => void, prior?: RoundRecord, responses?: Record<string, unknown>) {
  const current = round(prior, responses);
  ask(current);
  const end: RoundEnd = await current.ended;
  if (end.kind !== "input_required") throw new Error(`the round failed: ${end.error.message}`);
  return end;
}

describe("naming a question", () => {
  test("by default from the question itself: the same question, the same key, on every run", async () => {
    const first = await waiting((r) => void r.ask("elicitation/create", form("Your name?", "name"), undefined));
    const again = await waiting((r) => void r.ask("elicitation/create", form("Your name?", "name"), undefined));
    const other = await waiting((r) => void r.ask("elicitation/create", form("Your age?", "age", "integer"), undefined));
    const [key] = Object.keys(first.inputRequests);
    expect(key).toMatch(/^elicit-[0-9a-f]{16}$/);
    expect(Object.keys(again.inputRequests)).toEqual([key]);
    expect(Object.keys(other.inputRequests)).not.toEqual([key]);
    expect(first.record).toEqual({ round: 1, answers: {}, asked: { [key!]: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  test("one asking per key: the same question asked twice in a run is two questions", async () => {
    const end = await waiting((r) => {
      void r.ask("roots/list", undefined, "roots");
      void r.ask("roots/list", undefined, "roots");
    });
    // The keys, not their order: each digest settles when the platform answers.
    expect(Object.keys(end.inputRequests).sort()).toEqual(["roots", "roots#2"]);
  });

  test.each(["", "has space", "x".repeat(65), "ünï"])("a key outside 1–64 letters, digits and _ - . : is a TypeError (%j)", async (key) => {
    await expect(round().ask("roots/list", undefined, key)).rejects.toThrow(/^the key of a question must be 1 to 64 letters/);
  });
});

describe("when an answer counts", () => {
  test("a recorded answer whose question changed is asked again", async () => {
    const asked = await waiting((r) => void r.ask("elicitation/create", form("Delete 3 files?", "ok", "boolean"), "confirm"));
    const answered = round(asked.record, { confirm: accept({ ok: true }) });
    expect(await answered.ask("elicitation/create", form("Delete 3 files?", "ok", "boolean"), "confirm")).toEqual(accept({ ok: true }));
    answered.close();
    // The next run asks about 5 files under the same key: the "yes" was for 3, so the question goes out again.
    const changed = round(asked.record, { confirm: accept({ ok: true }) });
    void changed.ask("elicitation/create", form("Delete 5 files?", "ok", "boolean"), "confirm");
    const end = await changed.ended;
    expect(end).toMatchObject({ kind: "input_required", inputRequests: { confirm: { params: { message: "Delete 5 files?" } } } });
    // Once answered and sealed, the same holds: a reply sent again under the key was for the old question.
    const sealed = round(
      { round: 2, answers: { confirm: { question: asked.record.asked.confirm!, answer: accept({ ok: true }) } }, asked: {} },
      {
        confirm: accept({ ok: true }),
      },
    );
    void sealed.ask("elicitation/create", form("Delete 5 files?", "ok", "boolean"), "confirm");
    expect(await sealed.ended).toMatchObject({
      kind: "input_required",
      inputRequests: { confirm: { params: { message: "Delete 5 files?" } } },
    });
  });

  test("the handler gets its own copy: changing it changes nothing sealed", async () => {
    const asked = await waiting((r) => void r.ask("roots/list", undefined, "roots"));
    const second = round(asked.record, { roots: { roots: [{ uri: "file:///a" }] } });
    const answer = (await second.ask("roots/list", undefined, "roots")) as { roots: { uri: string }[] };
    answer.roots[0]!.uri = "file:///changed";
    void second.ask("sampling/createMessage", { messages: [], maxTokens: 1 }, "next");
    const end = await second.ended;
    expect(end).toMatchObject({
      kind: "input_required",
      record: { round: 2, answers: { roots: { answer: { roots: [{ uri: "file:///a" }] } } } },
    });
  });

  test("a question the client did not declare is refused at once, and remembered for -32021", async () => {
    const current = round(undefined, undefined, { sampling: {} });
    await expect(current.ask("roots/list", undefined, undefined)).rejects.toMatchObject({ code: "client_unsupported" });
    await expect(current.ask("elicitation/create", form("Name?", "name"), undefined)).rejects.toMatchObject({ code: "client_unsupported" });
    expect(current.refused).toEqual({ roots: {}, elicitation: { form: {} } });
  });
});

describe("the run's signal", () => {
  test("aborts when the round ends (the run is over), and when the request's own signal aborts", async () => {
    const ended = round();
    void ended.ask("roots/list", undefined, undefined);
    expect(ended.signal.aborted).toBe(false);
    await ended.ended;
    expect(ended.signal.aborted).toBe(true);
    const request = new AbortController();
    const cancelled = new InputRound({ prior: undefined, responses: undefined, dropped: [], capabilities: ALL, cancel: request.signal });
    request.abort(new Error("the client went away"));
    expect(cancelled.signal.reason).toEqual(new Error("the client went away"));
    // A finished call's run keeps its signal: nothing the handler started is told to stop.
    const finished = round();
    finished.close();
    expect(finished.signal.aborted).toBe(false);
  });
});

describe("canonical JSON, what questions and calls are bound by", () => {
  test("keys sorted at every depth, no whitespace", () => {
    expect(canonicalJson({ b: 1, a: [true, { d: null, c: "x", e: undefined }] })).toBe('{"a":[true,{"c":"x","d":null}],"b":1}');
    expect(canonicalJson({ z: 1, a: 2 })).toBe(canonicalJson({ a: 2, z: 1 }));
  });

  test("a cycle and nesting past 1,024 levels are written as a marker, never a stack overflow", () => {
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    expect(canonicalJson(cyclic)).toBe('{"name":"loop","self":"[not followed]"}');
    let deep: unknown = 0;
    for (let level = 0; level < 5_000; level++) deep = [deep];
    expect(canonicalJson(deep)).toMatch(/^\[{1024}"\[not followed\]"\]{1024}$/);
  });
});
