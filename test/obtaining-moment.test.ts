import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { findActionsCalls } from "./support/obtaining-scan.js";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("the obtaining moment", () => {
  test("every .actions() call in src/ and plugin/ sits in src/validation/obtaining.ts", () => {
    const calls = findActionsCalls(root, ["src", "plugin"]);
    const elsewhere = calls.filter((call) => call.file !== "src/validation/obtaining.ts");
    expect(elsewhere).toEqual([]);
    // The layer itself obtains in exactly one place.
    expect(calls.map((call) => call.file)).toEqual(["src/validation/obtaining.ts"]);
  });

  test("the scan finds a call sitting elsewhere, in every spelling", () => {
    const calls = findActionsCalls(root, ["test/fixtures/obtaining"]);
    expect(calls.map((call) => call.line)).toEqual([3, 4, 5, 6, 7]);
    expect(calls.every((call) => call.file === "test/fixtures/obtaining/sneaky.ts")).toBe(true);
  });
});
