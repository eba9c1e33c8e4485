import { defineConfig } from "vitest/config";

/**
 * Tests that build, spawn or load: real bundler builds, `tspc` and tsserver
 * subprocesses, the CLI, packing, load and other runtimes. `npm run
 * test:fast` leaves them out for the edit loop; `npm test` runs everything.
 */
const SLOW = [
  "test/build-*.test.ts",
  "test/bundler-*.test.ts",
  "test/cli-*.test.ts",
  "test/clients-*.test.ts",
  "test/conformance*.test.ts",
  "test/deploy-*.test.ts",
  "test/docs-*.test.ts",
  "test/eslint-*.test.ts",
  "test/examples.test.ts",
  "test/fetch-bundle.test.ts",
  // They build a project with a bundler and read the built package: the fast tier needs no `npm run build`.
  "test/listing-providers.test.ts",
  "test/load-*.test.ts",
  "test/mcp-stdio.test.ts",
  "test/package-*.test.ts",
  "test/plugin-bundlers.test.ts",
  "test/provider-lint.test.ts",
  "test/quiet-*.test.ts",
  "test/readme-*.test.ts",
  "test/redis-*.test.ts",
  "test/runtime-*.test.ts",
  "test/scale-out.test.ts",
  "test/tsc-*.test.ts",
  "test/tsserver-*.test.ts",
  "test/typescript-*.test.ts",
];

const shared = {
  exclude: ["**/node_modules/**", "test/fixtures/**", "test/.tmp/**"],
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: "forks" as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "fast",
          include: ["test/**/*.test.ts"],
          exclude: [...shared.exclude, ...SLOW],
        },
      },
      // The type tests (`test/*.test-d.ts`) are compile-time assertions: `npm run typecheck` (tsc over tsconfig.json)
      // fails on any of them, as does TypeScript 7's tsc in test/typescript-7-type-tests.test.ts and 6.0's in the matrix.
      // Vitest's own typecheck would run them again and print its experimental-feature notice on every run.
      { test: { ...shared, name: "slow", include: SLOW } },
    ],
  },
});
