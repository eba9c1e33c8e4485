/**
 * The parses kept between checks: the most recently used, up to a budget of
 * source characters. A tree takes some forty times its text in memory, so
 * keeping every parse of a build (200 tool files) held more than the plain
 * build's whole peak; what is worth keeping is what many checks read again —
 * the shared modules tool files import, and a file being edited in watch mode.
 */
import type { SourceFile } from "./ast.js";

/** Characters of source text whose trees are kept (about 10 MB of trees). */
export const KEPT_SOURCE_CHARACTERS = 256 * 1024;

interface Kept {
  readonly text: string;
  readonly sourceFile: SourceFile;
}

/** A least-recently-used store of parses by file name, bounded by the characters of their texts. */
export class ParseCache {
  // A Map iterates in insertion order: re-inserting on every use keeps the least recently used first.
  readonly #kept = new Map<string, Kept>();
  #characters = 0;

  constructor(private readonly budget: number = KEPT_SOURCE_CHARACTERS) {}

  /** The kept parse of `fileName` when its text is still `text`. */
  get(fileName: string, text: string): SourceFile | undefined {
    const kept = this.#kept.get(fileName);
    if (kept?.text !== text) return undefined;
    this.#kept.delete(fileName);
    this.#kept.set(fileName, kept);
    return kept.sourceFile;
  }

  /** Keeps a parse, dropping the least recently used ones past the budget (a text over the budget is not kept). */
  set(fileName: string, text: string, sourceFile: SourceFile): void {
    this.delete(fileName);
    if (text.length > this.budget) return;
    this.#kept.set(fileName, { text, sourceFile });
    this.#characters += text.length;
    for (const [name] of this.#kept) {
      if (this.#characters <= this.budget) break;
      this.delete(name);
    }
  }

  /** How many parses are kept (for tests). */
  get size(): number {
    return this.#kept.size;
  }

  private delete(fileName: string): void {
    const kept = this.#kept.get(fileName);
    if (kept === undefined) return;
    this.#kept.delete(fileName);
    this.#characters -= kept.text.length;
  }
}
