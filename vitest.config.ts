import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "test/fixtures/**", "test/.tmp/**"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    typecheck: {
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});
