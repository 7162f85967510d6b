/**
 * A small per-process cache for hot public reads (menus are read on every page view). Entries
 * live briefly so an operator's change shows on every node within seconds without fan-out.
 * `maxEntries` bounds memory when keys come from query strings (a caller varying them cannot
 * grow it without limit: it is simply emptied); `weigh` with `maxWeight` bounds it in bytes
 * too, for entries of very different sizes (a page of 100 games beside a page of 20).
 *
 * Concurrent misses of one key share one load (the 20 requests arriving as an entry expires
 * make one query, not 20); a load that fails is not kept, so the next call tries again.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expires: number; weight: number }>();
  private weight = 0;
  /** Bumped by `clear`, so a load that started before an invalidation is not stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly weigh?: (value: V) => number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (hit) this.remove(key);
    const generation = this.generation;
    const value = load();
    if (this.entries.size >= this.maxEntries) this.clearEntries();
    const entry = { value, expires: Date.now() + this.ttlMs, weight: 0 };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        // Cleared (operator change) or replaced while loading: this caller gets its answer, the cache does not keep it.
        if (this.generation !== generation || this.entries.get(key) !== entry) return;
        entry.expires = Date.now() + this.ttlMs;
        entry.weight = this.weigh?.(loaded) ?? 0;
        this.weight += entry.weight;
        if (this.weight > this.maxWeight) this.clearEntries();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return value;
  }

  /**
   * Forgets one key (its source changed on this node). A load of it already in flight finishes
   * for its callers but is not stored; the next call loads afresh.
   */
  delete(key: K): void {
    this.remove(key);
  }

  /** Empties the cache; loads in flight finish for their callers but are not stored. */
  clear(): void {
    this.generation += 1;
    this.clearEntries();
  }

  private clearEntries(): void {
    this.entries.clear();
    this.weight = 0;
  }

  private remove(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }
}
