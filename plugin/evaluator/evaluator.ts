/**
 * The static evaluator: turns an expression into the value it denotes,
 * without executing anything. What it understands: object and
 * array literals, string/number/boolean/null/template literals, `as const`,
 * `satisfies`, type assertions, non-null assertions, parentheses, spreads,
 * shorthand properties, computed keys that evaluate, identifiers bound to
 * `const` declarations, and `const` exports of local modules — plus, as
 * plainly static, `+` on strings and numbers, a sign on a number, and reading
 * a known key of a known object. Everything else evaluates to an `Unknown`.
 * One file's evaluation is bounded (`budget.ts`).
 */
import type {
  ArrowFunctionExpression,
  BigIntLiteral,
  BinaryExpression,
  BooleanLiteral,
  Function,
  MemberExpression,
  NullLiteral,
  NumericLiteral,
  PrivateInExpression,
  RegExpLiteral,
  StringLiteral,
  TemplateLiteral,
  UnaryExpression,
} from "oxc-parser";
import type { Node } from "./ast.js";
import { Budget, type BudgetLimits } from "./budget.js";
import { evaluateArray, evaluateObject, type LiteralContext } from "./literals.js";
import type { ModuleHost } from "./modules.js";
import { Provenance } from "./provenance.js";
import { References } from "./references.js";
import { ValueSizes } from "./sizes.js";
import { Unknown } from "./unknown.js";
import { unwrap } from "./wrappers.js";

export { unwrap };

/** What an evaluation session may be told besides its module host. */
export interface EvaluatorOptions {
  /** The budget of the session (default `DEFAULT_BUDGET`). */
  readonly budget?: BudgetLimits | undefined;
  /** Whether a call passing a constant as an argument leaves it as it is (`defineTool(x)`, `Object.freeze(x)`). */
  readonly isHarmlessCall?: ((callee: Node) => boolean) | undefined;
  /** The folder whose modules may be read (the checked file's project); a module outside it is not read, its values unknown. */
  readonly project?: string | undefined;
}

/**
 * One evaluation session: its caches (each `const` is evaluated once, so a
 * shared object keeps its identity as at run time), the provenance of every
 * value, the files it read, and its budget.
 *
 * @example
 * ```ts
 * const evaluator = new Evaluator(diskHost());
 * const value = evaluator.evaluate(call.arguments[0]);
 * evaluator.provenance.nodeOf(value as object); // the object literal
 * ```
 */
export class Evaluator implements LiteralContext {
  readonly provenance = new Provenance();
  readonly budget: Budget;
  readonly references: References;
  private readonly returns = new WeakMap<object, Node>();
  private readonly sizes = new ValueSizes();

  constructor(
    readonly host: ModuleHost,
    options: EvaluatorOptions = {},
  ) {
    this.budget = new Budget(options.budget);
    this.references = new References(this, host, options.isHarmlessCall ?? (() => false), options.project);
  }

  /** Every file read to follow imports, so a bundler can watch them. */
  get filesRead(): readonly string[] {
    return this.references.filesRead;
  }

  /** The value of an expression, with `Unknown` wherever it cannot be known. */
  evaluate(node: Node): unknown {
    const expression = unwrap(node);
    const overrun = this.budget.overrun("steps", 1);
    if (overrun !== undefined) return new Unknown(expression, overrun);
    switch (expression.type) {
      case "Literal":
        return literalValue(expression);
      case "TemplateLiteral":
        return this.template(expression);
      case "ObjectExpression":
        return evaluateObject(this, expression);
      case "ArrayExpression":
        return evaluateArray(this, expression);
      case "Identifier":
        return this.references.identifier(expression);
      case "MemberExpression":
        return this.access(expression);
      case "UnaryExpression":
        return this.sign(expression);
      case "BinaryExpression":
        return this.plus(expression);
      case "ArrowFunctionExpression":
      case "FunctionExpression":
        return this.functionValue(expression);
      default:
        return new Unknown(expression, `${describeKind(expression)} is not evaluated`);
    }
  }

  /**
   * A value used by name (a constant, an import): its whole size is paid for
   * at every use, so values shared many times over (`[w, w]` forty levels
   * deep) are unknown long before validation walks them; an `Unknown` once
   * the budget is spent.
   */
  used(value: unknown, node: Node): unknown {
    const overrun = this.budget.overrun("uses", this.sizes.of(value));
    return overrun === undefined ? value : new Unknown(node, overrun);
  }

