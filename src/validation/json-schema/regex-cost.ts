/**
 * Patterns that can take exponential time: a repeated group that itself
 * holds a repetition (`^(a+)+$`, `(\w*x?)*`) backtracks through every way
 * of splitting a near-match among its rounds, so an author's `pattern`
 * checked against 30 bytes a caller sends can block the server for seconds.
 * Found by star height (a repetition inside a repetition), the rule
 * safe-regex uses, less its commonest false alarm: a round that starts or
 * ends with a character none of its repetitions can match (`(-[a-z]+)*`,
 * `(\.\w+)+`) splits one way only. Overlapping alternatives (`(a|a)*`) are
 * not seen.
 */

/** A bounded repetition with more than this many rounds counts as unbounded (`a{1,1000}` backtracks like `a+`). */
const LARGE_BOUND = 100;

/** An atom of the pattern: its source, and for a group what repeats inside it and whether a fixed character bounds each round. */
interface Atom {
  readonly source: string;
  /** A single literal character (`-`, `\.`), which can delimit a group's rounds. */
  readonly literal?: string;
  readonly group?: GroupFacts;
}

interface GroupFacts {
  /** The sources of the atoms repeated without bound inside the group, at any depth. */
  readonly repeated: readonly string[];
  /** The group's first and last atoms when they are unrepeated literal characters, and it has no alternative. */
  readonly delimiters: readonly string[];
}

/** One open group as it is read. */
interface Open {
  readonly start: number;
  readonly repeated: string[];
  readonly atoms: { literal?: string; quantified: boolean }[];
  alternatives: boolean;
}

/**
 * Whether `pattern` repeats a group that holds an unbounded repetition and
 * whose rounds no fixed character delimits.
 *
 * @example
 * ```ts
 * nestedRepetition("^(a+)+$"); // true
 * nestedRepetition("^[a-z]+(-[a-z]+)*$"); // false: each round starts with "-", which [a-z]+ cannot match
 * ```
 */
export function nestedRepetition(pattern: string): boolean {
  const stack: Open[] = [{ start: -1, repeated: [], atoms: [], alternatives: false }];
  let last: Atom | undefined;
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at]!;
    const top = stack[stack.length - 1]!;
    const quantifier = quantifierAt(pattern, at);
    if (quantifier !== undefined) {
      const quantified = top.atoms[top.atoms.length - 1];
      if (last !== undefined && quantified !== undefined) quantified.quantified = true;
      if (last !== undefined && quantifier.unbounded) {
        if (last.group !== undefined && last.group.repeated.length > 0 && !delimited(last.group)) return true;
        top.repeated.push(last.source);
      }
      at = quantifier.end;
      last = undefined;
      continue;
    }
    if (char === "(") {
      stack.push({ start: at, repeated: [], atoms: [], alternatives: false });
      last = undefined;
      at = groupPrefixEnd(pattern, at);
      continue;
    }
    const closed = char === ")" && stack.length > 1 ? stack.pop() : undefined;
    if (closed !== undefined) {
      const delimiters: string[] = [];
      for (const atom of closed.alternatives ? [] : [closed.atoms[0], closed.atoms[closed.atoms.length - 1]])
        if (atom?.literal !== undefined && !atom.quantified) delimiters.push(atom.literal);
      const group: GroupFacts = { repeated: closed.repeated, delimiters };
      const parent = stack[stack.length - 1]!;
      parent.repeated.push(...closed.repeated);
      parent.atoms.push({ quantified: false });
      last = { source: pattern.slice(closed.start, at + 1), group };
      continue;
    }
    if (char === "|") {
      top.alternatives = true;
      last = undefined;
      continue;
    }
    const end = char === "\\" ? at + 1 : char === "[" ? classEnd(pattern, at) : at;
    const source = pattern.slice(at, end + 1);
    const literal = /^(?:[^\\^$.]|\\[^dDwWsSbBpPkux0-9cf nrtv])$/.test(source) ? source : undefined;
    last = literal === undefined ? { source } : { source, literal };
    top.atoms.push(literal === undefined ? { quantified: false } : { literal, quantified: false });
    at = end;
  }
  return false;
}

/** Whether every round of a group starts or ends with a character none of its repetitions can match. */
function delimited(group: GroupFacts): boolean {
  return group.delimiters.some((delimiter) => {
    const char = delimiter.length === 2 ? delimiter[1]! : delimiter;
    return group.repeated.every((source) => !matchesOne(source, char));
  });
}

/** Whether a repeated atom can match `char` (an atom that cannot be compiled alone is taken to match anything). */
function matchesOne(source: string, char: string): boolean {
  try {
    return new RegExp(`^(?:${source})$`, "u").test(char) || new RegExp(`^(?:${source})+$`, "u").test(char);
  } catch {
    return true;
  }
}

/** Where a group's opening ends: past `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>`. */
function groupPrefixEnd(pattern: string, open: number): number {
  if (pattern[open + 1] !== "?") return open;
  if (pattern[open + 2] === "<" && pattern[open + 3] !== "=" && pattern[open + 3] !== "!") {
    const close = pattern.indexOf(">", open);
    return close < 0 ? open : close;
  }
  return pattern[open + 2] === "<" ? open + 3 : open + 2;
}

/** The index of the `]` closing the character class opened at `start`. */
function classEnd(pattern: string, start: number): number {
  for (let at = start + 1; at < pattern.length; at++) {
    if (pattern[at] === "\\") at++;
    else if (pattern[at] === "]") return at;
  }
  return pattern.length - 1;
}

/** The quantifier starting at `at` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), if one does. */
function quantifierAt(pattern: string, at: number): { unbounded: boolean; end: number } | undefined {
  const char = pattern[at];
  const lazy = (end: number) => (pattern[end + 1] === "?" ? end + 1 : end);
  if (char === "*" || char === "+") return { unbounded: true, end: lazy(at) };
  if (char === "?") return { unbounded: false, end: at };
  if (char !== "{") return undefined;
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at, at + 24));
  if (braces === null) return undefined;
  const upper = braces[2] === undefined ? Number(braces[1]) : braces[3] === "" ? Infinity : Number(braces[3]);
  return { unbounded: upper > LARGE_BOUND, end: lazy(at + braces[0].length - 1) };
}
