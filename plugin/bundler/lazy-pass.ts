/**
 * The part of the plugin a build needs only once it looks at modules — the
 * checker with its verdict cache, the passes over each bundler's module
 * list, the error formatting — loaded on the side as soon as the plugin is
 * created. Creating the plugin then costs a few small modules, and the rest
 * loads while the bundler starts its own work (for the native bundlers, on
 * other threads), instead of before it.
 */
import type * as BuildPassModule from "./build-pass.js";
import type { ModuleChecker, TargetLintOptions } from "./checks/module-checker.js";

/** The loaded part: its functions, and this plugin instance's checker. */
export interface BuildPass {
  readonly checker: ModuleChecker;
  readonly run: typeof BuildPassModule;
}

/**
 * The build pass of one plugin instance, loading.
 *
 * @example
 * ```ts
 * const pass = new LazyPass(cacheFile);
 * const { checker } = await pass.ready();
 * ```
 */
export class LazyPass {
  private loaded: BuildPass | undefined;
  private readonly loading: Promise<BuildPass>;

  /**
   * `cacheFile`: where verdicts are kept between builds; `undefined`: nowhere.
   * `lint`: the provider lint, when the plugin was given `targets`.
   */
  constructor(cacheFile: string | undefined, lint?: TargetLintOptions) {
    this.loading = import("./build-pass.js").then((run) => (this.loaded = { checker: new run.ModuleChecker(cacheFile, lint), run }));
    // Whoever needs the pass awaits it and sees a failure there; nobody else should hear of it.
    this.loading.catch(() => undefined);
  }

  /** The pass, once it has loaded. */
  ready(): Promise<BuildPass> {
    return this.loading;
  }

  /** The pass if it has loaded, else the promise of it: hooks stay synchronous once it is there. */
  now(): BuildPass | Promise<BuildPass> {
    return this.loaded ?? this.loading;
  }

  /**
   * A build starts: let the checker get ready (it may start loading the evaluator), without holding the bundler up.
   * `looksAhead`: the build looks at its stored verdicts as it starts (`ModuleChecker.prepare`).
   */
  prepare(looksAhead = false): void {
    this.loading.then(
      ({ checker }) => checker.prepare(looksAhead),
      () => undefined,
    );
  }
}
