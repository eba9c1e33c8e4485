import { describe, expect, test } from "vitest";
import { stringHash, textHash } from "../plugin/bundler/string-hash.js";

const SOURCE = `import { defineTool } from "wymcp";\nexport const t = defineTool({ name: "notes", actions: { add: { properties: { name: { type: "string" } }, required: ["name"] } } });\n`;

describe("a module's text hash, compared once its times have changed", () => {
  // A stored verdict's hash is compared in a later process: the hash has no seed of its own, so these never change.
  test("the same text hashes the same in every process: its length, then a base-36 hash", () => {
    expect(textHash(SOURCE)).toBe("168:1lesznmpobq");
    expect(textHash("")).toBe("0:wvjl67o803");
    expect(textHash(SOURCE.slice())).toBe(textHash(SOURCE));
  });

  test.each([
    ["one character changed", SOURCE.replace('"name"]', '"nmae"]')],
    ["two characters swapped", SOURCE.replace('"string"', '"stirng"')],
    ["a trailing newline", `${SOURCE}\n`],
    ["a character outside the Basic Multilingual Plane", SOURCE.replace("notes", "not🙂")],
    ["a lone surrogate", SOURCE.replace("notes", "note\uD83D")],
    ["case only", SOURCE.replace("notes", "Notes")],
  ])("an edit of the same module is told apart: %s", (_edit, edited) => {
    expect(textHash(edited)).not.toBe(textHash(SOURCE));
  });

  test("100,000 near-identical texts (one number apart) hash apart", () => {
    const hashes = new Set<string>();
    for (let index = 0; index < 100_000; index++) hashes.add(stringHash(`export const limit = ${index};`));
    expect(hashes.size).toBe(100_000);
  });
});
