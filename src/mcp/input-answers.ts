/**
 * A client's answer to one question of a multi-round-trip call, checked
 * before the handler sees it: an elicitation result whose accepted content
 * fits the form asked for, a sampling result, a roots listing. Answers are
 * the client's input, so nothing reaches a handler in a shape its types do
 * not promise; what is wrong is said as data (a problem and its fix).
 */
import { compileSchema } from "../validation/json-schema/validator.js";
import { wordFailure } from "../validation/json-schema/value-wording.js";
import { deepCopy } from "../util/deep-copy.js";
import { describeType, isArray, isPlainObject } from "../util/inspect.js";

/** The questions a handler can ask, by their MCP method. */
export type QuestionMethod = "elicitation/create" | "sampling/createMessage" | "roots/list";

/** A question as it travels in `inputRequests`. */
export interface Question {
  readonly method: QuestionMethod;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A checked answer (a copy the handler may keep), or what is wrong with it. */
export type CheckedAnswer = { readonly answer: unknown } | { readonly problem: string; readonly fix: string };

const ACTIONS = new Set(["accept", "decline", "cancel"]);
const ROLES = new Set(["user", "assistant"]);

/**
 * Checks `reply` as the answer to `question`.
 *
 * @example
 * ```ts
 * checkAnswer({ method: "roots/list" }, { roots: [{ uri: "file:///src" }] }); // { answer: { roots: [{ uri: "file:///src" }] } }
 * checkAnswer({ method: "roots/list" }, { roots: "all" }); // { problem: "roots is a string, not an array", fix: … }
 * ```
 */
export function checkAnswer(question: Question, reply: unknown): CheckedAnswer {
  if (!isPlainObject(reply)) return wrong(`it is ${describeType(reply)}`, question);
  const problem = question.method === "elicitation/create" ? elicitationProblem(question, reply) : shapeProblem(question.method, reply);
  return problem ?? { answer: deepCopy(reply) };
}

function elicitationProblem(question: Question, reply: Record<string, unknown>): { problem: string; fix: string } | undefined {
  const { action, content } = reply;
  if (typeof action !== "string" || !ACTIONS.has(action)) return wrong(`action is ${shown(action)}`, question);
  if (action !== "accept") return undefined;
  // An accepted form without content is an empty one: the requestedSchema says whether that is enough.
  const given = content ?? {};
  if (!isPlainObject(given)) return wrong(`content is ${describeType(content)}`, question);
  for (const [name, value] of Object.entries(given)) {
    const fits =
      ["string", "number", "boolean"].includes(typeof value) || (isArray(value) && value.every((item) => typeof item === "string"));
    if (!fits) return wrong(`content[${JSON.stringify(name)}] is ${describeType(value)}`, question);
  }
  const schema = question.params?.requestedSchema;
  let failure;
  try {
    failure = compileSchema(schema).failures(given, 1).named[0];
  } catch {
    // A form the validator cannot compile is the author's to fix; the answer's own shape was checked above.
    return undefined;
  }
  if (failure === undefined) return undefined;
  const at = failure.path.map((segment) => `[${JSON.stringify(segment)}]`).join("");
  const { problem, fix } = wordFailure(failure);
  return { problem: `content${at} ${problem}`, fix: `answer the form as its requestedSchema asks: ${fix}` };
}

function shapeProblem(method: QuestionMethod, reply: Record<string, unknown>): { problem: string; fix: string } | undefined {
  if (method === "roots/list") {
    const { roots } = reply;
    if (!isArray(roots)) return wrong(`roots is ${describeType(roots)}`, { method });
    const bad = roots.findIndex((root) => !isPlainObject(root) || typeof root.uri !== "string");
    return bad === -1 ? undefined : wrong(`roots[${bad}] is not { uri: string, name?: string }`, { method });
  }
  const { role, model, content } = reply;
  if (typeof role !== "string" || !ROLES.has(role)) return wrong(`role is ${shown(role)}`, { method });
  if (typeof model !== "string") return wrong(`model is ${describeType(model)}`, { method });
  const blocks = isArray(content) ? content : [content];
  const bad = blocks.findIndex((block) => !isPlainObject(block) || typeof block.type !== "string");
  return bad === -1 ? undefined : wrong(`content${isArray(content) ? `[${bad}]` : ""} is not a content block { type, … }`, { method });
}

const EXPECTED: Record<QuestionMethod, string> = {
  "elicitation/create": 'an elicitation result { action: "accept" | "decline" | "cancel", content? }',
  "sampling/createMessage": "a sampling result { role, content, model }",
  "roots/list": "a roots result { roots: [{ uri, name? }] }",
};

function wrong(problem: string, question: Question): { problem: string; fix: string } {
  return { problem, fix: `answer ${question.method} with ${EXPECTED[question.method]}.` };
}

/** A field's value as a reader sees it: JSON, or "missing". */
function shown(value: unknown): string {
  return value === undefined ? "missing" : JSON.stringify(value);
}
