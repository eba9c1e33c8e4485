/**
 * Deep-freezing declarations, and remembering what was frozen, so that a
 * verdict on a schema can be cached where it is provably identical: every
 * object it consists of is frozen and holds data properties only (a frozen
 * getter could still answer differently next time).
 */

const sealed = new WeakSet<object>();

/**
 * Freezes `root` and every object reachable through data properties
 * (iteratively and cycle-safe; getters are never called).
 */
export function deepFreeze(root: unknown): void {
  const stack = [root];
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (typeof value !== "object" || value === null || sealed.has(value)) continue;
    try {
      const descriptors = Object.values(Object.getOwnPropertyDescriptors(Object.freeze(value)));
      if (descriptors.every((descriptor) => "value" in descriptor)) sealed.add(value);
      for (const descriptor of descriptors) if ("value" in descriptor) stack.push(descriptor.value);
    } catch {
      // A Proxy may refuse to be frozen or described; it is simply never cached.
    }
  }
}

/**
 * Freezes copies known to hold data properties only (a pristine copy, made
 * by `readOnce`) and remembers them as sealed: what `deepFreeze` would do,
 * without describing every object again.
 */
export function sealFrozen(objects: readonly object[]): void {
  for (const object of objects) sealed.add(Object.freeze(object));
}

/**
 * Freezes copies known to hold data properties only — a pristine copy made
 * by `readOnce` — as `deepFreeze` would, without describing every object
 * again. They are not remembered one by one (a weak set entry costs more
 * than the freeze): the copy's root is remembered as frozen throughout
 * (`pristine.ts`), which tells its readers that every object in it is sealed.
 *
 * @example
 * ```ts
 * freezeCopies(copies); // only readOnce calls this, on the copies it made
 * ```
 */
export function freezeCopies(objects: readonly object[]): void {
  for (const object of objects) Object.freeze(object);
}

/** Whether `deepFreeze` froze this object and found only data properties on it. */
export function isSealed(value: object): boolean {
  return sealed.has(value);
}
