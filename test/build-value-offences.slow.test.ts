/**
 * What the gate now interprets fails the build too: a property schema the
 * 2020-12 meta-schema refuses, a nested `required` the closure refuses, a
 * default or an example the gate would refuse — located at file:line:col by
 * esbuild, Vite, `wymcp check` and `tspc`, with the same words.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { build, offenceLines, repo } from "./plugin-builds.js";

const FILE = "test/fixtures/plugin/values/src/tools.ts";

/** Every offence of the values fixture in source order: line and column (from 1) of the keyword, value or entry named. */
const VALUE_OFFENCES = [
  [
    11,
    22,
    'actions["place"].properties["sku"]: "type" is "strng", not a JSON Schema type. Fix: did you mean "string"? Otherwise write one of "array", "boolean", "integer", "null", "number", "object", "string", or an array of them.',
  ],
  [12, 47, 'actions["place"].properties["quantity"]: "minimum" is "1"; expected number. Fix: write a number.'],
  [
    13,
    42,
    'actions["place"].properties["code"]: "pattern" is "([A-Z]", not a valid regular expression (ECMAScript, with the u flag). Fix: write a regular expression JavaScript accepts with the u flag, such as "^[a-z]+$".',
  ],
  [
    14,
    86,
    'actions["place"].properties["ship"]["required"]: "town" is required, but this place refuses every key its properties do not declare. Fix: declare "town" in this schema\'s properties, or remove it from required.',
  ],
  [21, 28, 'actions["track"].defaults: "carrier" is "fedex", not one of the allowed values. Fix: write one of "ups", "dhl".'],
  [22, 24, 'actions["track"].examples[0]: "id" is a string ("42"), not an integer. Fix: write an integer.'],
  [22, 32, 'actions["track"].examples[1]: missing required key "id". Fix: add "id".'],
] as const;

const asBundlerLines = VALUE_OFFENCES.map(([line, column, text]) => `${FILE}:${line}:${column}  ${text}`);

describe.each(["esbuild", "vite"] as const)("%s", (bundler) => {
  test("fails the build naming every value-level offence at its line and column", async () => {
    const result = await build(bundler, "values");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const ours = result.messages.find((message) => message.includes("action-schema offences"))!;
    expect(ours).toContain(`wymcp: 7 action-schema offences in ${FILE}`);
    expect(offenceLines(ours)).toEqual(asBundlerLines);
  });
});

test("wymcp check lists them and exits 1", () => {
  const run = spawnSync(process.execPath, [join(repo, "dist/plugin/cli/main.js"), "check", "test/fixtures/plugin/values/src"], {
    cwd: repo,
    encoding: "utf8",
  });
  expect(run.status).toBe(1);
  expect(offenceLines(run.stdout)).toEqual(asBundlerLines);
});

describe("tspc", () => {
  const scratch = mkdtempSync(join(tmpdir(), "wymcp-values-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test("reports each as a diagnostic at its position (columns from 1), beside TypeScript's own error for the bad type name", () => {
    // The plugin fixture's sources with the tsc fixture's tsconfig (the transformer and the language-service plugin).
    const dir = join(scratch, "values");
    cpSync(join(repo, "test/fixtures/plugin/values/src"), join(dir, "src"), { recursive: true });
    cpSync(join(repo, "test/fixtures/tsc/malformed/tsconfig.json"), join(dir, "tsconfig.json"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "wymcp-tsc-values", private: true, type: "module" }));
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(repo, join(dir, "node_modules/wymcp"), "dir");
    const run = spawnSync(process.execPath, [join(repo, "node_modules/.bin/tspc"), "-p", "."], { cwd: dir, encoding: "utf8" });
    expect(run.status).toBe(2);
    const lines = run.stdout.split("\n").filter((line) => line.includes("error TS990001:"));
    const expected = [...VALUE_OFFENCES]
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map(([line, column, text]) => `src/tools.ts(${line},${column}): error TS990001: ${text} (tool "orders")`);
    expect(lines).toEqual(expected);
    // TypeScript itself refuses the misspelt type name: PropertySchema's `type` is a union of the JSON type names.
    expect(run.stdout).toContain("src/tools.ts(11,16): error TS2820:");
  });
});
