/**
 * The argument shape of a call to a wymcp tool: `{ action, data? }` and
 * nothing else. Reading it is the gate's first step; its problems are
 * reported beside the action's schema once the action resolves.
 */
import type { Problem } from "./answer.js";
import { describeType, hasOwn, isPlainObject, ownKeys, read, isUnreadable } from "../util/inspect.js";
import { echo } from "../util/echo.js";

/** What the arguments carried, and what is wrong with their shape. */
export interface CallArguments {
  /** The action name, when `action` is a string. */
  readonly action: string | undefined;
  /** The data, `{}` when absent or not an object (a problem then says so). */
  readonly data: object;
  readonly problems: readonly Problem[];
}

const ARGUMENT_KEYS = new Set(["action", "data"]);

/**
 * Reads `{ action, data? }`; an absent `arguments` reads as `{}`. `direct`:
 * the caller sent the data itself as the arguments (a flat tool, or an
 * action listed under its own name) and the wrapper was made for it, so a
 * problem with the data is worded as one with the arguments.
 *
 * @example
 * ```ts
 * readArguments({ action: "create", name: "x" }).problems;
 * // [{ code: "unknown_argument", at: "arguments", key: "name", problem: … }]
 * ```
 */
export function readArguments(args: unknown, direct = false): CallArguments {
  if (args === undefined) args = {};
  if (!isPlainObject(args)) {
    return {
      action: undefined,
      data: {},
      problems: [
        { code: "wrong_type", at: "arguments", problem: `the arguments are ${describeType(args)}`, fix: "send { action, data }." },
      ],
    };
  }
  const problems: Problem[] = [];
  const keys = ownKeys(args);
  const names = isUnreadable(keys) ? [] : keys.strings;
  for (const key of names) {
    if (ARGUMENT_KEYS.has(key)) continue;
    problems.push({
      code: "unknown_argument",
      at: "arguments",
      key: echo(key),
      problem: `unknown argument ${JSON.stringify(echo(key))}: the arguments are { action, data }`,
      fix: "put the action's fields inside data.",
    });
  }
  const action = hasOwn(args, "action") ? read(args, "action") : undefined;
  if (action === undefined) {
    problems.push({
      code: "missing_action",
      at: "arguments",
      key: "action",
      problem: "missing the action name",
      fix: 'send { action: "<name>", data: { … } }.',
    });
  } else if (typeof action !== "string") {
    problems.push({
      code: "wrong_type",
      at: "arguments",
      key: "action",
      problem: `action is ${describeType(action)}`,
      fix: "write the action's name as a string.",
    });
  }
  const data = hasOwn(args, "data") ? read(args, "data") : undefined;
  if (data !== undefined && !isPlainObject(data)) {
    problems.push(
      direct
        ? {
            code: "wrong_type",
            at: "arguments",
            problem: `the arguments are ${describeType(data)}`,
            fix: "send an object of the action's fields.",
          }
        : {
            code: "wrong_type",
            at: "arguments",
            key: "data",
            problem: `data is ${describeType(data)}`,
            fix: "write an object of the action's fields.",
          },
    );
  }
  return { action: typeof action === "string" ? action : undefined, data: isPlainObject(data) ? data : {}, problems };
}
