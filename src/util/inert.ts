/**
 * Inert action records: values no code can change or watch being read —
 * the plain objects and arrays the build-time evaluator makes, which carry
 * no accessor, no Proxy, and only enumerable string keys (it defines every
 * key as a literal does, and leaves an accessor or a symbol key unknown).
 * `readCopy` copies an author's schema so that a getter cannot answer the
 * check one thing and the listing another; an inert schema has no getter
 * to guard against, so obtaining reads it where it is and only learns
 * whether it is pristine (`isPristineData`).
 */

const inert = new WeakSet<object>();

/**
 * Remembers an action record as inert. Only the build-time check calls
 * this, on a record its evaluator built.
 *
 * @example
 * ```ts
 * markInert(record); // then actionSchemaOffences({ ..., actions: () => record }) reads its schemas in place
 * ```
 */
export function markInert(record: object): void {
  inert.add(record);
}

/**
 * Whether an action record was remembered as inert.
 *
 * @example
 * ```ts
 * isInert({}); // false
 * ```
 */
export function isInert(record: object): boolean {
  return inert.has(record);
}