  /** Spends budget for entries created; an `Unknown` once it is spent. */
  entries(node: Node, count: number): Unknown | undefined {
    const overrun = this.budget.overrun("entries", count);
    return overrun === undefined ? undefined : new Unknown(node, overrun);
  }

  /**
   * An inert function standing for a function-like node; it is never
   * called. When its body only returns an expression, that expression is
   * remembered so a tool's `actions: () => ({ … })` can be evaluated.
   */
  functionValue(node: Node): unknown {
    const inert = function wymcpStaticFunction(): never {
      throw new Error("a statically evaluated function is never called");
    };
    this.provenance.created(inert, node);
    const returned = isFunctionLike(node) ? returnedExpression(node) : undefined;
    if (returned !== undefined) this.returns.set(inert, returned);
    return inert;
  }

  /** The value a parameterless function returns, when it only returns an expression; else `Unknown`. */
  returnedValue(fn: unknown, node: Node): unknown {
    const created = typeof fn === "function" ? this.provenance.nodeOf(fn) : undefined;
    const functionNode = created !== undefined && isFunctionLike(created) ? created : undefined;
    if (functionNode?.async === true) return new Unknown(node, "an async function returns a promise: its value is not evaluated");
    if (functionNode?.generator === true) return new Unknown(node, "a generator function returns an iterator: its value is not evaluated");
    const returned = typeof fn === "function" ? this.returns.get(fn) : undefined;
    if (returned === undefined) return new Unknown(node, "a function is evaluated only when it just returns an expression");
    return this.evaluate(returned);
  }

  /** A property key: identifiers and literals as written, and computed keys that evaluate to a string or number. */
  propertyKey(key: Node, computed: boolean): string | Unknown {
    if (!computed) {
      if (key.type === "Identifier") return key.name;
      if (key.type === "Literal") return typeof key.value === "string" ? key.value : String(key.value);
      return new Unknown(key, "a private name is not evaluated");
    }
    const value = this.evaluate(key);
    if (typeof value === "string" || typeof value === "number") return String(value);
    return value instanceof Unknown ? value : new Unknown(key, "a computed key that is not a string or number is not evaluated");
  }

  /** Reads a key of a known object (`a.b`, `a["b"]`, `ns.name` of a namespace import). */
  private access(node: MemberExpression): unknown {
    if (node.property.type === "PrivateIdentifier") return new Unknown(node, "a private name is not evaluated");
    const key = node.computed ? this.evaluate(node.property) : node.property.name;
    if (key instanceof Unknown) return key;
    if (typeof key !== "string" && typeof key !== "number")
      return new Unknown(node, "a key that is not a string or number is not evaluated");
    const namespace = this.references.namespaceMember(node.object, String(key), node);
    if (namespace !== undefined) return namespace;
    return this.member(this.evaluate(node.object), String(key), node);
  }

  /** An own key of a known object or array; anything less certain is `Unknown`. */
  member(holder: unknown, key: string, node: Node): unknown {
    if (holder instanceof Unknown) return holder;
    if (typeof holder === "object" && holder !== null && Object.hasOwn(holder, key)) return (holder as Record<string, unknown>)[key];
    return new Unknown(
      node,
      this.provenance.isPartial(holder)
        ? `"${key}" may come from a part that is not known`
        : `"${key}" is not an own key of a known object`,
    );
  }

  private template(node: TemplateLiteral): unknown {
    const { quasis, expressions } = node;
    let text = quasis[0]!.value.cooked;
    if (text === null) return new Unknown(node, "a template with an invalid escape is not evaluated");
    for (let index = 0; index < expressions.length; index++) {
      const span = expressions[index]!;
      const value = this.evaluate(span);
      if (value instanceof Unknown) return value;
      if ((typeof value === "object" && value !== null) || typeof value === "function" || typeof value === "symbol") {
        return new Unknown(span, "only strings, numbers, booleans, null and undefined are evaluated in a template");
      }
      const cooked = quasis[index + 1]!.value.cooked;
      if (cooked === null) return new Unknown(node, "a template with an invalid escape is not evaluated");
      const next = this.concatenate(span, text, String(value) + cooked);
      if (next instanceof Unknown) return next;
      text = next;
    }
    return text;
  }

