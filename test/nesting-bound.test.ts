/**
 * The cheap bound in front of the nesting scanner never changes its answer:
 * for sources built to sit exactly at the bound (each unit repeated as often
 * as the bound lets through, and once more), `tooDeep` answers what the
 * scanner alone answers — so a source the bound lets through could never
 * have been refused.
 */
import { describe, expect, test } from "vitest";
import { withinBounds } from "../plugin/evaluator/nesting-bound.js";
import { MAX_CHAIN, MAX_NESTING, scanNesting, tooDeep } from "../plugin/evaluator/nesting.js";

/** Units that nest, chain, close, reset or hide characters, alone and in random runs. */
const TOKENS = [
  "(",
  "[",
  "{",
  "`${",
  "<",
  "<a>",
  "</a>",
  "!",
  "~",
  "-",
  "+",
  "++",
  "--",
  "**",
  "...",
  "=",
  "=>",
  "?",
  ":",
  "?.",
  "??",
  "typeof ",
  "void ",
  "delete ",
  "yield ",
  "infer ",
  "unique ",
  "asserts ",
  "with (a) ",
  "new ",
  "await ",
  "keyof ",
  "extends ",
  "if (a) ",
  "else ",
  "else if (a) ",
  "do ",
  "while (a) ",
  "for (;;) ",
  "a",
  "a.",
  "a(",
  "a[",
  "a ",
  "1",
  "/=",
  "&&=",
  ">>=",
  ">",
  ",",
  ";",
  ")",
  "]",
  "}",
  "'s'",
  "/r/g",
  "// c\n",
  "/* c */",
  "x: ",
  "#if ",
  "$if ",
  "\\u0069f ",
  "ñif ",
];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const next = random(29);
const UNITS = [
  ...TOKENS,
  ...Array.from({ length: 300 }, () =>
    Array.from({ length: 1 + Math.floor(next() * 6) }, () => TOKENS[Math.floor(next() * TOKENS.length)]).join(""),
  ),
];

/** The most repetitions of `unit` the bound lets through (at least 1 when even one is too many to tell). */
function mostLetThrough(unit: string): number {
  let low = 0;
  let high = MAX_CHAIN;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (withinBounds(unit.repeat(middle), MAX_NESTING, MAX_CHAIN)) low = middle;
    else high = middle - 1;
  }
  return Math.max(low, 1);
}

describe("the cheap bound in front of the nesting scanner", () => {
  test.each([false, true])(`answers as the scanner does at the edge of the bound, JSX %s, over ${UNITS.length} units`, (jsx) => {
    let letThrough = 0;
    for (const unit of UNITS) {
      const most = mostLetThrough(unit);
      for (const count of [most, most + 1, most * 2]) {
        const text = unit.repeat(count);
        if (withinBounds(text, MAX_NESTING, MAX_CHAIN)) {
          letThrough++;
          expect(scanNesting(text, jsx), JSON.stringify(unit)).toBeUndefined();
        }
        expect(tooDeep(text, jsx), JSON.stringify(unit)).toEqual(scanNesting(text, jsx));
      }
    }
    expect(letThrough).toBeGreaterThan(UNITS.length / 2);
  });

  test("is tight where the scanner is: 1,000 brackets pass, 1,001 are scanned and refused", () => {
    expect(withinBounds("(".repeat(MAX_NESTING), MAX_NESTING, MAX_CHAIN)).toBe(true);
    expect(withinBounds("(".repeat(MAX_NESTING + 1), MAX_NESTING, MAX_CHAIN)).toBe(false);
    expect(tooDeep("(".repeat(MAX_NESTING + 1))).toMatchObject({ bound: "nesting" });
    // JSX tags count twice: an angle bracket and a tag.
    expect(withinBounds("<a>".repeat(MAX_NESTING / 2), MAX_NESTING, MAX_CHAIN)).toBe(true);
    expect(withinBounds("<a>".repeat(MAX_NESTING / 2 + 1), MAX_NESTING, MAX_CHAIN)).toBe(false);
  });

  test("leaves long sources to the scanner: a chain needs at least half as many characters as links", () => {
    expect(withinBounds("a".repeat(MAX_CHAIN / 2), MAX_NESTING, MAX_CHAIN)).toBe(true);
    expect(withinBounds("a".repeat(MAX_CHAIN / 2 + 1), MAX_NESTING, MAX_CHAIN)).toBe(false);
  });

  test("lets a usual tool file through without the scanner", () => {
    const tool = `import { defineTool } from "wymcp";
export const notes = defineTool({
  name: "notes",
  description: "Keeps notes.",
  actions: {
    add: { type: "object", properties: { text: { type: "string", minLength: 1 } }, required: ["text"], additionalProperties: false },
    list: { type: "object", properties: { limit: { type: "integer", minimum: 1, maximum: 100 } }, additionalProperties: false },
  },
  handlers: { add: async ({ data }) => ({ ok: data.text.length > 0 }), list: async ({ data }) => ({ count: data.limit ?? 10 }) },
});
`;
    expect(withinBounds(tool, MAX_NESTING, MAX_CHAIN)).toBe(true);
  });
});
