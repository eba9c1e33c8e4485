/**
 * The objects on the current walk path. A short path is scanned (cheaper
 * than hashing every object); a deep one is hashed, so cycle checks stay
 * constant-time at any depth.
 */
export class WalkPath {
  private readonly objects: object[] = [];
  private hashed: Set<object> | null = null;

  get length(): number {
    return this.objects.length;
  }

  push(value: object): void {
    this.objects.push(value);
    if (this.hashed !== null) this.hashed.add(value);
    else if (this.objects.length > 32) this.hashed = new Set(this.objects);
  }

  truncate(length: number): void {
    while (this.objects.length > length) {
      const left = this.objects.pop();
      if (this.hashed !== null && left !== undefined) this.hashed.delete(left);
    }
    if (length <= 32) this.hashed = null;
  }

  has(value: object): boolean {
    return this.hashed !== null ? this.hashed.has(value) : this.objects.includes(value);
  }
}
