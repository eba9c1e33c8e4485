/**
 * `wymcp/testing` — unit tests of a tool, with any test runner: `testTool`
 * registers it on a router of its own and calls its actions with data typed
 * from their schemas; every answer is read back as data (`ok`, the `value`,
 * or the refusal's `error` and `problems`), and a handler's exception comes
 * back with its answer instead of being printed. No MCP SDK needed.
 *
 * @example
 * ```ts
 * import { testTool } from "wymcp/testing";
 *
 * const tasks = testTool(tasksTool);
 * expect(await tasks.call("create", { name: "Buy milk" })).toMatchObject({ ok: true, value: { id: 1 } });
 * ```
 *
 * @module
 */
export { testTool, type CallData, type LogReport, type ToolTester } from "./test-tool.js";
export { readAnswer, type Answered, type CallResult, type Refused, type ThrownError } from "./read-answer.js";
