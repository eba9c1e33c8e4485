/**
 * The codes an answer carries are closed unions a client can switch on
 * exhaustively: an offence's code is an `OffenceCode`, an error answer's
 * `error` one of the runtime's `AnswerCode`s, widened only by the codes a
 * tool's handlers throw in a `ToolError` when the reader names them.
 */
import { describe, expectTypeOf, test } from "vitest";
import type { AnswerCode, ErrorReport, OffenceCode, OffenceReport } from "../src/index.js";

describe("answer codes", () => {
  test("an offence report's code is an OffenceCode", () => {
    expectTypeOf<OffenceReport["code"]>().toEqualTypeOf<OffenceCode>();
  });

  test("an error report's error is an AnswerCode, and a handler's codes only when named", () => {
    expectTypeOf<ErrorReport["error"]>().toEqualTypeOf<AnswerCode>();
    expectTypeOf<ErrorReport<"not_found" | "conflict">["error"]>().toEqualTypeOf<AnswerCode | "not_found" | "conflict">();
    // @ts-expect-error -- a code no runtime answer carries, and no handler named
    const misspelt: ErrorReport["error"] = "unknown_toll";
    expectTypeOf(misspelt).toBeString();
  });

  test("a switch over AnswerCode can be exhaustive", () => {
    const label = (code: AnswerCode): string => {
      switch (code) {
        case "invalid_arguments":
        case "invalid_data":
        case "invalid_result":
          return "fix the call";
        case "unknown_tool":
        case "unknown_action":
          return "call help";
        case "malformed_action":
        case "malformed_tool":
        case "handler_error":
        case "internal_error":
          return "the server's fault";
      }
    };
    expectTypeOf(label).returns.toBeString();
  });
});
