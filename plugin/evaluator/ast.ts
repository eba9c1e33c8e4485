/**
 * The syntax tree the evaluator walks: the ESTree/TS-ESTree tree of
 * `oxc-parser`, with a `parent` pointer on every node (the evaluator resolves
 * names by walking up) and the file each tree came from. Positions are
 * UTF-16 offsets into the file's text — the unit TypeScript diagnostics and
 * editors use — turned into 1-based lines and columns here.
 */
import type { Node as OxcNode, Program } from "oxc-parser";
import { tooDeep } from "./nesting.js";
import { loadParser } from "./parser.js";
import { MAX_SOURCE_CHARACTERS, nestedTooDeeply, SourceNotParsed, tooLarge } from "./syntax.js";
import { nextTransferIsRaw } from "./transfer.js";

/**
 * A node of the tree: oxc's own ESTree/TS-ESTree node types, a union
 * discriminated by `type`, each with its offsets and the `parent` this module
 * sets (`undefined` for the `Program`).
 */
export type Node = OxcNode;

/** The nodes of `type` "Identifier": references, bindings, names after a dot, labels, `this` parameters. */
export type Identifier = Extract<Node, { type: "Identifier" }>;

/** A node's parent (`undefined` for the `Program`, whose `parent` is typed `null`). */
export function parentOf(node: Node): Node | undefined {
  return node.parent ?? undefined;
}

/** A parsed module: its name, text, tree and the parser's first error, if any. */
export interface SourceFile {
  readonly fileName: string;
  readonly text: string;
  /** The tree, built when first read: a module asked only what it exports is answered from `exportStatements`. */
  readonly program: Program;
  /** The parser's record of the module's export statements: their offsets and the names each exports. */
  readonly exportStatements: readonly ExportStatement[];
  /** The specifiers of the module's static imports and re-exports, from the parser's record, in source order. */
  readonly moduleRequests: readonly string[];
  /** The first error the parser reported (the tree is then a recovery guess and is not evaluated). */
  readonly parseError: ParseError | undefined;
  /** 1-based line and column of an offset. */
  position(offset: number): { readonly line: number; readonly column: number };
}

/** An export statement as the parser records it: where it is, and the local names it exports (`null`: a re-export from `moduleRequest`). */
export interface ExportStatement {
  readonly start: number;
  readonly end: number;
  readonly entries: readonly {
    readonly exportName: { readonly kind: string; readonly name: string | null };
    readonly moduleRequest: unknown;
  }[];
}

/** Where a text stops being parseable, 1-based, with the parser's message. */
export interface ParseError {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

const files = new WeakMap<Node, SourceFile>();
/** Every node of a module's tree in the order `walk` visits them, listed when the tree is built. */
const preorders = new WeakMap<Node, readonly Node[]>();

/**
 * Parses a module with oxc-parser (the language from its extension) and sets
 * parent pointers. Throws the parser's own "not installed" error when
 * oxc-parser cannot be loaded (see `parser.ts`), and `SourceNotParsed` for a
 * text nested too deeply for the parser (`nesting.ts`), larger than
 * `MAX_SOURCE_CHARACTERS`, or that the parser fails on.
 *
 * @example
 * ```ts
 * const file = parseModule("/src/tools.ts", "export const x = 1;");
 * file.program.body[0].type; // "ExportNamedDeclaration"
 * ```
 */
export function parseModule(fileName: string, source: string): SourceFile {
  const parser = loadParser();
  if (source.length > MAX_SOURCE_CHARACTERS) throw tooLarge(source.length);
  // A JSON module is read as the module a bundler makes of it: its value as the default export.
  const prefix = /\.json$/i.test(fileName) ? "export default " : "";
  const text = prefix + source;
  const deep = tooDeep(text, /\.[jt]sx$/i.test(fileName));
  if (deep !== undefined) throw nestedTooDeeply(deep, text, prefix.length);
  // `.cjs`/`.cts` are CommonJS; every other module is read as an ES module, as bundlers and TypeScript read them.
  const sourceType = /\.c[jt]s$/i.test(fileName) ? "commonjs" : "module";
  const parse = (raw: boolean) =>
    parser.parseSync(fileName, text, {
      sourceType,
      preserveParens: true,
      lang: languageOf(fileName),
      experimentalRawTransfer: raw,
    } as Parameters<typeof parser.parseSync>[2]);
  let result: ReturnType<typeof parse>;
  // Node ≥ 22 can read the tree from the parser's memory directly instead of through JSON (`transfer.ts` says when).
  const raw = nextTransferIsRaw(rawTransferSupported(parser));
  try {
    try {
      result = parse(raw);
    } catch (error) {
      // Raw transfer rebuilds the tree recursively, JSON transfer in a loop: a long chain (20,000 `+` terms) is read through JSON.
      if (!raw || !(error instanceof RangeError)) throw error;
      result = parse(false);
    }
  } catch (error) {
    // Whatever else the parser throws (its output too large for a string, …) is one line, never the parser's stack.
    const message = error instanceof Error ? error.message : String(error);
    throw new SourceNotParsed("unparsable", `the parser failed on it (${message.split("\n")[0]!.slice(0, 200)})`);
  }
  visitorKeys = parser.visitorKeys;
  // Severity is a const enum, which the type-only import of the parser cannot name.
  const firstError = result.errors.find((error) => (error.severity as string) === "Error");
  let lineStarts: number[] | undefined;
  const position = (offset: number) => {
    lineStarts ??= computeLineStarts(text);
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 - (low === 0 ? prefix.length : 0) };
  };
  const parseError = firstError === undefined ? undefined : { message: firstError.message, ...position(firstError.labels[0]?.start ?? 0) };
  // Through JSON (the main thread's first modules) the tree arrives as text: most imported modules are only asked
  // what they export, and never pay for its objects.
  let program: Program | undefined;
  const file: SourceFile = {
    fileName,
    text,
    get program() {
      if (program === undefined) {
        program = result.program;
        preorders.set(program, setParents(program));
        files.set(program, file);
      }
      return program;
    },
    exportStatements: result.module.staticExports,
    moduleRequests: moduleRequestsOf(result.module),
    parseError,
    position,
  };
  return file;
}

