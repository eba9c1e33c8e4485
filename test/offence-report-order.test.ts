/**
 * A file's offences are reported as an editor lists them: in source order
 * (validation sorts by action and location, which is not where they are
 * written), with the build error's header at the first of them; and a
 * partly-checked warning points at the part it could not see, which the
 * bundlers' code frames show.
 */
import { describe, expect, test } from "vitest";
import { offenceError, partialWarning, warningLocation } from "../plugin/bundler/fail.js";
import { offencesOf } from "../plugin/check/file-check.js";
import { formatFileCheck, inSourceOrder } from "../plugin/check/report.js";
import { checkProject } from "./plugin-support.js";

const HEADER = `import { defineTool } from "wymcp";\n`;

/** Action "b" is written first but sorts after "a"; "a" holds two offences on one line, the later key first in validation's order. */
const SOURCE = `${HEADER}export const t = defineTool({
  name: "t",
  description: "T",
  handlers: { a: () => 1, b: () => 2 },
  actions: {
    b: { description: "B", properties: {}, descripton: "typo" },
    a: { description: "A", properties: { n: { type: "strng" } }, required: ["x"], notse: "" },
  },
});
`;

/** `line:column` of each offence line of a formatted message. */
function positions(message: string): string[] {
  return [...message.matchAll(/index\.ts:(\d+):(\d+) {2}/g)].map(([, line, column]) => `${line}:${column}`);
}

const byPosition = (a: string, b: string) => {
  const [la, ca] = a.split(":").map(Number);
  const [lb, cb] = b.split(":").map(Number);
  return la! - lb! || ca! - cb!;
};

describe("offences in one file", () => {
  test("validation's order is not the source order here, so the test can tell them apart", () => {
    const check = checkProject(SOURCE);
    const validationOrder = offencesOf(check).map((offence) => `${offence.line}:${offence.column}`);
    expect(validationOrder.length).toBeGreaterThanOrEqual(4);
    expect(validationOrder).not.toEqual([...validationOrder].sort(byPosition));
  });

  test("are listed in source order, and the header names the first of them", () => {
    const check = checkProject(SOURCE);
    const { message, loc } = offenceError(check);
    const listed = positions(formatFileCheck(check));
    expect(listed).toEqual([...listed].sort(byPosition));
    expect(positions(message)).toEqual(listed);
    expect(`${loc.line}:${loc.column}`).toBe(listed[0]);
    expect(listed[0]!.startsWith("7:")).toBe(true); // action "b", written first
  });

  test("those located in an imported module come after the file's own, by file then position", () => {
    const check = checkProject(
      `${HEADER}import { shared } from "./shared.js";
export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1, b: () => 2 }, actions: { a: shared, b: { description: "B", properties: {}, requried: [] } } });
`,
      { "shared.ts": `export const shared = { description: "S", properties: {}, notse: "" } as const;\n` },
    );
    const ordered = inSourceOrder(offencesOf(check), check.fileName);
    expect(ordered.map((offence) => offence.fileName.endsWith("index.ts"))).toEqual([true, false]);
    expect(offenceError(check).loc.file).toBe(check.fileName);
  });
});

describe("a partly-checked warning", () => {
  test("points at the part it could not evaluate, on the call's own line, never at 0:0", () => {
    const check = checkProject(`${HEADER}const make = () => ({ description: "Made", properties: {} });
export const t = defineTool({
  name: "t",
  description: "T",
  handlers: { a: () => 1 },
  actions: { a: make() },
});
`);
    const warning = partialWarning(check)!;
    expect(warning).toMatch(/was partly checked/);
    const at = warningLocation(warning)!;
    expect(at.file.endsWith("index.ts")).toBe(true);
    expect({ line: at.line, column: at.column }).toEqual({ line: 7, column: 17 });
  });

  test("of a file the parser rejects points at the syntax error", () => {
    const check = checkProject(
      `${HEADER}export const t = defineTool({ name: "t", description: "T", actions: { a: { description: "A" properties: {} } } });\n`,
    );
    const warning = partialWarning(check)!;
    expect(warning).toMatch(/syntax error/);
    expect(warningLocation(warning)).toMatchObject({ line: 2 });
  });

  test.each(["wymcp: a.ts was not checked: nested too deeply; its tools are still validated when they are registered", ""])(
    "without a position (%j) has no location rather than a made-up one",
    (text) => {
      expect(warningLocation(text)).toBeUndefined();
    },
  );
});
