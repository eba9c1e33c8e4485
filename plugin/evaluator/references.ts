/**
 * Following names to values: `const` bindings (evaluated once each, so
 * shared objects keep their identity), imports from relative modules through
 * any chain of re-exports, and namespace members. Cycle-safe: a `const`
 * reached again while it is being evaluated, or a re-export chain that comes
 * back to itself, is `Unknown`.
 */
import ts from "typescript";
import { exportBinding } from "./exports.js";
import type { ModuleHost } from "./modules.js";
import { resolveIdentifier, type Binding } from "./scope.js";
import { Unknown } from "./unknown.js";

/** What following a reference needs from the evaluator. */
export interface ReferenceContext {
  evaluate(node: ts.Expression): unknown;
  member(holder: unknown, key: string, node: ts.Node): unknown;
}

const GLOBAL_CONSTANTS: Readonly<Record<string, unknown>> = { undefined, NaN, Infinity };

/** Resolves identifiers and imports for one evaluation session. */
export class References {
  private readonly values = new Map<ts.Node, unknown>();
  private readonly inProgress = new Set<ts.Node>();
  private readonly exportsInProgress = new Set<string>();
  private readonly files = new Map<string, ts.SourceFile | undefined>();

  constructor(
    private readonly context: ReferenceContext,
    private readonly host: ModuleHost,
  ) {}

  /** Every module file read so far. */
  get filesRead(): string[] {
    return [...this.files.keys()];
  }

  /** The value an identifier is bound to. */
  identifier(node: ts.Identifier): unknown {
    const binding = resolveIdentifier(node);
    if (binding.kind === "global" && Object.hasOwn(GLOBAL_CONSTANTS, node.text)) return GLOBAL_CONSTANTS[node.text];
    return this.bindingValue(binding, node, node.text);
  }

  /** `ns.name` where `ns` is a namespace import: the module's export; `undefined` when `expression` is no namespace. */
  namespaceMember(expression: ts.Expression, name: string, node: ts.Node): unknown {
    if (!ts.isIdentifier(expression)) return undefined;
    const binding = resolveIdentifier(expression);
    if (binding.kind !== "import" || binding.name !== "*") return undefined;
    return this.importValue(binding.specifier, name, binding.sourceFile, node);
  }

  private bindingValue(binding: Binding, node: ts.Node, name: string): unknown {
    switch (binding.kind) {
      case "const": {
        let value = this.constValue(binding.declaration);
        for (const step of binding.access) value = this.context.member(value, String(step), node);
        return value;
      }
      case "import":
        return binding.name === "*"
          ? new Unknown(node, `the namespace import "${name}" is evaluated only through its members`)
          : this.importValue(binding.specifier, binding.name, binding.sourceFile, node);
      case "expression":
        return this.once(binding.expression, () => this.context.evaluate(binding.expression), node);
      case "other":
        return new Unknown(node, binding.reason);
      case "global":
        return new Unknown(node, `"${name}" is a global or not declared`);
    }
  }

  private constValue(declaration: ts.VariableDeclaration): unknown {
    return this.once(declaration, () => this.context.evaluate(declaration.initializer!), declaration.name);
  }

  /** Evaluates a declaration once per session; a declaration reached while in progress is a cycle. */
  private once(key: ts.Node, compute: () => unknown, node: ts.Node): unknown {
    if (this.values.has(key)) return this.values.get(key);
    if (this.inProgress.has(key)) return new Unknown(node, "refers to itself while it is being declared");
    this.inProgress.add(key);
    try {
      const value = compute();
      this.values.set(key, value);
      return value;
    } finally {
      this.inProgress.delete(key);
    }
  }

  private importValue(specifier: string, name: string, from: ts.SourceFile, node: ts.Node): unknown {
    const fileName = this.host.resolveModule(specifier, from.fileName);
    if (fileName === undefined) {
      return new Unknown(node, /^\.\.?(\/|$)/.test(specifier) ? `the module "${specifier}" was not found` : `"${name}" comes from the package "${specifier}"`);
    }
    const value = this.exportValue(fileName, name, node);
    return value === NOT_FOUND ? new Unknown(node, `"${specifier}" has no export "${name}"`) : value;
  }

  private exportValue(fileName: string, name: string, node: ts.Node): unknown {
    const key = `${fileName}\0${name}`;
    if (this.exportsInProgress.has(key)) return new Unknown(node, `"${name}" is reached again while it is being evaluated (an import cycle)`);
    const sourceFile = this.sourceFile(fileName);
    if (sourceFile === undefined) return new Unknown(node, `${fileName} cannot be read`);
    this.exportsInProgress.add(key);
    try {
      const lookup = exportBinding(sourceFile, name);
      if (lookup.binding !== undefined) return this.bindingValue(lookup.binding, node, name);
      for (const specifier of lookup.starSpecifiers) {
        const target = this.host.resolveModule(specifier, fileName);
        if (target === undefined) return new Unknown(node, `"${name}" may come from "${specifier}", which is not a local module`);
        const value = this.exportValue(target, name, node);
        if (value !== NOT_FOUND) return value;
      }
      return NOT_FOUND;
    } finally {
      this.exportsInProgress.delete(key);
    }
  }

  private sourceFile(fileName: string): ts.SourceFile | undefined {
    if (!this.files.has(fileName)) this.files.set(fileName, this.host.getSourceFile(fileName));
    return this.files.get(fileName);
  }
}

const NOT_FOUND = Symbol("not found");
