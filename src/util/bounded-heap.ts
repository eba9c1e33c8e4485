/**
 * The smallest few of many: what a refusal names when a hostile call carries
 * far more problems than an answer shows.
 */

/**
 * The `size` smallest items offered, kept as a max-heap: an item beyond the
 * largest kept is dropped at once, so offering n items costs O(n log size).
 *
 * @example
 * ```ts
 * const heap = new BoundedHeap<number>(2, (a, b) => a - b);
 * for (const n of [5, 1, 4, 2]) heap.offer(n);
 * heap.sorted(); // [1, 2]
 * ```
 */
export class BoundedHeap<T> {
  private readonly items: T[] = [];

  constructor(
    private readonly size: number,
    private readonly order: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const { items, order } = this;
    if (items.length < this.size) {
      items.push(item);
      for (let at = items.length - 1; at > 0;) {
        const parent = (at - 1) >> 1;
        if (order(items[at]!, items[parent]!) <= 0) break;
        [items[at], items[parent]] = [items[parent]!, items[at]!];
        at = parent;
      }
    } else if (order(item, items[0]!) < 0) {
      items[0] = item;
      for (let at = 0; ;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let largest = at;
        if (left < items.length && order(items[left]!, items[largest]!) > 0) largest = left;
        if (right < items.length && order(items[right]!, items[largest]!) > 0) largest = right;
        if (largest === at) break;
        [items[at], items[largest]] = [items[largest]!, items[at]!];
        at = largest;
      }
    }
  }

  sorted(): T[] {
    return [...this.items].sort(this.order);
  }
}
