/**
 * The catalogue's per-process read caches, grouped by database so an operator's change can
 * empty them all on the node that made it (other nodes catch up when their entries expire, a
 * few seconds). Keyed by the database object: each app (and each test app) has its own.
 */
const cachesByDb = new WeakMap<object, Set<{ clear(): void }>>();

function cachesOf(db: object): Set<{ clear(): void }> {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = new Set();
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** Registers a cache to be emptied by `clearCatalogueCaches`; returns it. */
export function trackCatalogueCache<T extends { clear(): void }>(db: object, cache: T): T {
  cachesOf(db).add(cache);
  return cache;
}

/** Empties every catalogue cache of this database (menus, lists, lanes, hot games, winners, vendor directory). */
export function clearCatalogueCaches(db: object): void {
  for (const cache of cachesOf(db)) cache.clear();
}
