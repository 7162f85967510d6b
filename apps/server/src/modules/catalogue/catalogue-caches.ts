import { announceClusterNotice } from '../../platform/cluster-notices';
import type { DbOrTx } from '../../platform/db';

/**
 * The catalogue's per-process read caches, grouped by database so an operator's change can
 * empty them all: at once on the node that made it, and on the others when they hear the
 * `catalogue` cluster notice (game-list-replies.ts listens; entries also expire in seconds).
 * Keyed by the database object: each app (and each test app) has its own.
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

/** After a committed catalogue change: this node's caches now, every other node's on the notice. */
export async function announceCatalogueChange(db: DbOrTx): Promise<void> {
  clearCatalogueCaches(db);
  await announceClusterNotice(db, 'catalogue');
}
