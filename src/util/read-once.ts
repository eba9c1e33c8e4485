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
 */

/** Past this many objects the original is kept: validation bounds its own walk and reports the size. */
const MAX_OBJECTS = 1_000_000;

/**
 * @example
 * ```ts
 * let reads = 0;
 * const copy = readOnce({ get type() { return ++reads === 1 ? "string" : "strng"; } });
 * [copy.type, copy.type, reads]; // ["string", "string", 1]
 * ```
 */
export function readOnce<T>(value: T): T {
  const copies = new Map<object, object>();
  const pending: [source: object, target: object][] = [];
  const copyOf = (source: unknown): unknown => {
    if (typeof source !== "object" || source === null) return source;
    const known = copies.get(source);
    if (known !== undefined) return known;
    const target = blankOf(source);
    if (target === undefined) return source;
    copies.set(source, target);
    pending.push([source, target]);
    return target;
  };
  const root = copyOf(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (copies.size > MAX_OBJECTS) return value;
    const [source, target] = next;
    let keys: (string | symbol)[];
    try {
      keys = Reflect.ownKeys(source);
    } catch {
      return value;
    }
    for (const key of keys) {
      if (Array.isArray(target) && key === "length") continue;
      let descriptor: PropertyDescriptor | undefined;
      try {
        descriptor = Reflect.getOwnPropertyDescriptor(source, key);
      } catch {
        return value;
      }
      if (descriptor === undefined) continue;
      const enumerable = descriptor.enumerable === true;
      // A data property is copied as it is; an accessor is read through the source, once.
      if ("value" in descriptor) {
        Object.defineProperty(target, key, { value: copyOf(descriptor.value), enumerable, writable: true, configurable: true });
        continue;
      }
      try {
        const read: unknown = Reflect.get(source, key);
        // Still an accessor (validation refuses one where data must be plain), now answering its first value every time.
        const value = copyOf(read);
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
    }
  }
  return root as T;
}

/** An empty copy of a plain object or array, or `undefined` for anything else. */
function blankOf(source: object): object | undefined {
  try {
    if (Array.isArray(source)) return Object.getPrototypeOf(source) === Array.prototype ? new Array<unknown>(source.length) : undefined;
    const prototype: unknown = Object.getPrototypeOf(source);
    if (prototype === Object.prototype) return {};
    if (prototype === null) return Object.create(null) as object;
    return undefined;
  } catch {
    return undefined;
  }
}
