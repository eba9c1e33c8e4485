import { expect, test } from "vitest";
import { closest } from "../src/suggest.js";

const known = ["description", "properties", "required", "requiredOneOf", "defaults", "notes", "related", "examples"];

test.each([
  ["descripton", "description"],
  ["desc", undefined],
  ["propreties", "properties"],
  ["REQUIRED", "required"],
  ["required-one-of", "requiredOneOf"],
  ["requiredOneof", "requiredOneOf"],
  ["note", "notes"],
  ["relatd", "related"],
  ["handler", undefined],
  ["x", undefined],
  ["", undefined],
  ["a".repeat(500), undefined],
])("%s → %s", (word, guess) => {
  expect(closest(word, known)).toBe(guess);
});
