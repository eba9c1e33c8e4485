/**
 * The handler context's types: what a handler may call, with what. One
 * shape on every protocol era and transport — the 2025 handshake, a
 * 2026-07-28 multi-round-trip request, the router called directly — pinned
 * whole, so an era-specific member cannot creep in.
 */
import { expectTypeOf, test } from "vitest";
import {
  defineTool,
  type AskOptions,
  type ClientLog,
  type ClientRoot,
  type ElicitationRequest,
  type ElicitationResult,
  type HandlerContext,
  type LogLevel,
  type ProgressReporter,
  type RootsResult,
  type SamplingRequest,
  type SamplingResult,
  type TraceContext,
} from "../src/index.js";

test("the whole context, member by member", () => {
  expectTypeOf<HandlerContext>().toEqualTypeOf<{
    readonly tool: string;
    readonly action: string;
    readonly signal: AbortSignal;
    readonly request?: unknown;
    readonly log: ClientLog;
    readonly progress?: ProgressReporter;
    readonly trace?: TraceContext;
    readonly sample: (request: SamplingRequest, options?: AskOptions) => Promise<SamplingResult>;
    readonly elicit: (request: ElicitationRequest, options?: AskOptions) => Promise<ElicitationResult>;
    readonly listRoots: (options?: AskOptions) => Promise<RootsResult>;
  }>();
  expectTypeOf<AskOptions>().toEqualTypeOf<{ readonly key?: string }>();
  expectTypeOf<RootsResult["roots"]>().toEqualTypeOf<readonly ClientRoot[]>();
});

test("the context's parts", () => {
  expectTypeOf<HandlerContext["log"]["info"]>().toEqualTypeOf<(data: unknown, logger?: string) => Promise<void>>();
  expectTypeOf<keyof HandlerContext["log"]>().toEqualTypeOf<LogLevel>();
  expectTypeOf<HandlerContext["progress"]>().toEqualTypeOf<ProgressReporter | undefined>();
  expectTypeOf<ReturnType<HandlerContext["sample"]>>().toEqualTypeOf<Promise<SamplingResult>>();
  expectTypeOf<ReturnType<HandlerContext["elicit"]>>().toEqualTypeOf<Promise<ElicitationResult>>();
  expectTypeOf<ReturnType<HandlerContext["listRoots"]>>().toEqualTypeOf<Promise<RootsResult>>();
  expectTypeOf<TraceContext>().toEqualTypeOf<{
    readonly traceparent: string;
    readonly traceId: string;
    readonly parentId: string;
    readonly sampled: boolean;
    readonly tracestate?: string;
    readonly baggage?: string;
  }>();
});

test("a handler reads the context with its data, and asks the same way on both eras", () => {
  defineTool({
    name: "t",
    description: "T",
    actions: { a: { description: "A", properties: { n: { type: "number" } } } },
    handlers: {
      async a(data, { log, progress, sample, elicit, listRoots, trace }) {
        expectTypeOf(trace?.traceId).toEqualTypeOf<string | undefined>();
        expectTypeOf(data.n).toEqualTypeOf<number | undefined>();
        await log.debug("x");
        await progress?.(1);
        // @ts-expect-error a sampling request needs maxTokens
        await sample({ messages: [] });
        const answer = await elicit(
          { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } },
          { key: "user_name" },
        );
        expectTypeOf(answer.action).toEqualTypeOf<"accept" | "decline" | "cancel">();
        // @ts-expect-error a question's key is a string
        await listRoots({ key: 1 });
        // @ts-expect-error a question takes no option but its key
        await listRoots({ id: "roots" });
        const { roots } = await listRoots();
        expectTypeOf(roots[0]!.uri).toEqualTypeOf<string>();
        return null;
      },
    },
  });
});
