/**
 * How a tree crosses from oxc-parser: a check worker takes raw transfer at
 * once, the build's own thread reads its first modules through JSON (raw
 * transfer's buffer sets off a full collection of the bundler's heap) — and
 * the evaluator reads the same tree and module record either way.
 */
import { isMainThread } from "node:worker_threads";
import { describe, expect, test } from "vitest";
import { loadParser } from "../plugin/evaluator/parser.js";
import { parseModule } from "../plugin/evaluator/ast.js";
import { JSON_PARSES_IN_MAIN_THREAD, usesRawTransfer } from "../plugin/evaluator/transfer.js";

describe("which transfer a parse uses", () => {
  test.each([
    ["a check worker, its first parse", { supported: true, mainThread: false, parsed: 0 }, true],
    ["a check worker, later", { supported: true, mainThread: false, parsed: 500 }, true],
    ["the build's thread, its first parse", { supported: true, mainThread: true, parsed: 0 }, false],
    [
      "the build's thread, its last parse through JSON",
      { supported: true, mainThread: true, parsed: JSON_PARSES_IN_MAIN_THREAD - 1 },
      false,
    ],
    ["the build's thread, once it parses in bulk", { supported: true, mainThread: true, parsed: JSON_PARSES_IN_MAIN_THREAD }, true],
    ["a runtime without raw transfer, in a worker", { supported: false, mainThread: false, parsed: 0 }, false],
    ["a runtime without raw transfer, in bulk", { supported: false, mainThread: true, parsed: 10_000 }, false],
  ])("%s", (_name, state, raw) => {
    expect(usesRawTransfer(state)).toBe(raw);
  });
});

describe("the evaluator reads the same tree through JSON and raw transfer", () => {
  const SOURCES: [string, string][] = [
    [
      "tool.ts",
      `import { defineTool } from "wymcp";\nconst é = "café ☕ 𝒳";\nexport const t = defineTool({ name: "t", description: \`x \${1n} y\`, actions: { a: { description: "日本", properties: { n: { type: "string" } } } } } as const satisfies object);\n`,
    ],
    ["view.tsx", `const x = <div a="ü">{"𝒳"}</div>;\nexport default (x as any)!;\n`],
    [
      "values.ts",
      `export const big = 123n, re = /[𝒳]/u, n = 0x1f, s = 'it\\'s';\nexport { big as b } from "./other.js";\ntype T<U> = U extends string ? 1 : 2;\n`,
    ],
  ];

  test.each(SOURCES)("%s: the same nodes at the same UTF-16 offsets, the same imports and exports", (fileName, text) => {
    const parser = loadParser();
    expect(parser.rawTransferSupported()).toBe(true);
    const [json, raw] = [false, true].map((experimentalRawTransfer) =>
      parser.parseSync(fileName, text, { preserveParens: true, experimentalRawTransfer } as Parameters<typeof parser.parseSync>[2]),
    );
    expect(raw!.program).toEqual(json!.program);
    expect(raw!.module.staticImports).toEqual(json!.module.staticImports);
    expect(raw!.module.staticExports).toEqual(json!.module.staticExports);
    expect(raw!.errors).toEqual(json!.errors);
  });

  test("parsed modules past the main thread's JSON parses still read as before: positions and exports", () => {
    // The test process is the main thread (vitest's forks pool): these parses cross from JSON to raw transfer.
    expect(isMainThread).toBe(true);
    const [fileName, text] = SOURCES[0]!;
    const positions = Array.from({ length: JSON_PARSES_IN_MAIN_THREAD + 2 }, () => {
      const file = parseModule(fileName, text);
      const declaration = file.program.body.at(-1)!;
      return { at: file.position(declaration.start), exports: file.exportStatements.length, requests: file.moduleRequests };
    });
    expect(new Set(positions.map((position) => JSON.stringify(position))).size).toBe(1);
    expect(positions[0]).toEqual({ at: { line: 3, column: 1 }, exports: 1, requests: ["wymcp"] });
  });
});
