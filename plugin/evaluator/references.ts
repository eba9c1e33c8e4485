/**
 * Following names to values: `const` bindings (evaluated once each, so
 * shared objects keep their identity), imports from relative modules through
 * any chain of re-exports, and namespace members. Cycle-safe: a `const`
 * reached again while it is being evaluated, or a re-export chain that comes
 * back to itself, is `Unknown`.
 */
import path from "node:path";
import { positionOf, type Identifier, type Node, type SourceFile } from "./ast.js";
import { exportBinding } from "./exports.js";
import type { ModuleHost } from "./modules.js";
import { changeOf } from "./mutations.js";
import { resolveIdentifier, type Binding } from "./scope.js";
import { notParsed } from "./syntax.js";
import { Unknown } from "./unknown.js";

/** What following a reference needs from the evaluator. */
export interface ReferenceContext {
  evaluate(node: Node): unknown;
  member(holder: unknown, key: string, node: Node): unknown;
  /** A value used by name, paid for by its size (an `Unknown` past the budget). */
  used(value: unknown, node: Node): unknown;
}

const GLOBAL_CONSTANTS: Readonly<Record<string, unknown>> = { undefined, NaN, Infinity };

/** Resolves identifiers and imports for one evaluation session. */
export class References {
  private readonly values = new Map<Node, unknown>();
  private readonly inProgress = new Set<Node>();
  private readonly exportsInProgress = new Set<string>();
  private readonly files = new Map<string, SourceFile | string>();
  private readonly resolved = new Map<string, string | undefined>();
  /** The constants found changed after their declaration, with where (reported as not fully checked). */
  readonly changed = new Map<Node, Node>();

  constructor(
    private readonly context: ReferenceContext,
    private readonly host: ModuleHost,
    private readonly isHarmlessCall: (callee: Node) => boolean,
    /** The folder whose modules may be read; `undefined`: any. */
    private readonly project?: string,
  ) {}

  /**
   * Takes the module being checked as read, in the parse of the text the
   * check was given: asked of it later (what it exports, for the notes on
   * renamed exports), the session answers that parse instead of reading the
   * file from disk again, which also left its own read in every stored
   * verdict.
   *
   * @example
   * ```ts
   * evaluator.references.adopt(sourceFile); // before the checks of sourceFile
   * ```
   */
  adopt(sourceFile: SourceFile): void {
    this.files.set(sourceFile.fileName, sourceFile);
  }

  /** Every module file read so far. */
  get filesRead(): string[] {
    return [...this.files.keys()];
  }

  /** The value an identifier is bound to. */
  identifier(node: Identifier): unknown {
    const { name } = node;
    const binding = resolveIdentifier(node);
    if (binding.kind === "global" && Object.hasOwn(GLOBAL_CONSTANTS, name)) return GLOBAL_CONSTANTS[name];
    if (binding.kind === "import") {
      const changed = this.changedAt(binding, name, node);
      if (changed !== undefined) return changed;
    }
    return this.bindingValue(binding, node, name);
  }

  /** An `Unknown` when a binding is changed after its declaration in the module of `where`. */
  private changedAt(binding: Binding, name: string, where: Node): Unknown | undefined {
    const change = changeOf(binding, name, where, this.isHarmlessCall);
    if (change === undefined) return undefined;
    this.changed.set(where, change);
    const at = positionOf(change);
    return new Unknown(where, `"${name}" is changed after its declaration (${at.fileName}:${at.line}:${at.column})`);
  }

  /** `ns.name` where `ns` is a namespace (see `namespaceOf`): the module's export; `undefined` when `expression` is no namespace. */
  namespaceMember(expression: Node, name: string, node: Node): unknown {
    if (expression.type !== "Identifier") return undefined;
    const namespace = this.namespaceOf(resolveIdentifier(expression), new Set());
    if (namespace === undefined) return undefined;
    return this.importValue(namespace.specifier, name, namespace.sourceFile, node);
  }

  /**
   * The module a binding stands for when it is a namespace: `import * as ns`,
   * or an imported name a module re-exports with `export * as ns from`.
   */
  namespaceOf(binding: Binding, seen: Set<string>): { readonly specifier: string; readonly sourceFile: SourceFile } | undefined {
    if (binding.kind !== "import") return undefined;
    if (binding.name === "*") return binding;
    const fileName = this.resolve(binding.specifier, binding.sourceFile.fileName);
    if (fileName === undefined) return undefined; // a package
    const key = `${fileName}\0${binding.name}`;
    if (seen.has(key)) return undefined; // a cycle of re-exports
    seen.add(key);
    const sourceFile = this.sourceFile(fileName);
    if (typeof sourceFile === "string") return undefined;
    const exported = exportBinding(sourceFile, binding.name).binding;
    return exported === undefined ? undefined : this.namespaceOf(exported, seen);
  }

  private bindingValue(binding: Binding, node: Node, name: string): unknown {
    switch (binding.kind) {
      case "const": {
        const changed = this.changedAt(binding, binding.name, binding.declaration);
        if (changed !== undefined) return new Unknown(node, changed.reason);
        let value = this.once(binding.declaration, () => this.context.evaluate(binding.init), binding.declaration.id);
        for (const step of binding.access) value = this.context.member(value, String(step), node);
        return this.context.used(value, node);
      }
      case "import":
        return binding.name === "*"
          ? new Unknown(node, `the namespace import "${name}" is evaluated only through its members`)
          : this.importValue(binding.specifier, binding.name, binding.sourceFile, node);
      case "expression":
        return this.context.used(
          this.once(binding.expression, () => this.context.evaluate(binding.expression), node),
          node,
        );
      case "other":
        return new Unknown(node, binding.reason);
      case "global":
        return new Unknown(node, `"${name}" is a global or not declared`);
    }
  }

