import type { Db } from '../../platform/db';
import { listFavouriteGameIds } from './list-favourite-game-ids';
import { TtlCache } from './ttl-cache';

/**
 * How long a member's favourite ids are kept per process. Adding or removing a favourite
 * forgets them on the node that made the change at once; another node shows the change within
 * this time.
 */
export const FAVOURITES_READ_TTL_MS = 5000;

export interface FavouriteIds {
  /** Newest first, as MCSFE_getFavoriteGames answers them. */
  ids: readonly number[];
  set: ReadonlySet<number>;
}

/**
 * A member's favourite game ids, kept briefly: the stars a logged-in member sees on every game
 * list are laid over the shared (cached) page from these, without a query per list.
 */
export class FavouriteIdsCache {
  private readonly cache: TtlCache<number, FavouriteIds>;

  constructor(
    private readonly db: Db,
    ttlMs = FAVOURITES_READ_TTL_MS,
    maxEntries = 50_000,
  ) {
    this.cache = new TtlCache<number, FavouriteIds>(ttlMs, maxEntries);
  }

  get(memberId: number): Promise<FavouriteIds> {
    return this.cache.get(memberId, async () => {
      const ids = await listFavouriteGameIds(this.db, memberId);
      return { ids, set: new Set(ids) };
    });
  }

  /** The member's favourites changed (call after the write has committed). */
  forget(memberId: number): void {
    this.cache.delete(memberId);
  }
}
