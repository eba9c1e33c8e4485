/**
 * The static evaluator: turns an expression into the value it denotes,
 * without executing anything. What it understands (SPEC §4): object and
 * array literals, string/number/boolean/null/template literals, `as const`,
 * `satisfies`, type assertions, non-null assertions, parentheses, spreads,
 * shorthand properties, computed keys that evaluate, identifiers bound to
 * `const` declarations, and `const` exports of relative modules — plus, as
 * plainly static, `+` on strings and numbers, a sign on a number, and reading
 * a known key of a known object. Everything else evaluates to an `Unknown`.
 */
import type ts from "typescript";
import { typescript } from "./typescript.js";
import { evaluateArray, evaluateObject, type LiteralContext } from "./literals.js";
import type { ModuleHost } from "./modules.js";
import { Provenance } from "./provenance.js";
import { References } from "./references.js";
import { Unknown } from "./unknown.js";

/**
 * One evaluation session: its caches (each `const` is evaluated once, so a
 * shared object keeps its identity as at run time), the provenance of every
 * value, and the files it read.
 *
 * @example
 * ```ts
 * const evaluator = new Evaluator(diskHost());
 * const value = evaluator.evaluate(call.arguments[0]!);
 * evaluator.provenance.nodeOf(value as object); // the object literal
 * ```
 */
export class Evaluator implements LiteralContext {
  readonly provenance = new Provenance();
  private readonly references: References;
  private readonly returns = new WeakMap<object, ts.Expression>();

  constructor(readonly host: ModuleHost) {
    this.references = new References(this, host);
  }

  /** Every file read to follow imports, so a bundler can watch them. */
  get filesRead(): readonly string[] {
    return this.references.filesRead;
  }

  /** The value of an expression, with `Unknown` wherever it cannot be known. */
  evaluate(node: ts.Expression): unknown {
    const expression = unwrap(node);
    switch (expression.kind) {
      case typescript.SyntaxKind.StringLiteral:
      case typescript.SyntaxKind.NoSubstitutionTemplateLiteral:
        return (expression as ts.StringLiteral).text;
      case typescript.SyntaxKind.NumericLiteral:
        return Number((expression as ts.NumericLiteral).text);
      case typescript.SyntaxKind.BigIntLiteral:
        return BigInt((expression as ts.BigIntLiteral).text.slice(0, -1));
      case typescript.SyntaxKind.TrueKeyword:
        return true;
      case typescript.SyntaxKind.FalseKeyword:
        return false;
      case typescript.SyntaxKind.NullKeyword:
        return null;
      case typescript.SyntaxKind.TemplateExpression:
        return this.template(expression as ts.TemplateExpression);
      case typescript.SyntaxKind.ObjectLiteralExpression:
        return evaluateObject(this, expression as ts.ObjectLiteralExpression);
      case typescript.SyntaxKind.ArrayLiteralExpression:
        return evaluateArray(this, expression as ts.ArrayLiteralExpression);
      case typescript.SyntaxKind.Identifier:
        return this.references.identifier(expression as ts.Identifier);
      case typescript.SyntaxKind.PropertyAccessExpression:
      case typescript.SyntaxKind.ElementAccessExpression:
        return this.access(expression as ts.PropertyAccessExpression | ts.ElementAccessExpression);
      case typescript.SyntaxKind.PrefixUnaryExpression:
        return this.sign(expression as ts.PrefixUnaryExpression);
      case typescript.SyntaxKind.BinaryExpression:
        return this.plus(expression as ts.BinaryExpression);
      case typescript.SyntaxKind.ArrowFunction:
      case typescript.SyntaxKind.FunctionExpression:
        return this.functionValue(expression as ts.ArrowFunction | ts.FunctionExpression);
      default:
        return new Unknown(expression, `${describeKind(expression)} is not evaluated`);
    }
  }