/** What the parser records of a module's requests: `import … from "x"` and `export … from "x"`. */
interface ModuleRecord {
  readonly staticImports: readonly { readonly moduleRequest: { readonly value: string } }[];
  readonly staticExports: readonly { readonly entries: readonly { readonly moduleRequest: { readonly value: string } | null }[] }[];
}

function moduleRequestsOf(record: ModuleRecord): string[] {
  const requests = new Set<string>();
  for (const statement of record.staticImports) requests.add(statement.moduleRequest.value);
  for (const statement of record.staticExports)
    for (const entry of statement.entries) if (entry.moduleRequest !== null) requests.add(entry.moduleRequest.value);
  return [...requests];
}

let visitorKeys: Readonly<Record<string, readonly string[]>> | undefined;
let rawTransferIsSupported: boolean | undefined;

function rawTransferSupported(parser: ReturnType<typeof loadParser>): boolean {
  rawTransferIsSupported ??= parser.rawTransferSupported();
  return rawTransferIsSupported;
}

function languageOf(fileName: string): "js" | "jsx" | "ts" | "tsx" {
  const extension = /\.([cm]?[jt]sx?)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "ts";
  if (extension === "tsx") return "tsx";
  if (extension === "jsx") return "jsx";
  // JavaScript files are parsed as TypeScript too: a superset, so what the bundler accepts is read.
  return extension.endsWith("js") ? "js" : "ts";
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10) starts.push(index + 1);
    else if (code === 13) {
      if (text.charCodeAt(index + 1) === 10) index++;
      starts.push(index + 1);
    } else if (code === 0x2028 || code === 0x2029) starts.push(index + 1);
  }
  return starts;
}

/**
 * Sets `parent` on every node, with a stack of its own (generated code may
 * nest deeper than the call stack allows), and lists the nodes as `walk`
 * visits them: the checks that look at every node of a module go through
 * the list (`everyNode`) instead of walking the tree again each.
 */
function setParents(root: Node): Node[] {
  const order: Node[] = [];
  const pending: Node[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    order.push(node);
    const from = pending.length;
    if (!pushChildren(node, pending)) pending.push(...pending.splice(from).sort((a, b) => a.start - b.start));
    // A plain property (defining a non-enumerable one per node costs a tenth of the parse):
    // walks go by visitor keys, never by `Object.values`.
    for (let index = from; index < pending.length; index++) (pending[index] as { parent?: Node }).parent = node;
    reverseFrom(pending, from);
  }
  return order;
}

/**
 * Every node of a module's tree, depth first in source order — what
 * `walk(program, visit)` visits when `visit` never leaves a node's children
 * out — from the list made with the tree.
 *
 * @example
 * ```ts
 * for (const node of everyNode(sourceFile.program)) if (node.type === "CallExpression") calls.push(node);
 * ```
 */
