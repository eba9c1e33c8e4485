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
          typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
        },
      },
      // Type tests belong to the fast tier alone: typecheck is enabled there and nowhere else (no `--typecheck` flag,
      // which would enable it in every project, each printing vitest's experimental-feature notice).
      { test: { ...shared, name: "slow", include: SLOW } },
    ],
  },
});
