import { defineConfig } from "vitest/config";

/**
 * The slow tier: every test that builds, spawns or loads — real bundler
 * builds, `tspc` and tsserver subprocesses, the CLI, packing, load and other
 * runtimes — is named `*.slow.test.ts`. The fast tier is every other
 * `*.test.ts`, and needs no `npm run build`. `npm run test:fast` runs the fast
 * tier for the edit loop; `npm test` runs both.
 */
const SLOW = "test/**/*.slow.test.ts";

const shared = {
  exclude: ["**/node_modules/**", "test/fixtures/**", "test/.tmp/**"],
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: "forks" as const,
};

export default defineConfig({
  test: {
    // A test process that ends before its file's tests do is named, with the first test that never reported.
    reporters: ["default", "./test/support/unfinished-files-reporter.ts"],
    projects: [
      {
        test: {
          ...shared,
          name: "fast",
          include: ["test/**/*.test.ts"],
          exclude: [...shared.exclude, SLOW],
        },
      },
      // The type tests (`test/*.test-d.ts`) are compile-time assertions: `npm run typecheck` (tsc over tsconfig.json)
      // fails on any of them, as does TypeScript 7's tsc in test/typescript-7-type-tests.slow.test.ts and 6.0's in the matrix.
      // Vitest's own typecheck would run them again and print its experimental-feature notice on every run.
      { test: { ...shared, name: "slow", include: [SLOW] } },
    ],
  },
});
