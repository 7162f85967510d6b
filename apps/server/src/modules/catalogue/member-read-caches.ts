import type { GamePage } from '@kismat/contracts/catalogue';
import type { Db } from '../../platform/db';
import { trackCatalogueCache } from './catalogue-caches';
import { FavouriteIdsCache } from './favourite-ids-cache';
import type { PreparedReply } from './prepared-reply';
import { TtlCache } from './ttl-cache';

/** How long a member's own pages (favourites, recent games) are kept per process. */
export const MEMBER_PAGES_TTL_MS = 5000;

/**
 * Prepared answers that belong to one member (their favourites page, their recent games), kept
 * briefly per process, bounded in count and bytes across all members. `forget` drops all of a
 * member's answers at once (they added a favourite, launched a game) by moving the member to a
 * new generation: a load in flight then lands under the old one and is never served. `clear`
 * (an operator's catalogue change) drops everyone's.
 */
export class MemberReplyCache<V> {
  private readonly pages: TtlCache<string, PreparedReply<V>>;
  private readonly generations = new Map<number, number>();
  private lastGeneration = 0;

  constructor(
    ttlMs = MEMBER_PAGES_TTL_MS,
    maxEntries = 20_000,
    maxBytes = 64 * 1024 * 1024,
    private readonly maxMembers = 100_000,
  ) {
    this.pages = new TtlCache<string, PreparedReply<V>>(ttlMs, maxEntries, (prepared) => prepared.body.length * 3, maxBytes);
  }

  get(memberId: number, key: string, load: () => Promise<PreparedReply<V>>): Promise<PreparedReply<V>> {
    return this.pages.get(`${memberId}:${this.generations.get(memberId) ?? 0}:${key}`, load);
  }

  forget(memberId: number): void {
    // Generations restart only together with the pages, so an old page never matches again.
    if (this.generations.size >= this.maxMembers) this.clear();
    this.lastGeneration += 1;
    this.generations.set(memberId, this.lastGeneration);
  }

  clear(): void {
    this.pages.clear();
    this.generations.clear();
  }
}

export interface MemberReadCaches {
  favouriteIds: FavouriteIdsCache;
  /** FAV pages (the favourites list, the FAV filter). */
  favouritePages: MemberReplyCache<GamePage>;
  /** RECENT pages (recent games, the nav's recent entry, the RECENT filter). */
  recentPages: MemberReplyCache<GamePage>;
}

const cachesByDb = new WeakMap<object, MemberReadCaches>();

/**
 * The member read caches of this database's app (one set per app, as the catalogue caches):
 * the catalogue reads them; the writers on this node (favourites, game launches) forget a
 * member's entries right after their change commits.
 */
export function memberReadCaches(db: Db): MemberReadCaches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = {
      favouriteIds: new FavouriteIdsCache(db),
      favouritePages: trackCatalogueCache(db, new MemberReplyCache<GamePage>()),
      recentPages: trackCatalogueCache(db, new MemberReplyCache<GamePage>()),
    };
    cachesByDb.set(db, caches);
  }
  return caches;
}

/** A member played a game (launch): their recent games change. */
export function forgetRecentPlays(db: Db, memberId: number): void {
  cachesByDb.get(db)?.recentPages.forget(memberId);
}
