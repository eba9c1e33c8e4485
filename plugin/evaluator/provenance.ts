/**
 * Where every evaluated value came from. Evaluated objects stay clean plain
 * objects and arrays — the runtime validators would report any extra key —
 * so everything the evaluator knows about them lives in side tables keyed by
 * object identity.
 */
import type { Node } from "./ast.js";
import type { Unknown } from "./unknown.js";

/** The nodes of one slot of an object or array: its key (objects) and its value. */
export interface Slot {
  /** The property name node; absent for array elements and spread copies of strings. */
  readonly key?: Node;
  /** The expression that produced the value. */
  readonly value: Node;
}

/**
 * The node of every evaluated object and array, the nodes of each of their
 * slots, and the unknown parts of objects that are only partly known.
 *
 * @example
 * ```ts
 * provenance.nodeOf(schema);              // the object literal
 * provenance.slotOf(schema, "required");  // { key: <required>, value: <[ … ]> }
 * provenance.unknownPartsOf(schema);      // [Unknown(...rest)] when it spreads an unknown value
 * ```
 */
export class Provenance {
  private readonly nodes = new WeakMap<object, Node>();
  private readonly slots = new WeakMap<object, Map<PropertyKey, Slot>>();
  private readonly partial = new WeakMap<object, Unknown[]>();

  /** Records the literal an object or array was built from. */
  created(value: object, node: Node): void {
    this.nodes.set(value, node);
    this.slots.set(value, new Map());
  }

  /** Records the nodes of one slot (`key` is a string for objects, a number for arrays). */
  setSlot(holder: object, key: PropertyKey, slot: Slot): void {
    this.slots.get(holder)?.set(key, slot);
  }

  /** Records that an object has keys the evaluator could not see. */
  addUnknownPart(holder: object, part: Unknown): void {
    const parts = this.partial.get(holder);
    if (parts === undefined) this.partial.set(holder, [part]);
    else if (!parts.includes(part)) parts.push(part);
  }

  /** The literal an object or array was built from. */
  nodeOf(value: object): Node | undefined {
    return this.nodes.get(value);
  }

  /** The nodes of a slot; array indices are numbers. */
  slotOf(holder: object, key: PropertyKey): Slot | undefined {
    return this.slots.get(holder)?.get(key);
  }

  /** Whether an object may have keys the evaluator could not see. */
  isPartial(value: unknown): boolean {
    return typeof value === "object" && value !== null && this.partial.has(value);
  }

  /** The unknown parts of a partly known object (empty when it is fully known). */
  unknownPartsOf(value: object): readonly Unknown[] {
    return this.partial.get(value) ?? [];
  }
}
