/**
 * The TypeScript hosts (`tspc`'s transformer, the tsserver plugin) on a
 * source too deep for the native parser: one error diagnostic saying the
 * file was not checked, at the line where it becomes too deep — never a
 * crash, never a thrown error, never silence. In process, through the
 * compiler API and the same program checker the transformer uses.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { DIAGNOSTIC_CODE, programChecker } from "../plugin/typescript/program-checker.js";

describe("a source the check cannot parse, in a TypeScript program", () => {
  test("a 1,500-branch ternary chain: one diagnostic, not checked, at its line", () => {
    const root = mkdtempSync(join(tmpdir(), "wymcp-ts-deep-"));
    const chain = Array.from({ length: 1_500 }, (_, index) => `a === ${index} ? "${index}" :`).join(" ");
    const file = join(root, "tools.ts");
    writeFileSync(
      file,
      `import { defineTool } from "wymcp";\ndeclare const a: number;\nexport const pick = ${chain} "none";\nexport const t = defineTool({ name: "t", description: "T", handlers: {}, actions: {} });\n`,
    );
    const program = ts.createProgram([file], { noEmit: true, skipLibCheck: true, types: [] });
    const sourceFile = program.getSourceFile(file)!;
    const diagnostics = programChecker(program, ts).diagnosticsOf(sourceFile);
    expect(diagnostics).toHaveLength(1);
    const [diagnostic] = diagnostics;
    expect(diagnostic!.code).toBe(DIAGNOSTIC_CODE);
    expect(diagnostic!.category).toBe(ts.DiagnosticCategory.Error);
    expect(ts.flattenDiagnosticMessageText(diagnostic!.messageText, "\n")).toMatch(
      /^wymcp: not checked: the source is nested too deeply to parse: more than 1000 levels/,
    );
    expect(sourceFile.getLineAndCharacterOfPosition(diagnostic!.start!).line + 1).toBe(3);
  });
});
