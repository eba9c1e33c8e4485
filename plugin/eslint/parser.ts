/**
 * A parser for TypeScript files that needs no other package: ESLint's own
 * parser reads only JavaScript, and typescript-eslint does not support
 * TypeScript 7. It gives ESLint an empty program over the text, with the
 * file's directive comments (so `eslint-disable` comments work): the
 * `action-schema` rule parses the text itself. Rules that walk the tree
 * see nothing in these files; a project that lints TypeScript with other
 * rules keeps typescript-eslint's parser, under which the rule runs the
 * same.
 */
import type { Linter } from "eslint";
import { loadParser } from "../evaluator/parser.js";

/** A word every comment ESLint reads contains. */
const DIRECTIVE_WORD = /eslint|global|exported/;

interface Position {
  line: number;
  column: number;
}

/** The line starts of a text, for offset → line/column. */
function locator(text: string): (offset: number) => Position {
  const starts = [0];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || (code === 13 && text.charCodeAt(index + 1) !== 10) || code === 0x2028 || code === 0x2029) starts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! };
  };
}

/**
 * The parser object for `languageOptions.parser`.
 *
 * @example
 * ```js
 * export default [{ files: ["**\/*.ts"], languageOptions: { parser: wymcp.parser } }];
 * ```
 */
export const textParser: Linter.Parser = {
  meta: { name: "wymcp/text-parser" },
  parseForESLint(text: string, options?: { filePath?: string }) {
    const at = locator(text);
    const fileName = options?.filePath ?? "file.ts";
    let comments: { type: "Line" | "Block"; value: string; start: number; end: number }[] = [];
    // ESLint reads comments for its directives alone (eslint-disable…, /* global */, /* exported */): a file without
    // those words is not parsed for them, which spared ESLint a parse of every file (BENCHMARKS.md, measure 10).
    if (DIRECTIVE_WORD.test(text)) {
      try {
        comments = loadParser().parseSync(fileName, text).comments;
      } catch {
        // a missing parser is the rule's to report, in one line
      }
    }
    const program = {
      type: "Program" as const,
      body: [],
      sourceType: "module" as const,
      range: [0, text.length] as [number, number],
      loc: { start: at(0), end: at(text.length) },
      tokens: [],
      comments: comments.map((comment) => ({
        type: comment.type,
        value: comment.value,
        range: [comment.start, comment.end] as [number, number],
        loc: { start: at(comment.start), end: at(comment.end) },
      })),
    };
    return { ast: program };
  },
};
