/**
 * The check workers of one plugin instance (`check-worker.ts`): checks are
 * handed to them as the build finds modules to check, and their outcomes
 * awaited where the build reports them. A worker starts when a build that
 * will check many modules starts (no stored verdicts), so it loads the
 * parser and the validators while the bundler works; more start, up to the
 * pool's size, while checks wait. Each worker's young generation is kept
 * small: the garbage of a first build's checks is collected often instead of
 * growing the process's memory. Workers never keep the process alive, and
 * stop when the build that needed them ends.
 */
import { Worker } from "node:worker_threads";
import type { ProviderLintOptions } from "../../check/provider/lint.js";
import type { BundlerResolution } from "../verdicts/build-memo.js";
import type { ImportGraph } from "../resolution/bundler-resolvers.js";
import type { BuildMessage, CheckMessage, FromWorker, ToWorker } from "./check-messages.js";
import type { CheckOutcome } from "./check-run.js";
import { workerScript } from "../worker-script.js";
import { wymcpAliases } from "../../check/wymcp-aliases.js";
import { CHECK_YOUNG_GENERATION_MB } from "../../check/young-generation.js";

/** Checks handed to one worker at a time: enough that it never waits for the next, few enough to share them between workers. */
const IN_FLIGHT = 4;

interface Task {
  readonly message: CheckMessage;
  readonly resolution: BundlerResolution | undefined;
  readonly settle: (outcome: CheckOutcome) => void;
  readonly fail: (error: unknown) => void;
}

interface Running {
  readonly worker: Worker;
  readonly tasks: Map<number, Task>;
}

/**
 * Up to `size` check workers.
 *
 * @example
 * ```ts
 * const pool = new CheckPool(2);
 * pool.startBuild(true, undefined);
 * const outcome = await pool.check("/src/tools.ts", text, resolution, undefined);
 * pool.endBuild();
 * ```
 */
export class CheckPool {
  private readonly running: Running[] = [];
  private readonly queue: Task[] = [];
  private build: BuildMessage = { kind: "build", once: false, graph: undefined };
  private ids = 0;

  constructor(private readonly size: number) {}

  /** Starts the first worker now (it loads while the bundler works), if none runs. */
  warm(): void {
    if (this.running.length === 0) this.spawn();
  }

  /** A build starts (the workers' state follows it). */
  startBuild(once: boolean, graph: ImportGraph | undefined): void {
    // Plain data: a graph built on demand keeps what it found behind getters, which a message would not copy.
    const copied: ImportGraph | undefined =
      graph === undefined || "metafile" in graph ? graph : { modules: graph.modules, reaching: graph.reaching };
    this.build = { kind: "build", once, graph: copied };
    for (const { worker } of this.running) worker.postMessage(this.buildMessage());
  }

  /**
   * The build ended: the workers stop (a check still under way is one whose build failed before it: its outcome is not
   * read). Each is told to and ends by itself, never terminated: `terminate()` while a worker compiles code has crashed
   * V8 ("Check failed: jit_page.has_value()"); unreferenced, none keeps the process alive meanwhile.
   */
  endBuild(): void {
    for (const { worker, tasks } of this.running.splice(0)) {
      tasks.clear();
      worker.postMessage({ kind: "end" } satisfies ToWorker);
    }
    this.queue.length = 0;
  }

  /** The outcome of a module's check, run by a worker. */
  check(
    fileName: string,
    text: string,
    resolution: BundlerResolution | undefined,
    lint: ProviderLintOptions | undefined,
  ): Promise<CheckOutcome> {
    const message: CheckMessage = { kind: "check", id: this.ids++, fileName, text, remote: resolution !== undefined, lint };
    return new Promise((settle, fail) => {
      this.queue.push({ message, resolution, settle, fail });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (let task = this.queue.at(0); task !== undefined; task = this.queue.at(0)) {
      let free = this.running.find(({ tasks }) => tasks.size < IN_FLIGHT);
      // Another worker only once every one running has its hands full.
      if (free === undefined && this.running.length < this.size) free = this.spawn();
      if (free === undefined) return;
      this.queue.shift();
      free.tasks.set(task.message.id, task);
      free.worker.postMessage(task.message);
    }
  }

  /** The build's message with the aliases of wymcp recorded so far: a worker's module state is its own. */
  private buildMessage(): BuildMessage {
    return { ...this.build, aliases: wymcpAliases() };
  }

  private spawn(): Running {
    const worker = new Worker(workerScript(), { resourceLimits: { maxYoungGenerationSizeMb: CHECK_YOUNG_GENERATION_MB } });
    // Never what keeps a build's process alive: a build that ends (or fails) stops it, and so does the process's end.
    worker.unref();
    const running: Running = { worker, tasks: new Map() };
    worker.postMessage(this.buildMessage());
    worker.on("message", (message: FromWorker) => this.heard(running, message));
    const failAll = (error: unknown) => {
      const index = this.running.indexOf(running);
      if (index >= 0) this.running.splice(index, 1);
      for (const task of running.tasks.values()) task.fail(error);
      running.tasks.clear();
      this.dispatch();
    };
    worker.on("error", failAll);
    worker.on("exit", (code) => {
      if (running.tasks.size > 0) failAll(new Error(`wymcp: a check worker stopped (exit code ${code})`));
    });
    this.running.push(running);
    return running;
  }

  private heard(running: Running, message: FromWorker): void {
    const task = running.tasks.get(message.id);
    if (task === undefined) return;
    switch (message.kind) {
      case "resolve":
        void answer(task.resolution, message.specifier, message.importer).then((found) =>
          running.worker.postMessage({ kind: "resolved", request: message.request, answer: found } satisfies ToWorker),
        );
        return;
      case "done":
        running.tasks.delete(message.id);
        task.settle(message.outcome);
        break;
      case "failed":
        running.tasks.delete(message.id);
        task.fail(Object.assign(new Error(message.error.message), message.error));
        break;
    }
    this.dispatch();
  }
}

/** The bundler's answer to a worker's resolution, through the build's table (so an import is resolved once for all checks). */
async function answer(resolution: BundlerResolution | undefined, specifier: string, importer: string): Promise<string | undefined> {
  if (resolution === undefined) return undefined;
  try {
    const run = resolution.table.run(resolution.resolve);
    const found = run.lookup(specifier, importer);
    if (!run.missed()) return found;
    await run.settle();
    return resolution.table.run(resolution.resolve).lookup(specifier, importer);
  } catch {
    // A resolution that fails answers nothing: the value is then unknown, never a crashed build.
    return undefined;
  }
}
