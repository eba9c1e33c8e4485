/**
 * How deeply a source nests, measured before the native parser sees it: the
 * parser recurses once per level of every nesting form — brackets, but also
 * `Array<Array<…>>`, a ternary or `else if` chain, `a = b = …`, `!!!x`,
 * `a => b => …`, labels, JSX — and crashes the process (no exception: its
 * native stack is gone) a few thousand levels down in a worker thread; a
 * left-leaning chain (`a + b + …`, `a.b.c…`, `f()()…`) is read in a loop but
 * written out recursively, which crashes some tens of thousands of links
 * down. A scanner that knows strings, comments, templates and regular
 * expressions bounds both from above, token by token; the bound is an
 * upper bound on purpose (a `<` that compares counts as a type argument),
 * never below the parser's own depth for the forms it recurses on.
 */
import { withinBounds } from "./nesting-bound.js";
import {
  scanQuoted,
  scanRegex,
  scanTemplate,
  scanWord,
  isWordStart,
  isSpace,
  isLineBreak,
  RIGHT_WORDS,
  STATEMENT_WORDS,
} from "./nesting-lexer.js";

/** The deepest nesting handed to the parser: far beyond written code, far below what overflows its stack in a worker thread. */
export const MAX_NESTING = 1000;
/** The longest left-leaning chain (`a + b + …`, `a.b.c…`) handed to the parser, at any nesting. */
export const MAX_CHAIN = 20_000;

/** Where a source passes a bound, and which. */
export interface TooDeep {
  readonly offset: number;
  readonly bound: "nesting" | "chain";
}

/** What a bracket, template hole or angle bracket contributes while it is open. */
interface Frame {
  readonly opener: "(" | "[" | "{" | "${" | "<" | "top";
  /** Right-nesting operators since the last `,` or `;` (prefix operators, `?`, `:`, `=`, `=>`, `**`, `extends`). */
  run: number;
  /** Statement keywords since the statement began (`if`, `else`, `for`, `while`, `do`, `with`): a `,` does not end them. */
  statement: number;
  /** Left-leaning links since the last `,` or `;` (binary operators, `.`, calls, indexing). */
  chain: number;
}

/** Words that continue an expression after a value (so they never start a statement). */
const INFIX_WORDS = new Set(["instanceof", "in", "of", "as", "satisfies", "extends", "implements", "is", "from"]);
/** Words that may precede an expression without being a value (modifiers and contextual keywords). */
const LEADING_WORDS = new Set([
  "return",
  "throw",
  "case",
  "async",
  "get",
  "set",
  "static",
  "public",
  "private",
  "protected",
  "readonly",
  "abstract",
  "declare",
  "override",
  "accessor",
  "export",
  "default",
  "let",
  "const",
  "var",
  "type",
]);
/** Words after which a statement goes on: `} else`, `} catch`, `} finally`, `do … while`. */
const CONTINUING_STATEMENT = new Set(["else", "catch", "finally", "while"]);

/**
 * The first place a source nests deeper than `MAX_NESTING` or chains longer
 * than `MAX_CHAIN`, or `undefined`.
 *
 * @example
 * ```ts
 * tooDeep(`type T = ${"Array<".repeat(5000)}string${">".repeat(5000)};`); // { offset: 9009, bound: "nesting" }
 * ```
 */
export function tooDeep(text: string, jsx = false): TooDeep | undefined {
  return withinBounds(text, MAX_NESTING, MAX_CHAIN) ? undefined : scanNesting(text, jsx);
}

/**
 * `tooDeep` without the cheap bound first: the scanner's own answer, token by token.
 *
 * @example
 * ```ts
 * scanNesting("[".repeat(2000)); // { offset: 1000, bound: "nesting" }
 * ```
 */
export function scanNesting(text: string, jsx = false): TooDeep | undefined {
  return new Scanner(text, jsx).scan();
}

class Scanner {
  private readonly frames: Frame[] = [{ opener: "top", run: 0, statement: 0, chain: 0 }];
  private depth = 0;
  private chain = 0;
  private jsx = 0;
  /** Whether the last token ends a value (a `/` after it divides, a word after it starts a statement). */
  private value = false;
  /** Whether the last token was `.` or `?.` (a word after it is a property name). */
  private dot = false;
  /** Whether the last token was `;`: the statement ends unless `else` or `while` follows. */
  private semicolon = false;
  private index = 0;

  constructor(
    private readonly text: string,
    private readonly jsxSyntax: boolean,
  ) {}

