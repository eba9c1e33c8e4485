/**
 * A check worker: a thread that checks modules for the bundler plugin
 * (`check-pool.ts` starts it), so the bundler's own thread is not held up
 * by parsing, evaluating and validating, and the garbage of a first build's
 * checks is made in a heap of its own. A check runs here exactly as in the
 * build's thread (`check-run.ts`); the bundler's resolver stays in the
 * build's thread, and is asked through it — except for an import graph the
 * bundler hands over before its checks (esbuild's metafile), which answers
 * here.
 */
import { parentPort } from "node:worker_threads";
import * as checks from "../../check/check.js";
import type { ProviderLintOptions } from "../../check/provider/lint.js";
import { loadParser } from "../../evaluator/parser.js";
import { clearResolverCache } from "../../evaluator/resolver.js";
import { addWymcpAliases } from "../../check/wymcp-aliases.js";
import type { BundlerResolution } from "../verdicts/build-memo.js";
import { metafileResolver } from "../resolution/bundler-resolvers.js";
import type { BuildMessage, CheckMessage, FromWorker, ToWorker } from "./check-messages.js";
import { outcomeOf, runCheck } from "./check-run.js";
import { ResolutionTable, type BundlerResolve } from "../resolution/pre-resolution.js";
import { graphWymcpFree, type WymcpFree } from "../resolution/wymcp-free.js";

/** The build under way: its table of the bundler's answers (shared by its checks when it runs once) and its import graph. */
interface Build {
  readonly table: ResolutionTable | undefined;
  readonly graphResolve: BundlerResolve | undefined;
  readonly wymcpFree: WymcpFree | undefined;
}

const port = parentPort;
if (port === null) throw new Error("wymcp: the check worker runs in a worker thread");
const post = (message: FromWorker) => port.postMessage(message);

// The parser loads now, while the bundler works; a parser that cannot load is said by the first check, which tries again.
try {
  loadParser();
} catch {
  // See above.
}

let build: Build = { table: undefined, graphResolve: undefined, wymcpFree: undefined };
const waiting = new Map<number, (answer: string | undefined) => void>();
let requests = 0;
let lintModule: Promise<typeof import("../../check/provider/check.js")> | undefined;

port.on("message", (message: ToWorker) => {
  switch (message.kind) {
    case "build":
      build = started(message);
      return;
    case "check":
      void check(message);
      return;
    case "resolved":
      waiting.get(message.request)?.(message.answer);
      waiting.delete(message.request);
      return;
    case "end":
      // The thread ends by itself when nothing is left to do: a terminate() in the middle of compiling code has crashed V8.
      port.close();
      return;
  }
});

function started({ once, graph, aliases }: BuildMessage): Build {
  // Files may have been added or removed since the last build: resolve afresh.
  clearResolverCache();
  if (aliases !== undefined) addWymcpAliases(aliases.finds, aliases.files);
  return {
    table: once ? new ResolutionTable() : undefined,
    graphResolve: graph === undefined || !("metafile" in graph) ? undefined : metafileResolver(graph.metafile, graph.cwd),
    wymcpFree: graph === undefined ? undefined : graphWymcpFree(graph),
  };
}

async function check({ id, fileName, text, remote, lint }: CheckMessage): Promise<void> {
  const resolve = build.graphResolve ?? (remote ? askBundler(id) : undefined);
  const resolution: BundlerResolution | undefined =
    resolve === undefined ? undefined : { table: build.table ?? new ResolutionTable(), resolve };
  try {
    const run = await runCheck(checks, fileName, text, resolution, build.wymcpFree);
    post({ kind: "done", id, outcome: outcomeOf(run, lint === undefined ? undefined : await linting(lint)) });
  } catch (error) {
    const { name, message, stack, packageName } = (error ?? {}) as {
      name?: unknown;
      message?: unknown;
      stack?: unknown;
      packageName?: unknown;
    };
    post({
      kind: "failed",
      id,
      error: {
        name: typeof name === "string" ? name : "Error",
        message: typeof message === "string" ? message : String(error),
        ...(typeof stack === "string" ? { stack } : {}),
        ...(typeof packageName === "string" ? { packageName } : {}),
      },
    });
  }
}

/** The bundler's resolver of a check, asked through the build's thread. */
function askBundler(id: number): BundlerResolve {
  return (specifier, importer) =>
    new Promise((answer) => {
      const request = requests++;
      waiting.set(request, answer);
      post({ kind: "resolve", request, id, specifier, importer });
    });
}

async function linting(options: ProviderLintOptions) {
  lintModule ??= import("../../check/provider/check.js");
  return { lintFile: (await lintModule).lintFile, options };
}
