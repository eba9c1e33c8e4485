/**
 * Bad input to a multi-round-trip call (2026-07-28), sent by hand as no SDK
 * client would: a tampered, expired or foreign `requestState` is refused
 * with -32602 before the handler runs; a malformed answer is refused with
 * -32602 naming its key and what is wrong, and never reaches the handler; a
 * reply to a question never asked is ignored, as the spec asks; an
 * undeclared capability is -32021 unless the handler catches the refusal;
 * the server keeps serving throughout. Nothing is kept between rounds: two
 * instances sharing a key serve one call's rounds in turn.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from "../src/mcp/index.js";
import { askingRouter } from "./fixtures/runtime/asking.js";
import { answerOf, modernCall, type RoundReply } from "./support/modern-calls.js";

const KEY = "a shared secret of at least 32 bytes, for these tests";
const handlers: FetchHandler[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const handler of handlers.splice(0)) await handler.close();
});

function server(options: FetchHandlerOptions = {}): FetchHandler {
  const handler = createFetchHandler(askingRouter(), { requestStateKey: KEY, ...options });
  handlers.push(handler);
  return handler;
}

const runs = async (handler: FetchHandler, extras = {}) =>
  answerOf(await modernCall(handler, { action: "runs" }, extras)) as Record<string, number>;
const accept = (content: Record<string, unknown>) => ({ action: "accept", content });
/** An answer whose content nests past what JSON.stringify (and any recursive reader) survives. */
const DEEP = `{"user_name":{"action":"accept","content":{"name":${"[".repeat(100_000)}${"]".repeat(100_000)}}}}`;

/** Round 1 of `asking.name`: the state and the question's key. */
async function firstRound(handler: FetchHandler, args: Record<string, unknown> = { action: "name" }) {
  const reply = await modernCall(handler, args);
  expect(reply.result).toMatchObject({ resultType: "input_required", requestState: expect.stringMatching(/^v1\./) });
  return { state: reply.result.requestState as string, keys: Object.keys(reply.result.inputRequests as object) };
}

function expectInvalid(reply: RoundReply, reason: string, message: RegExp): void {
  expect(reply.status).toBe(200);
  expect(reply.error).toMatchObject({ code: -32602, message: expect.stringMatching(message), data: { reason } });
}