export function everyNode(program: Node): readonly Node[] {
  let order = preorders.get(program);
  if (order === undefined) {
    const listed: Node[] = [];
    walk(program, (node) => void listed.push(node));
    preorders.set(program, (order = listed));
  }
  return order;
}

/**
 * The identifiers of a module that `keep` accepts, by name, in source
 * order, from the list made with the tree (`everyNode`).
 *
 * @example
 * ```ts
 * identifiersByName(sourceFile.program, (identifier) => identifier.parent?.type === "CallExpression").get("schema");
 * ```
 */
export function identifiersByName(program: Node, keep: (identifier: Identifier) => boolean): Map<string, Identifier[]> {
  const byName = new Map<string, Identifier[]>();
  for (const node of everyNode(program)) {
    if (node.type !== "Identifier" || !keep(node)) continue;
    const list = byName.get(node.name);
    if (list === undefined) byName.set(node.name, [node]);
    else list.push(node);
  }
  return byName;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/**
 * The children of a node, in source order.
 *
 * @example
 * ```ts
 * for (const child of childrenOf(node)) visit(child);
 * ```
 */
export function childrenOf(node: Node): Node[] {
  const children: Node[] = [];
  return pushChildren(node, children) ? children : children.sort((a, b) => a.start - b.start);
}

/**
 * Visits `root` and every node under it, depth first in source order, with a
 * stack of its own (generated code may nest deeper than the call stack
 * allows). `visit` answers `false` to leave a node's children out.
 *
 * @example
 * ```ts
 * walk(sourceFile.program, (node) => void (node.type === "CallExpression" && calls.push(node)));
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- a visitor that returns nothing goes into every node
export function walk(root: Node, visit: (node: Node) => boolean | void): void {
  const pending: Node[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (visit(node) === false) continue;
    // Pushed straight onto the stack, last child first (no list per node: every checked file's every node passes here).
    const from = pending.length;
    if (!pushChildren(node, pending)) pending.push(...pending.splice(from).sort((a, b) => a.start - b.start));
    reverseFrom(pending, from);
  }
}

/** Reverses the entries of `list` from `from` on, in place (the stack then pops a node's children first to last). */
function reverseFrom(list: Node[], from: number): void {
  for (let low = from, high = list.length - 1; low < high; low++, high--) {
    const swapped = list[low]!;
    list[low] = list[high]!;
    list[high] = swapped;
  }
}

/** Appends a node's children to `list` in visitor-key order; whether that order is source order. */
function pushChildren(node: Node, list: Node[]): boolean {
  // Indexed loops: every node of every checked file passes here, and `for…of` allocated a result per step.
  visitorKeys ??= loadParser().visitorKeys;
  const keys = visitorKeys[node.type] ?? [];
  const from = list.length;
  let ordered = true;
  // eslint-disable-next-line @typescript-eslint/prefer-for-of -- see above
  for (let field = 0; field < keys.length; field++) {
    // The visitor keys name each type's child fields: read by name, as any walker of the tree does.
    const child = (node as unknown as Readonly<Record<string, unknown>>)[keys[field]!];
    if (Array.isArray(child)) {
      // eslint-disable-next-line @typescript-eslint/prefer-for-of -- see above
      for (let index = 0; index < child.length; index++) {
        const item: unknown = child[index];
        if (isNode(item)) ordered = pushAfter(list, from, item) && ordered;
      }
    } else if (isNode(child)) ordered = pushAfter(list, from, child) && ordered;
  }
  return ordered;
}

/** Appends a child after the ones from `from`; whether they are still in source order. */
function pushAfter(list: Node[], from: number, child: Node): boolean {
  const last = list.length > from ? list[list.length - 1]! : undefined;
  list.push(child);
  return last === undefined || last.start <= child.start;
}

/** The module a node belongs to. */
export function sourceFileOf(node: Node): SourceFile {
  let root = node;
  while (root.type !== "Program" && root.parent !== undefined) root = root.parent;
  const file = files.get(root);
  if (file === undefined) throw new Error("a node outside any parsed module");
  return file;
}

/** A node's source text. */
export function textOf(node: Node): string {
  return sourceFileOf(node).text.slice(node.start, node.end);
}

/** The 1-based position of a node's start. */
export function positionOf(node: Node): { readonly fileName: string; readonly line: number; readonly column: number } {
  const file = sourceFileOf(node);
  return { fileName: file.fileName, ...file.position(node.start) };
}
