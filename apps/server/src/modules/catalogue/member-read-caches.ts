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
 * briefly per process. `forget` drops all of a member's answers at once (they added a favourite,
 * launched a game); a load in flight then is not kept. `clear` (an operator's catalogue change)
 * drops everyone's.
 */
export class MemberReplyCache<V> {
  private readonly members = new Map<number, TtlCache<string, PreparedReply<V>>>();

  constructor(
    private readonly ttlMs = MEMBER_PAGES_TTL_MS,
    private readonly maxMembers = 20_000,
  ) {}

  get(memberId: number, key: string, load: () => Promise<PreparedReply<V>>): Promise<PreparedReply<V>> {
    let pages = this.members.get(memberId);
    if (!pages) {
      if (this.members.size >= this.maxMembers) this.clear();
      pages = new TtlCache<string, PreparedReply<V>>(this.ttlMs, 50);
      this.members.set(memberId, pages);
    }
    return pages.get(key, load);
  }

  forget(memberId: number): void {
    this.members.get(memberId)?.clear();
    this.members.delete(memberId);
  }

  clear(): void {
    for (const pages of this.members.values()) pages.clear();
    this.members.clear();
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
