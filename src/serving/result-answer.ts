/**
 * A handler's result as the answer a client receives: JSON text, and the
 * `structuredContent` a declared `outputSchema` promises — checked against
 * that schema before it is sent.
 */
import type { Problem, ToolAnswer } from "./answer.js";
import { resultProblems } from "../validation/output-check.js";
import { problemReport } from "./report.js";
import { isMadeContent, type ContentBlock } from "../contract/content.js";

type Fail = (problem: string, problems?: readonly Problem[], cause?: unknown) => ToolAnswer;

/**
 * A handler's result as MCP content: a block or `content(...)` made by the
 * content helpers is sent as it is; any other value as JSON text, plus
 * `structuredContent` when the tool declares an `outputSchema` (MCP requires
 * an object there, conforming to the schema). A result JSON cannot spell, or
 * one the output schema refuses, is answered through `fail` instead of being
 * sent.
 */
export function resultAnswer(result: unknown, outputSchema: object | undefined, fail: Fail): ToolAnswer {
  if (isMadeContent(result)) return contentAnswer(result, outputSchema, fail);
  let text: string | undefined;
  try {
    text = JSON.stringify(result === undefined ? null : result);
  } catch (error) {
    // What a toJSON or getter threw stays on the server (the cause goes to the log): it may quote anything.
    return fail("the handler's result cannot be written as JSON", undefined, error);
  }
  // JSON.stringify answers undefined for a function or a symbol (or a toJSON returning one).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
  if (text === undefined) return fail("the handler's result cannot be written as JSON");
  if (outputSchema === undefined) return { content: [{ type: "text", text }] };
  if (typeof result !== "object" || result === null || Array.isArray(result)) {
    return fail("the tool declares an outputSchema, so its handlers must return an object");
  }
  // The JSON round trip makes structuredContent the very value the text shows, and the value checked.
  const structuredContent = JSON.parse(text) as Record<string, unknown>;
  return checked([{ type: "text", text }], structuredContent, outputSchema, fail);
}

/** A helper-made result: its blocks as they are, its `structuredContent` checked like a plain result. */
function contentAnswer(
  result: ContentBlock | { readonly content: readonly ContentBlock[]; readonly structuredContent?: object },
  outputSchema: object | undefined,
  fail: Fail,
): ToolAnswer {
  const blocks = "content" in result ? [...result.content] : [result];
  const given = "content" in result ? result.structuredContent : undefined;
  if (given === undefined) {
    if (outputSchema === undefined) return { content: blocks };
    return fail("the tool declares an outputSchema, so a content result must carry it: return content(blocks, { structuredContent })");
  }
  let structuredContent: Record<string, unknown>;
  try {
    structuredContent = JSON.parse(JSON.stringify(given)) as Record<string, unknown>;
  } catch (error) {
    return fail("the handler's structuredContent cannot be written as JSON", undefined, error);
  }
  if (outputSchema === undefined) return { content: blocks, structuredContent };
  return checked(blocks, structuredContent, outputSchema, fail);
}

function checked(blocks: ContentBlock[], structuredContent: Record<string, unknown>, outputSchema: object, fail: Fail): ToolAnswer {
  const problems = resultProblems(outputSchema, structuredContent);
  if (problems.length > 0) {
    return fail(
      `the handler's result does not match the tool's outputSchema (${problems.length} ${problems.length === 1 ? "problem" : "problems"})`,
      problems.map((problem) => problemReport(problem, "structuredContent")),
    );
  }
  return { content: blocks, structuredContent };
}