describe("requestState", () => {
  test("the round's answer with its state completes the call", async () => {
    const handler = server();
    const { state, keys } = await firstRound(handler);
    expect(keys).toEqual(["user_name"]);
    const reply = await modernCall(
      handler,
      { action: "name" },
      { requestState: state, inputResponses: { user_name: accept({ name: "Ada" }) } },
    );
    expect(answerOf(reply)).toBe("Hello, Ada");
  });

  test.each([
    ["a changed byte in its body", (state: string) => state.replace(/^v1\.(.)/, (_, c: string) => `v1.${c === "e" ? "f" : "e"}`)],
    ["a suffix", (state: string) => `${state}-TAMPERED`],
    ["a forged signature", (state: string) => `${state.slice(0, state.lastIndexOf(".") + 1)}AAAA`],
    ["no envelope at all", () => "just a string"],
  ])("tampered (%s): -32602 before the handler runs", async (_label, tamper) => {
    const handler = server();
    const { state } = await firstRound(handler);
    const reply = await modernCall(
      handler,
      { action: "name" },
      { requestState: tamper(state), inputResponses: { user_name: accept({ name: "Eve" }) } },
    );
    expectInvalid(
      reply,
      "invalid_request_state",
      /^Invalid requestState: it is not one this server sealed, or it was altered; .*start over$/,
    );
    expect(reply.error?.data).toMatchObject({ cause: "altered" });
    expect((await runs(handler)).name).toBe(1);
  });

  test("expired: -32602 naming its lifetime", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const handler = server({ requestStateTtlSeconds: 60 });
    const { state } = await firstRound(handler);
    vi.setSystemTime(Date.now() + 61_000);
    const reply = await modernCall(
      handler,
      { action: "name" },
      { requestState: state, inputResponses: { user_name: accept({ name: "Ada" }) } },
    );
    expectInvalid(reply, "invalid_request_state", /^Invalid requestState: it expired \(a requestState lives 60 s\)/);
    expect((await runs(handler)).name).toBe(1);
  });

  test("sealed for another call: other arguments, another tool action, another user", async () => {
    const handler = server({ bearerToken: (token) => token });
    const as = (user: string) => ({ headers: { authorization: `Bearer ${user}` } });
    const ada = await modernCall(handler, { action: "greet", data: { who: "Ada" } }, as("alice"));
    const state = ada.result.requestState as string;
    const answers = { [Object.keys(ada.result.inputRequests as object)[0]!]: accept({ ok: true }) };
    for (const [args, user] of [
      [{ action: "greet", data: { who: "Bob" } }, "alice"],
      [{ action: "name" }, "alice"],
      [{ action: "greet", data: { who: "Ada" } }, "mallory"],
    ] as const) {
      const reply = await modernCall(handler, args, { requestState: state, inputResponses: answers, ...as(user) });
      expectInvalid(reply, "invalid_request_state", /sealed for another call \(another tool, other arguments or another user\)/);
    }
    // Its own call, by its own user, with its arguments' keys reordered, still opens it.
    const own = await modernCall(
      handler,
      { data: { who: "Ada" }, action: "greet" },
      { requestState: state, inputResponses: answers, ...as("alice") },
    );
    expect(answerOf(own)).toBe("Ada: true");
    expect((await runs(handler, as("alice"))).greet).toBe(2);
  });

  test("not a string: the SDK's -32602", async () => {
    const reply = await modernCall(server(), { action: "name" }, { requestState: { forged: true } });
    expectInvalid(reply, "invalid_request_state", /requestState/);
  });

  test("no memory between rounds: a second instance with the same key serves round 2; one with another key refuses it", async () => {
    const first = server({ stateless: true });
    const { state } = await firstRound(first);
    const retry = { requestState: state, inputResponses: { user_name: accept({ name: "Ada" }) } };
    expect(answerOf(await modernCall(server({ stateless: true }), { action: "name" }, retry))).toBe("Hello, Ada");
    const stranger = server({ requestStateKey: "another secret, also 32 bytes or longer" });
    const refused = await modernCall(stranger, { action: "name" }, retry);
    expectInvalid(refused, "invalid_request_state", /servers behind a load balancer need one shared requestStateKey/);
  });
});

