/**
 * Which of a handler's questions the client can answer, read from the
 * capabilities it declared (at `initialize` on the 2025 era, in each
 * request's `_meta` on 2026-07-28). A question it cannot answer is refused
 * at once with a `client_unsupported` ToolError the handler may catch; the
 * missing capability is named as the spec's -32021 error names it
 * (`{ sampling: {} }`), for a call that lets the refusal escape.
 */
import { ToolError } from "../contract/tool-error.js";
import { isPlainObject } from "../util/inspect.js";
import type { QuestionMethod } from "./input-answers.js";

const NAMES: Record<QuestionMethod, string> = {
  "elicitation/create": "elicitation",
  "sampling/createMessage": "sampling",
  "roots/list": "roots",
};

/**
 * The capability a question needs that `declared` lacks, in the shape of
 * `ClientCapabilities`; `undefined` when the client declared it. A bare
 * `elicitation: {}` declares form elicitation (its 2025 meaning); one that
 * names modes must name `form`.
 *
 * @example
 * ```ts
 * missingCapability("sampling/createMessage", { elicitation: {} }); // { sampling: {} }
 * missingCapability("elicitation/create", { elicitation: {} });     // undefined
 * ```
 */
export function missingCapability(method: QuestionMethod, declared: unknown): Record<string, unknown> | undefined {
  const capabilities = isPlainObject(declared) ? declared : {};
  switch (method) {
    case "elicitation/create": {
      const elicitation = capabilities.elicitation;
      const form = isPlainObject(elicitation) && (elicitation.form !== undefined || elicitation.url === undefined);
      return form ? undefined : { elicitation: { form: {} } };
    }
    case "sampling/createMessage":
      return isPlainObject(capabilities.sampling) ? undefined : { sampling: {} };
    case "roots/list":
      return isPlainObject(capabilities.roots) ? undefined : { roots: {} };
  }
}

/**
 * The refusal a handler gets for a question the client cannot answer.
 *
 * @example
 * ```ts
 * unsupported("roots/list").message; // "the client did not declare the roots capability"
 * ```
 */
export function unsupported(method: QuestionMethod): ToolError {
  const name = NAMES[method];
  return new ToolError("client_unsupported", `the client did not declare the ${name} capability`, {
    hint: `use a client that supports ${name}, or do without it`,
  });
}
