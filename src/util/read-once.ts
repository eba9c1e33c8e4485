/**
 * A declaration read once: a copy of plain objects and arrays in which
 * every accessor has been called exactly once and answers that value from
 * then on (it stays an accessor, which validation refuses where only data
 * properties may be), so
 * what is checked is what is later listed, helped and gated — a getter can
 * no longer answer the check one thing and the listing another. Everything
 * validation reports on is kept: prototypes (`Object.prototype` or `null`),
 * symbol and non-enumerable keys, array holes, sharing and cycles, and a
 * getter that throws (it rethrows the same error on each read, so the
 * offence stays `unreadable`). Other objects (class instances, Proxies that
 * refuse to be described) are kept as they are, for validation to refuse.
 *
 * A copy holding plain JSON data alone is pristine (`pristine.ts`):
 * validation may then read it with plain property reads.
 */
import { deepFreeze, freezeCopies } from "./freeze.js";
import { markFrozenPristine } from "./pristine.js";

/** Past this many objects the original is kept: validation bounds its own walk and reports the size. */
const MAX_OBJECTS = 1_000_000;

/**
 * With `freeze`, the copy is deep-frozen as `deepFreeze` freezes it (what
 * `defineTool` hands out); a pristine copy is frozen in the same pass, its
 * descriptors already known.
 *
 * @example
 * ```ts
 * let reads = 0;
 * const copy = readOnce({ get type() { return ++reads === 1 ? "string" : "strng"; } });
 * [copy.type, copy.type, reads]; // ["string", "string", 1]
 * ```
 */
export function readOnce<T>(value: T, options: { readonly freeze?: boolean } = {}): T {
  const { copy, pristine } = readCopy(value);
  if (options.freeze !== true) return copy;
  if (pristine.length > 0) {
    freezeCopies(pristine);
    markFrozenPristine(copy as object);
  } else deepFreeze(copy);
  return copy;
}

/**
 * `readOnce` without remembering anything: the copy, and — when it is
 * pristine (`pristine.ts`) — every object in it (otherwise none). For a
 * reader that uses the copy at once and tells its own checks how to read it.
 *
 * @example
 * ```ts
 * const { copy, pristine } = readCopy(schema);
 * chain(action, copy, "all", pristine.length > 0 ? PRISTINE : GUARDED);
 * ```
 */
export function readCopy<T>(value: T): { readonly copy: T; readonly pristine: readonly object[] } {
  const copy = new Copy();
  const root = copy.of(value);
  if (!copy.fill()) return { copy: value, pristine: [] };
  const pristine = typeof root === "object" && root !== null && copy.pristine;
  return { copy: root as T, pristine: pristine ? copy.targets : [] };
}

/**
 * Whether an inert value (`inert.ts`) is pristine — what `readCopy` would
 * find of its copy — learned without copying it. An inert value has no
 * accessor, no symbol and no non-enumerable key by its making, so only
 * what it can hold is looked at: prototypes, array holes and named keys,
 * a `__proto__` key, and values that are not JSON data.
 *
 * @example
 * ```ts
 * isPristineData({ type: "string", enum: ["a", "b"] }); // true
 * isPristineData({ minimum: Infinity });                // false: not JSON data
 * ```
 */
export function isPristineData(root: object): boolean {
  const seen = new Set<object>([root]);
  const pending = [root];
  for (let source = pending.pop(); source !== undefined; source = pending.pop()) {
    const shape = shapeOf(source);
    if (shape === "array" ? !denseArray(Object.getOwnPropertyNames(source), (source as unknown[]).length) : shape !== "object")
      return false;
    if (shape === "object" && Object.hasOwn(source, "__proto__")) return false;
    // A dense array's values are its elements; an object's are its own enumerable ones, all it has when inert.
    for (const value of shape === "array" ? (source as unknown[]) : Object.values(source as Record<string, unknown>)) {
      if (typeof value !== "object" || value === null) {
        if (!pristineLeaf(value)) return false;
      } else if (!seen.has(value)) {
        // Past the copy's bound `readCopy` keeps the original, which is then not pristine either.
        if (seen.size >= MAX_OBJECTS) return false;
        seen.add(value);
        pending.push(value);
      }
    }
  }
  return true;
}

/** One copy in the making: the copies made so far (by source), and those still to fill. */
class Copy {
  /** Whether everything copied so far is plain JSON data in ordinary properties. */
  pristine = true;
  readonly targets: object[] = [];
  private readonly copies = new Map<object, object>();
  /** Sources still to copy, and beside each (same index) its blank copy. */
  private readonly sources: object[] = [];
  private readonly blanks: object[] = [];

