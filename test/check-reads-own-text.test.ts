/**
 * A check reads the module it checks from the text it was given, never
 * again from disk: what the module exports (for the note on a renamed
 * `defineTool`) comes from that text, and a stored verdict's reads list
 * only the other modules the check read.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { checkSource } from "../plugin/check/check.js";
import { ReadRecorder } from "../plugin/check/reads.js";
import { parseSource } from "../plugin/evaluator/modules.js";
import { resolveLocalModule } from "../plugin/evaluator/resolver.js";
import { project } from "./plugin-support.js";

const SHARED = `export const common = { description: "Common", properties: {} } as const;\n`;
const TOOLS = `import { defineTool } from "wymcp";\nimport { common } from "./shared.js";\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: common } });\n`;

/** A host that reads from disk and records what it read, as the bundler plugins' hosts do. */
function recordingHost() {
  const asked: string[] = [];
  const recorder = new ReadRecorder<string>({
    read(fileName) {
      asked.push(fileName);
      let text: string | undefined;
      try {
        text = readFileSync(fileName, "utf8");
      } catch {
        text = undefined;
      }
      return { seen: text ?? "(none)", sourceFile: () => (text === undefined ? undefined : parseSource(fileName, text)) };
    },
    resolveModule: resolveLocalModule,
  });
  return { recorder, asked };
}

describe("a check reads its own module from the text it was given", () => {
  test("its reads are the other modules it read, never its own file", () => {
    const root = project({ "src/tools.ts": TOOLS, "src/shared.ts": SHARED });
    const { recorder, asked } = recordingHost();
    const check = checkSource(join(root, "src/tools.ts"), TOOLS, recorder);
    expect(check.declarations).toHaveLength(1);
    expect(check.declarations[0]!.offences).toEqual([]);
    expect(asked).toEqual([join(root, "src/shared.ts")]);
    expect(recorder.record().reads.map(([fileName]) => fileName)).toEqual([join(root, "src/shared.ts")]);
    expect(check.filesRead).toEqual([join(root, "src/shared.ts")]);
  });

  test.each([
    [
      "a const re-exported",
      `import { defineTool } from "wymcp";\nconst make = defineTool;\nexport { make };\n`,
      'defineTool is exported as "make"',
    ],
    [
      "the default export",
      `import { defineTool } from "wymcp";\nexport default defineTool;\n`,
      "defineTool is exported as the default export",
    ],
  ])("the note on %s reads the given text, whatever the file on disk holds", (_name, given, note) => {
    // On disk the module is still its last saved version, which exports nothing of wymcp's.
    const root = project({ "src/tools.ts": `export const unrelated = 1;\n` });
    const check = checkSource(join(root, "src/tools.ts"), given);
    expect(check.notes?.map(({ message }) => message.split(":")[0])).toEqual([note]);
  });

  test("a module with no file on disk is checked from its text alone", () => {
    const root = project({ "src/shared.ts": SHARED });
    const given = `import { defineTool } from "wymcp";\nconst make = defineTool;\nexport { make };\n`;
    const { recorder, asked } = recordingHost();
    const check = checkSource(join(root, "src/virtual.ts"), given, recorder);
    expect(check.notes?.map(({ line, column }) => [line, column])).toEqual([[3, 1]]);
    expect(asked).toEqual([]);
  });
});