describe("inputResponses", () => {
  test.each([
    [
      "an unknown action",
      { action: "maybe" },
      /^Invalid inputResponses\["user_name"\]: action is "maybe"; answer elicitation\/create with/,
    ],
    ["content breaking the form", accept({ name: 5 }), /^Invalid inputResponses\["user_name"\]: content\["name"\] is a number/],
    ["a sampling result", { role: "assistant", content: { type: "text", text: "x" }, model: "m" }, /action is missing/],
    ["a bare number", 12345, /^Invalid inputResponses\["user_name"\]: it is not a result object; send the client's result itself/],
    [
      "a { method, result } wrapper",
      { method: "elicitation/create", result: accept({ name: "Ada" }) },
      /not a \{ method, result \} wrapper/,
    ],
    ["content nested 100,000 deep", DEEP, /content\["name"\] is an array/],
  ])("a malformed answer (%s): -32602 naming it, and the handler never gets it", async (_label, answer, message) => {
    const handler = server();
    const { state } = await firstRound(handler);
    const responses = answer === DEEP ? { inputResponsesJson: DEEP } : { inputResponses: { user_name: answer } };
    const reply = await modernCall(handler, { action: "name" }, { requestState: state, ...responses });
    expectInvalid(reply, "invalid_input_response", message);
    expect(reply.error?.data).toMatchObject({ key: "user_name" });
    // The server keeps serving the call: a good answer to the same state completes it.
    const good = await modernCall(
      handler,
      { action: "name" },
      { requestState: state, inputResponses: { user_name: accept({ name: "Ada" }) } },
    );
    expect(answerOf(good)).toBe("Hello, Ada");
  });

  test("a reply to a question never asked is ignored: the handler's own question is answered, or asked again", async () => {
    const handler = server();
    const { state } = await firstRound(handler);
    const stray = { intruder: accept({ name: "Mallory" }), "elicit-0000000000000000": accept({ name: "Mallory" }) };
    const withOwn = await modernCall(
      handler,
      { action: "name" },
      { requestState: state, inputResponses: { ...stray, user_name: accept({ name: "Ada" }) } },
    );
    expect(answerOf(withOwn)).toBe("Hello, Ada");
    const alone = await modernCall(handler, { action: "name" }, { requestState: state, inputResponses: stray });
    expect(alone.result).toMatchObject({ resultType: "input_required", inputRequests: { user_name: { method: "elicitation/create" } } });
  });

  test.each([null, "answers", [accept({ name: "Ada" })]])(
    "inputResponses that are not a map (%j) carry no answer: the question is asked again",
    async (responses) => {
      const reply = await modernCall(server(), { action: "name" }, { inputResponses: responses });
      expect(reply.result).toMatchObject({ resultType: "input_required", inputRequests: { user_name: {} } });
    },
  );

  test("an answer from an earlier round cannot be replaced: the sealed one is used", async () => {
    const handler = server();
    const first = await modernCall(handler, { action: "twice" });
    const [nameKey] = Object.keys(first.result.inputRequests as object);
    const second = await modernCall(
      handler,
      { action: "twice" },
      { requestState: first.result.requestState, inputResponses: { [nameKey!]: accept({ name: "Ada" }) } },
    );
    const [colourKey] = Object.keys(second.result.inputRequests as object);
    expect(second.result.inputRequests[colourKey!].params.message).toBe("Your colour, Ada?");
    const third = await modernCall(
      handler,
      { action: "twice" },
      {
        requestState: second.result.requestState,
        inputResponses: { [nameKey!]: accept({ name: "Eve" }), [colourKey!]: accept({ color: "red" }) },
      },
    );
    expect(answerOf(third)).toBe("Ada likes red");
  });

  test("a handler whose question changes on every run ends after 16 rounds, with an error saying why", async () => {
    const handler = server();
    let reply = await modernCall(handler, { action: "restless" });
    for (let round = 1; reply.result?.resultType === "input_required"; round++) {
      expect(round).toBeLessThanOrEqual(16);
      const answers = Object.fromEntries(Object.keys(reply.result.inputRequests as object).map((key) => [key, accept({ ok: true })]));
      reply = await modernCall(handler, { action: "restless" }, { requestState: reply.result.requestState, inputResponses: answers });
    }
    expect(reply.error).toMatchObject({ code: -32603, message: expect.stringMatching(/asked new questions in each of 16 rounds/) });
  });
});

describe("client capabilities", () => {
  test("a question the client cannot answer, uncaught: -32021 (HTTP 400) naming the capability; the handler's own catch wins", async () => {
    const handler = server();
    const refused = await modernCall(handler, { action: "must" }, { capabilities: { elicitation: {} } });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
    expect(answerOf(await modernCall(handler, { action: "maybe" }, { capabilities: {} }))).toBe("asked nobody");
    // Elicitation declared for URL mode only does not cover a form.
    expect(answerOf(await modernCall(handler, { action: "maybe" }, { capabilities: { elicitation: { url: {} } } }))).toBe("asked nobody");
    const sampled = await modernCall(handler, { action: "together" }, { capabilities: { elicitation: {}, roots: {} } });
    expect(sampled.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
  });
});

test("a requestState.verify hook of the user's (for their prompts' state) leaves wymcp's tool calls alone", async () => {
  const verify = vi.fn(() => {
    throw new Error("not mine");
  });
  const handler = server({ serverOptions: { requestState: { verify } } });
  const { state } = await firstRound(handler);
  const reply = await modernCall(
    handler,
    { action: "name" },
    { requestState: state, inputResponses: { user_name: accept({ name: "Ada" }) } },
  );
  expect(answerOf(reply)).toBe("Hello, Ada");
  expect(verify).not.toHaveBeenCalled();
});

test("a requestStateKey shorter than 32 bytes is refused when the handler is made", () => {
  expect(() => createFetchHandler(askingRouter(), { requestStateKey: "short" })).toThrow(
    /^requestStateKey must be a string or Uint8Array of at least 32 bytes .*, not 5 bytes; generate one with crypto\.getRandomValues/,
  );
  expect(() => createFetchHandler(askingRouter(), { requestStateTtlSeconds: 0 })).toThrow(/^requestStateTtlSeconds must be a whole number/);
});
