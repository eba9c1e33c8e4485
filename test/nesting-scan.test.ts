/**
 * The nesting scanner that runs before the native parser: every form the
 * parser recurses on is bounded, so a source deep enough to crash it is
 * refused; what strings, comments, templates and regular expressions hold
 * counts for nothing; and real code — this repository and the TypeScript
 * compiler's 9 MB bundle — is never refused.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { MAX_CHAIN, MAX_NESTING, tooDeep } from "../plugin/evaluator/nesting.js";
import { repo } from "./plugin-builds.js";

const list = (count: number, item: (index: number) => string, separator: string) =>
  Array.from({ length: count }, (_, index) => item(index)).join(separator);

/** Each form at depth `n`, and the depth at which oxc-parser 0.159 crashed a worker thread (4 MB stack) when handed it. */
const FORMS: readonly (readonly [string, (n: number) => string, number, boolean?])[] = [
  ["type arguments", (n) => `type T = ${"Array<".repeat(n)}string${">".repeat(n)};`, 2_200],
  ["template holes", (n) => `const x = ${"`${".repeat(n)}a${"}`".repeat(n)};`, 2_100],
  ["a ternary chain", (n) => `const x = ${list(n, (i) => `a${i} ? ${i} :`, " ")} 0;`, 4_200],
  ["an else-if chain", (n) => `if (a) {}${" else if (a) {}".repeat(n)}`, 3_300],
  ["an else-if chain without braces", (n) => `if (a) b, c;${" else if (a) b, c;".repeat(n)}`, 3_300],
  ["nested ifs", (n) => `${"if (a) ".repeat(n)}b;`, 3_300],
  ["nested whiles", (n) => `${"while (a) ".repeat(n)}b;`, 3_300],
  ["do-whiles", (n) => `${"do ".repeat(n)}x;${" while (a);".repeat(n)}`, 3_300],
  ["labels", (n) => `${list(n, (i) => `l${i}:`, " ")} b;`, 3_300],
  ["assignments", (n) => `${list(n, (i) => `a${i} =`, " ")} 0;`, 4_200],
  ["arrows", (n) => `const f = ${"a => ".repeat(n)}0;`, 4_200],
  ["async arrows", (n) => `const f = ${"async a => ".repeat(n)}0;`, 4_200],
  ["yields", (n) => `function* g() { ${"yield ".repeat(n)}a; }`, 4_200],
  ["function types", (n) => `type T = ${"() => ".repeat(n)}void;`, 5_800],
  ["conditional types with type arguments", (n) => `type T = ${"A extends B<C, D> ? E : ".repeat(n)}F;`, 8_000],
  ["new", (n) => `const x = ${"new ".repeat(n)}A;`, 8_800],
  ["exponents", (n) => `const x = ${list(n, (i) => `a${i}`, " ** ")};`, 12_000],
  ["keyof", (n) => `type T = ${"keyof ".repeat(n)}X;`, 13_200],
  ["negations", (n) => `const x = ${"!".repeat(n)}a;`, 14_800],
  ["signs", (n) => `const x = ${"- ".repeat(n)}a;`, 14_800],
  ["typeof", (n) => `const x = ${"typeof ".repeat(n)}a;`, 14_800],
  ["JSX elements", (n) => `const x = ${"<a>".repeat(n)}${"</a>".repeat(n)};`, 7_800, true],
  ["a + chain", (n) => `const x = ${list(n, () => `"a"`, " + ")};`, 40_000],
  ["a || chain", (n) => `const x = ${list(n, (i) => `a${i}`, " || ")};`, 40_000],
  ["a member chain", (n) => `const x = a${".b".repeat(n)};`, 40_000],
  ["a call chain", (n) => `const x = a${"()".repeat(n)};`, 40_000],
];