  /** Evaluates a declaration once per session; a declaration reached while in progress is a cycle. */
  private once(key: Node, compute: () => unknown, node: Node): unknown {
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

  /**
   * The local module a specifier names, resolved once per session (a
   * module's names are often imported from the same few modules); a package
   * (a file under `node_modules`) or a declaration file is no local module:
   * the check reads no constants there.
   */
  resolve(specifier: string, containingFile: string): string | undefined {
    const fileName = this.resolveAny(specifier, containingFile);
    return fileName === undefined || fileName.split(/[\\/]/).includes("node_modules") || /\.d\.[^/\\]*ts$/.test(fileName)
      ? undefined
      : fileName;
  }

  /** The file a specifier names as the host resolves it, a package's included (which package an alias names). */
  resolveAny(specifier: string, containingFile: string): string | undefined {
    const key = `${specifier}\0${containingFile}`;
    if (this.resolved.has(key)) return this.resolved.get(key);
    let fileName: string | undefined;
    try {
      fileName = this.host.resolveModule(specifier, containingFile);
    } catch {
      fileName = undefined; // a resolver that fails (ENOTDIR, ELOOP, …) resolves nothing: the value is unknown
    }
    this.resolved.set(key, fileName);
    return fileName;
  }

  private importValue(specifier: string, name: string, from: SourceFile, node: Node): unknown {
    const fileName = this.resolve(specifier, from.fileName);
    if (fileName === undefined) {
      return new Unknown(
        node,
        /^\.\.?(\/|$)/.test(specifier) ? `the module "${specifier}" was not found` : `"${name}" comes from the package "${specifier}"`,
      );
    }
    const value = this.exportValue(fileName, name, node);
    return value === NOT_FOUND ? new Unknown(node, `"${specifier}" has no export "${name}"`) : value;
  }

  /** The export `name` of a module; `starred`: the modules an `export *` chain of this lookup reached (each is searched once). */
  private exportValue(fileName: string, name: string, node: Node, starred = new Set<string>()): unknown {
    const key = `${fileName}\0${name}`;
    if (this.exportsInProgress.has(key))
      return new Unknown(node, `"${name}" is reached again while it is being evaluated (an import cycle)`);
    const sourceFile = this.sourceFile(fileName);
    if (typeof sourceFile === "string") return new Unknown(node, `${fileName} ${sourceFile}`);
    if (/\.json$/i.test(fileName) && name !== "default" && name !== "*") {
      // A JSON module's named exports are its top-level keys (as bundlers expose them).
      return this.context.member(this.exportValue(fileName, "default", node), name, node);
    }
    this.exportsInProgress.add(key);
    try {
      const lookup = exportBinding(sourceFile, name);
      if (lookup.binding !== undefined) return this.bindingValue(lookup.binding, node, name);
      starred.add(fileName);
      for (const specifier of lookup.starSpecifiers) {
        const target = this.resolve(specifier, fileName);
        if (target === undefined) return new Unknown(node, `"${name}" may come from "${specifier}", which is not a local module`);
        // Modules that `export *` each other would otherwise be searched along every path through them.
        if (starred.has(target)) continue;
        starred.add(target);
        const value = this.exportValue(target, name, node, starred);
        if (value !== NOT_FOUND) return value;
      }
      return NOT_FOUND;
    } finally {
      this.exportsInProgress.delete(key);
    }
  }

  /**
   * The key a computed member reads, when it evaluates to a string or number
   * (`w["define" + "Tool"]`, `w[key]` with `const key = "defineTool"`).
   */
  keyOf(node: Node): string | undefined {
    const value = this.context.evaluate(node);
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  }

  /** Whether the module host knows the module exports nothing of wymcp's (`ModuleHost.isWymcpFree`), without reading it. */
  isWymcpFree(fileName: string): boolean {
    return !this.files.has(fileName) && this.host.isWymcpFree?.(fileName) === true;
  }

  /** Whether a module lies in the project, where modules may be read (`EvaluatorOptions.project`). */
  isReadable(fileName: string): boolean {
    if (this.project === undefined) return true;
    const relative = path.relative(this.project, fileName);
    return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
  }

  /**
   * A module's SourceFile, or why its constants cannot be read: a module the
   * bundler will reject is never evaluated, and one outside the project is
   * never read (what it holds could be printed in an offence).
   */
  sourceFile(fileName: string): SourceFile | string {
    let file = this.files.get(fileName);
    if (file === undefined) {
      file = this.isReadable(fileName) ? readModule(this.host, fileName) : `is outside the project (${this.project ?? ""}): it is not read`;
      this.files.set(fileName, file);
    }
    return file;
  }
}

const NOT_FOUND = Symbol("not found");

function readModule(host: ModuleHost, fileName: string): SourceFile | string {
  let sourceFile: SourceFile | undefined;
  try {
    sourceFile = host.getSourceFile(fileName);
  } catch (error) {
    const why = notParsed(error);
    if (why?.reason === "too-deep") return "is nested too deeply to parse";
    if (why !== undefined) return `is not read: ${why.message}`;
    if ((error as { name?: unknown }).name === "MissingPeerError") throw error;
    return "cannot be read"; // a read that fails (ENOTDIR, ELOOP, EACCES, …) leaves the value unknown
  }
  if (sourceFile === undefined) return "cannot be read";
  const syntaxError = sourceFile.parseError;
  return syntaxError === undefined ? sourceFile : `has a syntax error (line ${syntaxError.line}: ${syntaxError.message})`;
}
