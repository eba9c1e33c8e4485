/**
 * The young generation (MB) of the threads that run checks: the bundler
 * plugins' check workers and the `wymcp` binary's command. A check's garbage
 * is short-lived; V8's default young generation grows to tens of megabytes
 * under it, where 4 MB collects it as often with ~25 % less peak memory
 * (BENCHMARKS §10).
 *
 * @example
 * ```ts
 * new Worker(url, { resourceLimits: { maxYoungGenerationSizeMb: CHECK_YOUNG_GENERATION_MB } });
 * ```
 */
export const CHECK_YOUNG_GENERATION_MB = 4;
