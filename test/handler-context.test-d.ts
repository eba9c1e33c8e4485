/** The handler context's types: what a handler may call, with what. */
import { expectTypeOf, test } from "vitest";
import {
  defineTool,
  type ElicitationResult,
  type HandlerContext,
  type LogLevel,
  type ProgressReporter,
  type SamplingResult,
} from "../src/index.js";

test("the context's parts", () => {
  expectTypeOf<HandlerContext["log"]["info"]>().toEqualTypeOf<(data: unknown, logger?: string) => Promise<void>>();
  expectTypeOf<keyof HandlerContext["log"]>().toEqualTypeOf<LogLevel>();
  expectTypeOf<HandlerContext["progress"]>().toEqualTypeOf<ProgressReporter | undefined>();
  expectTypeOf<ReturnType<HandlerContext["sample"]>>().toEqualTypeOf<Promise<SamplingResult>>();
  expectTypeOf<ReturnType<HandlerContext["elicit"]>>().toEqualTypeOf<Promise<ElicitationResult>>();
});

test("a handler reads the context with its data", () => {
  defineTool({
    name: "t",
    description: "T",
    actions: { a: { description: "A", properties: { n: { type: "number" } } } },
    handlers: {
      async a(data, { log, progress, sample }) {
        expectTypeOf(data.n).toEqualTypeOf<number | undefined>();
        await log.debug("x");
        await progress?.(1);
        // @ts-expect-error a sampling request needs maxTokens
        await sample({ messages: [] });
        return null;
      },
    },
  });
});