  of(source: unknown): unknown {
    if (typeof source !== "object" || source === null) {
      if (!pristineLeaf(source)) this.pristine = false;
      return source;
    }
    const known = this.copies.get(source);
    if (known !== undefined) return known;
    const target = blankOf(source);
    if (target === undefined) {
      this.pristine = false;
      return source;
    }
    if (target === NULL_PROTOTYPE) {
      this.pristine = false;
      return this.adopt(source, Object.create(null) as object);
    }
    return this.adopt(source, target);
  }

  private adopt(source: object, target: object): object {
    this.copies.set(source, target);
    this.targets.push(target);
    this.sources.push(source);
    this.blanks.push(target);
    return target;
  }

  /** Fills every pending copy; `false` when the original must be kept (too many objects, a trap that throws). */
  fill(): boolean {
    // The two lists grow together: a source and its blank copy are taken off together.
    for (
      let source = this.sources.pop(), target = this.blanks.pop();
      source !== undefined && target !== undefined;
      source = this.sources.pop(), target = this.blanks.pop()
    ) {
      if (this.copies.size > MAX_OBJECTS) return false;
      let names: string[], symbols: symbol[];
      try {
        // Two listings, not `Reflect.ownKeys`: the engine answers them several times faster.
        names = Object.getOwnPropertyNames(source);
        symbols = Object.getOwnPropertySymbols(source);
      } catch {
        return false;
      }
      const array = Array.isArray(target);
      if (symbols.length > 0) this.pristine = false;
      if (array && !denseArray(names, (target as unknown[]).length)) this.pristine = false;
      for (const name of names) if (!(array && name === "length") && !this.copyKey(source, target, name)) return false;
      for (const symbol of symbols) if (!this.copyKey(source, target, symbol)) return false;
    }
    return true;
  }

  private copyKey(source: object, target: object, key: string | symbol): boolean {
    let descriptor: PropertyDescriptor | undefined;
    try {
      descriptor = Reflect.getOwnPropertyDescriptor(source, key);
    } catch {
      return false;
    }
    if (descriptor === undefined) return true;
    const enumerable = descriptor.enumerable === true;
    // A data property is copied as it is; an accessor is read through the source, once.
    if ("value" in descriptor) {
      const value = this.of(descriptor.value);
      // Assignment is the fast path for an ordinary key; only `__proto__` would reach the prototype by assignment.
      if (enumerable && key !== "__proto__") (target as Record<PropertyKey, unknown>)[key] = value;
      else {
        this.pristine = false;
        Object.defineProperty(target, key, { value, enumerable, writable: true, configurable: true });
      }
      return true;
    }
    this.pristine = false;
    try {
      const read: unknown = Reflect.get(source, key);
      // Still an accessor (validation refuses one where data must be plain), now answering its first value every time.
      const value = this.of(read);
      Object.defineProperty(target, key, { get: () => value, enumerable, configurable: true });
    } catch (error) {
      // The read failed once; it fails the same way at every later read, where validation names it.
      Object.defineProperty(target, key, {
        get: () => {
          throw error;
        },
        enumerable,
        configurable: true,
      });
    }
    return true;
  }
}

/** Whether an array's own names are exactly its indices, then `length`: no hole, no named key. */
function denseArray(names: readonly string[], length: number): boolean {
  if (names.length !== length + 1 || names[length] !== "length") return false;
  for (let index = 0; index < length; index++) if (names[index] !== String(index)) return false;
  return true;
}

/** Stands for a copy without a prototype, which is never pristine. */
const NULL_PROTOTYPE = Object.freeze({});

/** An empty copy of a plain object or array (`NULL_PROTOTYPE` for an object without one), or `undefined` for anything else. */
function blankOf(source: object): object | undefined {
  try {
    switch (shapeOf(source)) {
      case "array":
        return new Array<unknown>((source as unknown[]).length);
      case "object":
        return {};
      case "bare":
        return NULL_PROTOTYPE;
      case undefined:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

/** A plain array or object, an object without a prototype, or anything else (kept as it is). Throws what a trap throws. */
function shapeOf(source: object): "array" | "object" | "bare" | undefined {
  if (Array.isArray(source)) return Object.getPrototypeOf(source) === Array.prototype ? "array" : undefined;
  const prototype: unknown = Object.getPrototypeOf(source);
  return prototype === Object.prototype ? "object" : prototype === null ? "bare" : undefined;
}

/** Whether a value that is not an object is JSON data: a string, a finite number, a boolean or null. */
function pristineLeaf(value: unknown): boolean {
  return typeof value === "number" ? Number.isFinite(value) : typeof value === "string" || typeof value === "boolean" || value === null;
}