  /**
   * An inert function standing for a function-like node; it is never
   * called. When its body only returns an expression, that expression is
   * remembered so a tool's `actions: () => ({ … })` can be evaluated.
   */
  functionValue(node: ts.FunctionLikeDeclaration): unknown {
    const inert = function wymcpStaticFunction(): never {
      throw new Error("a statically evaluated function is never called");
    };
    this.provenance.created(inert, node);
    const returned = returnedExpression(node);
    if (returned !== undefined) this.returns.set(inert, returned);
    return inert;
  }

  /** The value a parameterless function returns, when it only returns an expression; else `Unknown`. */
  returnedValue(fn: unknown, node: ts.Node): unknown {
    const returned = typeof fn === "function" ? this.returns.get(fn) : undefined;
    if (returned === undefined) return new Unknown(node, "a function is evaluated only when it just returns an expression");
    return this.evaluate(returned);
  }

  /** A property name as a key: identifiers, literals, and computed keys that evaluate to a string or number. */
  propertyKey(name: ts.PropertyName): string | Unknown {
    if (typescript.isIdentifier(name) || typescript.isStringLiteral(name) || typescript.isNoSubstitutionTemplateLiteral(name)) return name.text;
    if (typescript.isNumericLiteral(name)) return String(Number(name.text));
    if (typescript.isComputedPropertyName(name)) {
      const key = this.evaluate(name.expression);
      if (typeof key === "string" || typeof key === "number") return String(key);
      return key instanceof Unknown ? key : new Unknown(name, "a computed key that is not a string or number is not evaluated");
    }
    return new Unknown(name, "a private name is not evaluated");
  }

  /** Reads a key of a known object (`a.b`, `a["b"]`, `ns.name` of a namespace import). */
  private access(node: ts.PropertyAccessExpression | ts.ElementAccessExpression): unknown {
    const key = typescript.isPropertyAccessExpression(node)
      ? typescript.isIdentifier(node.name) ? node.name.text : undefined
      : this.evaluate(node.argumentExpression);
    if (key instanceof Unknown) return key;
    if (typeof key !== "string" && typeof key !== "number") return new Unknown(node, "a key that is not a string or number is not evaluated");
    const namespace = this.references.namespaceMember(node.expression, String(key), node);
    if (namespace !== undefined) return namespace;
    return this.member(this.evaluate(node.expression), String(key), node);
  }

  /** An own key of a known object or array; anything less certain is `Unknown`. */
  member(holder: unknown, key: string, node: ts.Node): unknown {
    if (holder instanceof Unknown) return holder;
    if (typeof holder === "object" && holder !== null && Object.hasOwn(holder, key)) return (holder as Record<string, unknown>)[key];
    return new Unknown(node, this.provenance.isPartial(holder) ? `"${key}" may come from a part that is not known` : `"${key}" is not an own key of a known object`);
  }

  private template(node: ts.TemplateExpression): unknown {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const value = this.evaluate(span.expression);
      if (value instanceof Unknown) return value;
      if (typeof value === "object" || typeof value === "function" || typeof value === "symbol") {
        return new Unknown(span.expression, "only strings, numbers, booleans, null and undefined are evaluated in a template");
      }
      const next = concatenate(span, text, String(value) + span.literal.text);
      if (next instanceof Unknown) return next;
      text = next;
    }
    return text;
  }

  private sign(node: ts.PrefixUnaryExpression): unknown {
    const operand = this.evaluate(node.operand);
    if (operand instanceof Unknown) return operand;
    if (typeof operand === "number" && node.operator === typescript.SyntaxKind.MinusToken) return -operand;
    if (typeof operand === "number" && node.operator === typescript.SyntaxKind.PlusToken) return operand;
    return new Unknown(node, "only a sign on a number is evaluated");
  }

  /**
   * `a + b + c …`, folded left to right as JavaScript does. A left-leaning
   * chain is walked in a loop, not by recursion: a generated chain of
   * thousands of terms must not exhaust the stack.
   */
  private plus(node: ts.BinaryExpression): unknown {
    const chain: ts.BinaryExpression[] = [];
    for (let link: ts.Expression = node; typescript.isBinaryExpression(link); link = unwrapParentheses(link.left)) {
      chain.push(link);
      if (link.operatorToken.kind !== typescript.SyntaxKind.PlusToken) break;
    }
    const innermost = chain.at(-1)!;
    if (innermost.operatorToken.kind !== typescript.SyntaxKind.PlusToken) {
      return new Unknown(innermost, `the operator "${innermost.operatorToken.getText()}" is not evaluated`);
    }
    let left = this.evaluate(innermost.left);
    for (let index = chain.length - 1; index >= 0; index--) {
      const link = chain[index]!;
      if (left instanceof Unknown) return left;
      const right = this.evaluate(link.right);
      if (right instanceof Unknown) return right;
      left = add(link, left, right);
    }
    return left;
  }
}