  scan(): TooDeep | undefined {
    const { text } = this;
    if (text.startsWith("#!")) this.index = this.lineEnd(0);
    while (this.index < text.length) {
      const found = this.token();
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private get top(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  /** Reads one token at `index` (or skips space and comments); the bound passed, if it was. */
  private token(): TooDeep | undefined {
    const { text } = this;
    let start = this.index;
    let code = text.charCodeAt(start);
    // Spaces run long (indentation): skipped here, not one token call each.
    while (code === 32 || code === 10 || code === 9 || code === 13 || isSpace(code) || isLineBreak(code)) code = text.charCodeAt(++start);
    this.index = start;
    if (start >= text.length) return undefined;
    const next = text.charCodeAt(start + 1);
    if (code === 47 && next === 47) {
      this.index = this.lineEnd(start);
      return undefined;
    }
    if (code === 47 && next === 42) {
      const end = text.indexOf("*/", start + 2);
      this.index = end === -1 ? text.length : end + 2;
      return undefined;
    }
    if (this.semicolon) this.endStatement(isWordStart(code) && CONTINUING_STATEMENT.has(scanWord(text, start).word));
    if (isWordStart(code) || (code === 35 && isWordStart(next))) return this.word(start);
    if (code === 34 || code === 39) return this.literal(scanQuoted(text, start));
    if (code === 96) return this.template(start + 1, this.value);
    if ((code >= 48 && code <= 57) || (code === 46 && next >= 48 && next <= 57)) return this.literal(this.numberEnd(start));
    return this.punctuator(start, code, next);
  }

  private word(start: number): TooDeep | undefined {
    const { word, end } = scanWord(this.text, start);
    this.index = end;
    const dot = this.dot;
    this.dot = false;
    // A word after a value (not after `)`: `if (a) if (b) …`) starts a statement: ASI, or `}` ending a block.
    if (!dot && this.value && !INFIX_WORDS.has(word) && !this.afterParenthesis && !CONTINUING_STATEMENT.has(word)) this.endStatement(false);
    // A property name (`a.if`) or a key (`{ if: 1 }`, an interface member) is no keyword.
    if (dot || this.followedByColon(end)) return this.literal(end);
    const afterElse = this.lastWord === "else";
    this.lastWord = word;
    this.value = false;
    this.closedAngle = false;
    this.afterParenthesis = false;
    if (RIGHT_WORDS.has(word)) return this.add("run", start);
    // `else if` is one level of nesting, not two.
    if (STATEMENT_WORDS.has(word)) return afterElse && word === "if" ? undefined : this.add("statement", start);
    if (INFIX_WORDS.has(word)) return this.add("chain", start);
    if (LEADING_WORDS.has(word)) {
      this.value = false;
      return undefined;
    }
    return this.literal(end);
  }

  /** Whether the last value-ending token was `)`: `if (a) if (b) …` goes on after it. */
  private afterParenthesis = false;
  /** Whether the last token was a `>` closing an angle bracket (a JSX tag ends so). */
  private closedAngle = false;
  /** The keyword just read, if the last token was one. */
  private lastWord = "";

  // Typed as every scanning step is, so each step can end with it.
  private literal(end: number): TooDeep | undefined {
    this.index = end;
    this.closedAngle = false;
    this.lastWord = "";
    this.value = true;
    this.afterParenthesis = false;
    return undefined;
  }

  private template(from: number, tagged: boolean): TooDeep | undefined {
    const found = tagged ? this.add("chain", from - 1) : undefined;
    const { end, hole } = scanTemplate(this.text, from);
    this.index = end;
    if (!hole) return found ?? this.literal(end);
    this.value = false;
    return found ?? this.push("${", from - 1);
  }

  private punctuator(start: number, code: number, next: number): TooDeep | undefined {
    const { text } = this;
    const wasValue = this.value;
    const closedAngle = this.closedAngle;
    this.closedAngle = false;
    this.dot = false;
    this.afterParenthesis = false;
    this.value = false;
    this.lastWord = "";
    this.index = start + 1;
    switch (code) {
      case 40: // (
      case 91: // [
        return (wasValue ? this.add("chain", start) : undefined) ?? this.push(code === 40 ? "(" : "[", start);
      case 123: // {
        return this.push("{", start);
      case 41: // )
      case 93: // ]
      case 125: // }
        return this.close(code === 41 ? "(" : code === 93 ? "[" : "{");
      case 60: // <
        if (next === 60 || next === 61) return this.operator(start, "chain");
        if (next === 47) {
          // A JSX closing tag: its `>` closes this angle bracket.
          this.jsx = Math.max(0, this.jsx - 1);
          this.index = start + 2;
          return this.push("<", start);
        }
        // A JSX tag opens where a value cannot end (or right after another tag); `f<T>(x)` is a type argument.
        if (this.jsxSyntax && (!wasValue || closedAngle) && (isWordStart(next) || next === 62)) this.jsx++;
        return this.push("<", start);
      case 62: // >
        if (this.top.opener === "<") {
          this.pop();
          this.value = true;
          this.closedAngle = true;
          return undefined;
        }
        return this.operator(start, next === 62 || next === 61 ? (text.charCodeAt(start + 2) === 61 ? "run" : "chain") : "chain");
      case 47: // /
        if (next === 62 && this.jsx > 0) {
          this.jsx--;
          this.index = start + 2;
          if (this.top.opener === "<") this.pop();
          this.value = true;
          return undefined;
        }
        if (wasValue) return this.operator(start, next === 61 ? "run" : "chain");
        return this.literal(scanRegex(text, start));
      case 44: // ,
        this.reset(false);
        return undefined;
      case 59: // ;
        while (this.top.opener === "<") this.pop();
        this.reset(false);
        this.semicolon = true;
        return undefined;
      case 46: // .
        if (next === 46 && text.charCodeAt(start + 2) === 46) {
          this.index = start + 3;
          return this.add("run", start);
        }
        this.dot = true;
        return this.add("chain", start);
      case 63: // ?
        if (next === 46 && !(text.charCodeAt(start + 2) >= 48 && text.charCodeAt(start + 2) <= 57)) {
          this.index = start + 2;
          this.dot = true;
          return this.add("chain", start);
        }
        return this.operator(start, next === 63 && text.charCodeAt(start + 2) !== 61 ? "chain" : "run");
      case 33: // !
        if (next === 61) return this.operator(start, "chain");
        if (wasValue) {
          this.value = true;
          return this.add("chain", start);
        }
        return this.add("run", start);
      case 43: // +
      case 45: // -
        if (next === code) {
          this.index = start + 2;
          this.value = wasValue;
          return this.add(wasValue ? "chain" : "run", start);
        }
        if (next === 61) return this.operator(start, "run");
        return this.add(wasValue ? "chain" : "run", start);
      case 61: // =
        if (next === 62) {
          this.index = start + 2;
          return this.add("run", start);
        }
        return this.operator(start, next === 61 ? "chain" : "run");
      case 42: // *
        return this.operator(start, next === 42 ? "run" : "chain");
      case 126: // ~
      case 58: // :
        return this.add("run", start);
      case 64: // @
        return undefined;
      default:
        return this.operator(start, "chain");
    }
  }

  /** An operator made of punctuation (`&&=`, `>>>`, `!==`): one token, counted once; an assignment counts as right-nesting. */
  private operator(start: number, kind: "run" | "chain"): TooDeep | undefined {
    let end = start + 1;
    while (end < this.text.length && "=&|^%*<>?".includes(this.text[end]!)) end++;
    this.index = end;
    return this.add(this.text[end - 1] === "=" && this.text[end - 2] !== "=" && this.text[end - 2] !== "!" ? "run" : kind, start);
  }

  private add(kind: "run" | "statement" | "chain", offset: number): TooDeep | undefined {
    const top = this.top;
    top[kind]++;
    if (kind === "chain") this.chain++;
    else this.depth++;
    return this.bounded(offset);
  }

  private push(opener: Frame["opener"], offset: number): TooDeep | undefined {
    this.frames.push({ opener, run: 0, statement: 0, chain: 0 });
    this.depth++;
    return this.bounded(offset);
  }

  private bounded(offset: number): TooDeep | undefined {
    if (this.depth + this.jsx > MAX_NESTING) return { offset, bound: "nesting" };
    if (this.chain + this.depth > MAX_CHAIN) return { offset, bound: "chain" };
    return undefined;
  }

  private pop(): void {
    const frame = this.frames.pop();
    if (frame === undefined) return;
    this.depth -= 1 + frame.run + frame.statement;
    this.chain -= frame.chain;
  }

  /** Closes the innermost bracket of a kind (and the angle brackets inside it); a closing bracket that matches none is ignored. */
  private close(opener: "(" | "[" | "{"): TooDeep | undefined {
    const at = this.frames.findLastIndex((frame) => frame.opener === opener || (opener === "{" && frame.opener === "${"));
    if (at <= 0) {
      this.value = true;
      return undefined;
    }
    while (this.frames.length - 1 > at) this.pop();
    const hole = this.top.opener === "${";
    this.pop();
    if (hole) return this.template(this.index, false);
    this.value = true;
    this.afterParenthesis = opener === "(";
    return undefined;
  }

  /** A `,` or `;`: what nests to its right is a sibling of what came before it. */
  private reset(statementToo: boolean): void {
    const top = this.top;
    this.depth -= top.run;
    this.chain -= top.chain;
    top.run = 0;
    top.chain = 0;
    if (statementToo) {
      this.depth -= top.statement;
      top.statement = 0;
    }
  }

  /** A statement ended (after `;`, or a word that cannot go on an expression); `else`/`while` after `;` keep an `if`/`do` open. */
  private endStatement(continuing: boolean): void {
    this.semicolon = false;
    while (this.top.opener === "<") this.pop();
    this.reset(!continuing);
  }

  private followedByColon(from: number): boolean {
    let at = from;
    while (at < this.text.length && isSpace(this.text.charCodeAt(at))) at++;
    return this.text.charCodeAt(at) === 58 && this.text.charCodeAt(at + 1) !== 58;
  }

  private numberEnd(start: number): number {
    const { text } = this;
    let end = start + 1;
    while (end < text.length) {
      const code = text.charCodeAt(end);
      const previous = text.charCodeAt(end - 1);
      if (isWordStart(code) || (code >= 48 && code <= 57) || code === 46) end++;
      else if ((code === 43 || code === 45) && (previous === 101 || previous === 69) && !/^0[xX]/.test(text.slice(start, start + 2))) end++;
      else break;
    }
    return end;
  }

  private lineEnd(from: number): number {
    let at = from;
    while (at < this.text.length && !isLineBreak(this.text.charCodeAt(at))) at++;
    return at;
  }
}