  private sign(node: UnaryExpression): unknown {
    if (node.operator !== "-" && node.operator !== "+") return new Unknown(node, `the operator "${node.operator}" is not evaluated`);
    const operand = this.evaluate(node.argument);
    if (operand instanceof Unknown) return operand;
    if (typeof operand === "number") return node.operator === "-" ? -operand : operand;
    return new Unknown(node, "only a sign on a number is evaluated");
  }

  /**
   * `a + b + c …`, folded left to right as JavaScript does. A left-leaning
   * chain is walked in a loop, not by recursion: a generated chain of
   * thousands of terms must not exhaust the stack.
   */
  private plus(node: BinaryExpression | PrivateInExpression): unknown {
    const chain: (BinaryExpression | PrivateInExpression)[] = [];
    for (let link: Node = node; link.type === "BinaryExpression"; link = unwrapParentheses(link.left)) {
      chain.push(link);
      if (link.operator !== "+") break;
    }
    const innermost = chain.at(-1);
    if (innermost === undefined) return new Unknown(node, "not a binary expression"); // callers pass one
    if (innermost.operator !== "+") return new Unknown(innermost, `the operator "${innermost.operator}" is not evaluated`);
    let left = this.evaluate(innermost.left);
    for (let index = chain.length - 1; index >= 0; index--) {
      const link = chain[index]!;
      if (left instanceof Unknown) return left;
      const right = this.evaluate(link.right);
      if (right instanceof Unknown) return right;
      left = this.add(link, left, right);
    }
    return left;
  }

  private add(node: Node, left: unknown, right: unknown): unknown {
    if (typeof left === "string" || typeof right === "string") {
      if ((typeof left === "string" || typeof left === "number") && (typeof right === "string" || typeof right === "number"))
        return this.concatenate(node, `${left}`, `${right}`);
    } else if (typeof left === "number" && typeof right === "number") return left + right;
    return new Unknown(node, "only + on strings and numbers is evaluated");
  }

  /** Joins two strings; the characters added are paid for from the budget (the engine shares the left part). */
  private concatenate(node: Node, left: string, right: string): string | Unknown {
    const overrun = this.budget.overrun("characters", right.length);
    if (overrun !== undefined) return new Unknown(node, overrun);
    return left + right;
  }
}

/** The literal nodes: all of `type` "Literal", told apart by their `bigint` and `regex` fields. */
type Literal = BooleanLiteral | NullLiteral | NumericLiteral | StringLiteral | BigIntLiteral | RegExpLiteral;

function literalValue(node: Literal): unknown {
  if ("bigint" in node) return BigInt(node.bigint);
  if ("regex" in node) return new Unknown(node, "a regular expression is not evaluated");
  return node.value;
}

/** A function or arrow function node (what `functionValue` stands for). */
type FunctionLike = Function | ArrowFunctionExpression;

function isFunctionLike(node: Node): node is FunctionLike {
  switch (node.type) {
    case "ArrowFunctionExpression":
    case "FunctionExpression":
    case "FunctionDeclaration":
    case "TSDeclareFunction":
    case "TSEmptyBodyFunctionExpression":
      return true;
    default:
      return false;
  }
}

/** Strips parentheses only: the chain goes on through `(a + b) + c`; any other wrapper ends it and is evaluated as usual. */
function unwrapParentheses(node: Node): Node {
  let expression = node;
  while (expression.type === "ParenthesizedExpression") expression = expression.expression;
  return expression;
}

/** The expression a function body only returns: `() => x`, `() => { return x; }` (after `const`s). */
function returnedExpression(node: FunctionLike): Node | undefined {
  const body = node.body;
  if (body === null) return undefined;
  if (body.type !== "BlockStatement") return body;
  const statements = body.body;
  const last = statements.at(-1);
  const onlyConsts = statements.slice(0, -1).every((statement) => statement.type === "VariableDeclaration" && statement.kind === "const");
  return last?.type === "ReturnStatement" && last.argument !== null && onlyConsts ? last.argument : undefined;
}

function describeKind(node: Node): string {
  switch (node.type) {
    case "CallExpression":
      return "a function call";
    case "NewExpression":
      return "a constructor call";
    case "ConditionalExpression":
      return "a conditional expression";
    case "TaggedTemplateExpression":
      return "a tagged template";
    case "AwaitExpression":
      return "an await expression";
    case "ClassExpression":
      return "a class expression";
    default:
      return `a ${node.type}`;
  }
}