/**
 * The longest string the evaluator builds by `+` or a template (16 Mi
 * characters). Constants that double each other (`const b = a + a; const c =
 * b + b; …`) would otherwise reach the engine's own limit and throw.
 */
const MAX_EVALUATED_STRING_LENGTH = 2 ** 24;

function add(node: ts.BinaryExpression, left: unknown, right: unknown): unknown {
  if (typeof left === "string" || typeof right === "string") {
    if ((typeof left === "string" || typeof left === "number") && (typeof right === "string" || typeof right === "number")) return concatenate(node, `${left}`, `${right}`);
  } else if (typeof left === "number" && typeof right === "number") return left + right;
  return new Unknown(node, "only + on strings and numbers is evaluated");
}

function concatenate(node: ts.Node, left: string, right: string): string | Unknown {
  if (left.length + right.length > MAX_EVALUATED_STRING_LENGTH) return new Unknown(node, `a string longer than ${MAX_EVALUATED_STRING_LENGTH} characters is not evaluated`);
  return left + right;
}

/** Strips parentheses only: the chain goes on through `(a + b) + c`; any other wrapper ends it and is evaluated as usual. */
function unwrapParentheses(node: ts.Expression): ts.Expression {
  let expression = node;
  while (typescript.isParenthesizedExpression(expression)) expression = expression.expression;
  return expression;
}

/** Strips what changes only the type: parentheses, `as`, `satisfies`, `<T>x`, `x!`. */
export function unwrap(node: ts.Expression): ts.Expression {
  let expression = node;
  while (
    typescript.isParenthesizedExpression(expression) || typescript.isAsExpression(expression) || typescript.isSatisfiesExpression(expression) ||
    typescript.isTypeAssertionExpression(expression) || typescript.isNonNullExpression(expression)
  ) {
    expression = expression.expression;
  }
  return expression;
}

/** The expression a function body only returns: `() => x`, `() => { return x; }` (after `const`s). */
function returnedExpression(node: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  const body = node.body;
  if (body === undefined) return undefined;
  if (!typescript.isBlock(body)) return body;
  const last = body.statements.at(-1);
  const onlyConsts = body.statements.slice(0, -1).every((statement) => typescript.isVariableStatement(statement) && statement.declarationList.flags & typescript.NodeFlags.Const);
  return last !== undefined && typescript.isReturnStatement(last) && last.expression !== undefined && onlyConsts ? last.expression : undefined;
}

function describeKind(node: ts.Node): string {
  switch (node.kind) {
    case typescript.SyntaxKind.CallExpression:
      return "a function call";
    case typescript.SyntaxKind.NewExpression:
      return "a constructor call";
    case typescript.SyntaxKind.ConditionalExpression:
      return "a conditional expression";
    case typescript.SyntaxKind.TaggedTemplateExpression:
      return "a tagged template";
    case typescript.SyntaxKind.AwaitExpression:
      return "an await expression";
    case typescript.SyntaxKind.ClassExpression:
      return "a class expression";
    default:
      return `a ${typescript.SyntaxKind[node.kind]}`;
  }
}