describe("every nesting form is bounded before the parser sees it", () => {
  test.each(FORMS.map(([name, form, crash, jsx]) => ({ name, form, crash, jsx: jsx ?? false })))(
    "$name: refused at the depth that crashed the parser, read at a depth of 50",
    ({ form, crash, jsx }) => {
      expect(tooDeep(form(crash), jsx)).toBeDefined();
      expect(tooDeep(form(50), jsx)).toBeUndefined();
    },
  );

  test("the bounds: 1,000 levels, 20,000 links", () => {
    expect(tooDeep(`const x = ${"[".repeat(MAX_NESTING - 2)}${"]".repeat(MAX_NESTING - 2)};`)).toBeUndefined();
    expect(tooDeep(`const x = ${"[".repeat(MAX_NESTING + 1)}${"]".repeat(MAX_NESTING + 1)};`)).toMatchObject({ bound: "nesting" });
    expect(tooDeep(`const x = a${".b".repeat(MAX_CHAIN - 10)};`)).toBeUndefined();
    expect(tooDeep(`const x = a${".b".repeat(MAX_CHAIN + 1)};`)).toMatchObject({ bound: "chain" });
  });

  test("the place named is where the bound is passed", () => {
    const text = `const ok = 1;\nconst deep = ${"(".repeat(2_000)}1${")".repeat(2_000)};\n`;
    const found = tooDeep(text)!;
    expect(text.slice(0, found.offset).split("\n")).toHaveLength(2);
  });

  test("siblings are not nesting: statements, list entries, object keys, sequential ifs", () => {
    expect(tooDeep(list(5_000, (i) => `const a${i} = !b ? c : d;`, "\n"))).toBeUndefined();
    expect(tooDeep(`const x = [${list(50_000, () => "-1", ", ")}];`)).toBeUndefined();
    expect(tooDeep(`const x = { ${list(5_000, (i) => `k${i}: a ? b : c`, ", ")} };`)).toBeUndefined();
    expect(tooDeep(`function f() { ${list(5_000, () => "if (a) { b(); }", " ")} }`)).toBeUndefined();
    expect(tooDeep(`function f() {\n${list(5_000, (i) => `  x${i} = y`, "\n")}\n}`)).toBeUndefined();
    expect(tooDeep(`interface I {\n${list(5_000, (i) => `  k${i}: string`, "\n")}\n}`)).toBeUndefined();
    expect(tooDeep(`for (let i = 0; i < n; i++) {}\n`.repeat(5_000))).toBeUndefined();
  });

  test("strings, comments, templates and regular expressions count for nothing", () => {
    const brackets = "(".repeat(5_000);
    expect(tooDeep(`const s = "${brackets}";`)).toBeUndefined();
    expect(tooDeep(`const s = '${"?:".repeat(5_000)}';`)).toBeUndefined();
    expect(tooDeep(`// ${"=".repeat(50_000)}\n/* ${brackets} */\nconst x = 1;`)).toBeUndefined();
    expect(tooDeep(`const t = \`${brackets}\${a}${brackets}\`;`)).toBeUndefined();
    expect(tooDeep(`const r = /${"\\(".repeat(5_000)}[(]/g.test(s);`)).toBeUndefined();
    // A hole's own nesting counts.
    expect(tooDeep(`const t = \`\${${brackets}${")".repeat(5_000)}}\`;`)).toBeDefined();
  });
});

function sources(folder: string, found: string[] = []): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!["node_modules", ".tmp", "dist"].includes(entry.name)) sources(path, found);
    } else if ([".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs"].includes(extname(path))) found.push(path);
  }
  return found;
}

describe("real code is never refused", () => {
  test("every source of this repository", () => {
    const files = ["src", "plugin", "test", "examples", "scripts", "bench"].flatMap((folder) => sources(join(repo, folder)));
    expect(files.length).toBeGreaterThan(300);
    const refused = files.filter((file) => tooDeep(readFileSync(file, "utf8"), file.endsWith("x")) !== undefined);
    expect(refused).toEqual([]);
  });

  test("the TypeScript compiler's own bundle (9 MB of generated JavaScript)", () => {
    const file = createRequire(import.meta.url).resolve("typescript/lib/typescript.js");
    const text = readFileSync(file, "utf8");
    expect(text.length).toBeGreaterThan(5_000_000);
    expect(tooDeep(text)).toBeUndefined();
  });
});
