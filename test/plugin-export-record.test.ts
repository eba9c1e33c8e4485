import { describe, expect, test } from "vitest";
import { parseModule } from "../plugin/evaluator/ast.js";
import { exportsDeclaredFunction } from "../plugin/evaluator/exports.js";

/** [module text, name asked, whether the module is known to export it as a function or class it declares]. */
const CASES: readonly (readonly [string, string, boolean])[] = [
  ["export function run(a: string) { return a; }", "run", true],
  ["export async function run() {}", "run", true],
  ["export function* run() {}", "run", true],
  ["export class Store {}", "Store", true],
  ["export abstract class Store {}", "Store", true],
  ["export declare function run(): void;", "run", true],
  ['const é = "😀";\nexport function run() {}', "run", true], // offsets are UTF-16, as the text is
  ["export const run = () => 1;", "run", false],
  ['import { defineTool } from "wymcp";\nexport const run = defineTool;', "run", false],
  ['export { defineTool as run } from "wymcp";', "run", false],
  ['/* export function run() {} */\nexport { defineTool as run } from "wymcp";', "run", false],
  ['export * from "./other";', "run", false],
  ["function run() {}\nexport { run };", "run", false], // not known without the tree: the caller reads it
  ["export /* why */ function run() {}", "run", false],
  ["export function other() {}", "run", false],
  ["export default function run() {}", "run", false],
];

describe("a module's export of a declared function or class is known from the parser's export record", () => {
  test.each(CASES)("%j, %s → %s", (text, name, expected) => {
    expect(exportsDeclaredFunction(parseModule("/m.ts", text), name)).toBe(expected);
  });

  test("answering from the record does not build the module's tree, which is still built when read", () => {
    const file = parseModule("/m.ts", "export function run() {}\nexport const x = 1;");
    let built = false;
    const descriptor = Object.getOwnPropertyDescriptor(file, "program")!;
    Object.defineProperty(file, "program", { get: () => ((built = true), descriptor.get!.call(file)) });
    expect(exportsDeclaredFunction(file, "run")).toBe(true);
    expect(built).toBe(false);
    expect(file.program.body).toHaveLength(2);
    expect(built).toBe(true);
    expect(file.program).toBe(file.program);
  });
});
