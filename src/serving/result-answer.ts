/**
 * A handler's result as the answer a client receives: JSON text, and the
 * `structuredContent` a declared `outputSchema` promises — checked against
 * that schema before it is sent.
 */
import type { Problem, ToolAnswer } from "./answer.js";
import { resultProblems } from "../validation/output-check.js";
import { problemReport } from "./report.js";

/**
 * A handler's result as MCP content: JSON text, plus `structuredContent`
 * when the tool declares an `outputSchema` (MCP requires an object there,
 * conforming to the schema). A result JSON cannot spell, or one the output
 * schema refuses, is answered through `fail` instead of being sent.
 */
export function resultAnswer(result: unknown, outputSchema: object | undefined, fail: (problem: string, problems?: readonly Problem[], cause?: unknown) => ToolAnswer): ToolAnswer {
  let text: string | undefined;
  try {
    text = JSON.stringify(result === undefined ? null : result);
  } catch (error) {
    // What a toJSON or getter threw stays on the server (the cause goes to the log): it may quote anything.
    return fail("the handler's result cannot be written as JSON", undefined, error);
  }
  if (text === undefined) return fail("the handler's result cannot be written as JSON");
  if (outputSchema === undefined) return { content: [{ type: "text", text }] };
  if (typeof result !== "object" || result === null || Array.isArray(result)) {
    return fail("the tool declares an outputSchema, so its handlers must return an object");
  }
  // The JSON round trip makes structuredContent the very value the text shows, and the value checked.
  const structuredContent = JSON.parse(text) as { [key: string]: unknown };
  const problems = resultProblems(outputSchema, structuredContent);
  if (problems.length > 0) {
    return fail(`the handler's result does not match the tool's outputSchema (${problems.length} ${problems.length === 1 ? "problem" : "problems"})`, problems.map((problem) => problemReport(problem, "structuredContent")));
  }
  return { content: [{ type: "text", text }], structuredContent };
}
