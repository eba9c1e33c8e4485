import { describe, expect, test } from "vitest";
import { ParseCache } from "../plugin/evaluator/parse-cache.js";
import { parseModule } from "../plugin/evaluator/ast.js";

const parsed = (name: string, text: string) => parseModule(name, text);

describe("the parse cache keeps the most recently used parses within its budget of source characters", () => {
  test("a parse is served while its text is unchanged, and not once the text changes", () => {
    const cache = new ParseCache(100);
    const file = parsed("/a.ts", "export const a = 1;");
    cache.set("/a.ts", "export const a = 1;", file);
    expect(cache.get("/a.ts", "export const a = 1;")).toBe(file);
    expect(cache.get("/a.ts", "export const a = 2;")).toBeUndefined();
  });

  test("past the budget the least recently used parse goes first", () => {
    const cache = new ParseCache(40);
    const text = (name: string) => `export const ${name} = 1;`; // 20 characters
    cache.set("/a.ts", text("a"), parsed("/a.ts", text("a")));
    cache.set("/b.ts", text("b"), parsed("/b.ts", text("b")));
    expect(cache.get("/a.ts", text("a"))).toBeDefined(); // a is now the most recent
    cache.set("/c.ts", text("c"), parsed("/c.ts", text("c")));
    expect(cache.size).toBe(2);
    expect(cache.get("/b.ts", text("b"))).toBeUndefined();
    expect(cache.get("/a.ts", text("a"))).toBeDefined();
    expect(cache.get("/c.ts", text("c"))).toBeDefined();
  });

  test("a text over the whole budget is not kept, and replacing a file's parse frees its old text", () => {
    const cache = new ParseCache(30);
    const long = `export const long = "${"x".repeat(40)}";`;
    cache.set("/long.ts", long, parsed("/long.ts", long));
    expect(cache.size).toBe(0);
    cache.set("/a.ts", "export const a = 1;", parsed("/a.ts", "export const a = 1;"));
    cache.set("/a.ts", "export const a = 22;", parsed("/a.ts", "export const a = 22;"));
    expect(cache.size).toBe(1);
    expect(cache.get("/a.ts", "export const a = 22;")).toBeDefined();
  });
});
