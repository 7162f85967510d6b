/**
 * A small per-process cache for hot public reads (menus are read on every page view). Entries
 * live briefly so an operator's change shows on every node within seconds without fan-out.
 * `maxEntries` bounds memory when keys come from query strings (a caller varying them cannot
 * grow it without limit: it is simply emptied).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = await load();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
