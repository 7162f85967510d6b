import type { Language } from '@kismat/contracts/languages';
import { and, asc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import { banners } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';

/*
 * The image the home page paints largest (its first banner), named in the home page's own answer
 * so the browser fetches it before the script runs (issue 16 item 6). The same pick as the web's
 * (apps/web features/home/utils/first-home-banner.ts over the relay's banner list): w_home, videos
 * left out, active now, in the language or every language, by sort then id.
 *
 * The banner list itself is read on every relay call (list-announcements.ts), so an operator's
 * edit shows at the next page load with no cache to clear. This pick runs on every page load of
 * home, so it is kept per merchant and language for a few seconds: every node sees a change
 * (or a banner's start or end) within that, with no notice to send, and the database sees at most
 * one read per merchant and language in that time, however many pages are loaded.
 */
const CACHE_TTL_MS = 5000;

async function readFirstHomeBannerUrl(db: DbOrTx, merchantId: number, language: Language, now: Date): Promise<string | null> {
  const rows = await db
    .select({ url: banners.url })
    .from(banners)
    .where(
      and(
        eq(banners.merchantId, merchantId),
        eq(banners.groupName, 'w_home'),
        ne(banners.linkageType, 'VIDEO'),
        eq(banners.isActive, true),
        lte(banners.startsAt, now),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
        or(isNull(banners.language), eq(banners.language, language)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id))
    .limit(1);
  return rows[0]?.url || null;
}

/** The first home banner's address per merchant and language, read at most once per few seconds. */
export class FirstHomeBanners {
  private readonly cache = new Map<string, { url: Promise<string | null>; expires: number }>();

  constructor(
    private readonly db: DbOrTx,
    private readonly now: () => Date = () => new Date(),
    private readonly ttlMs = CACHE_TTL_MS,
  ) {}

  /** The address, or null when the merchant shows no home banner in that language (or the read failed). */
  find(merchantId: number, language: Language): Promise<string | null> {
    const key = `${merchantId}:${language}`;
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.url;
    // One read for the callers that arrive while it runs; a failure is not kept.
    const url: Promise<string | null> = readFirstHomeBannerUrl(this.db, merchantId, language, this.now()).catch(() => {
      if (this.cache.get(key)?.url === url) this.cache.delete(key);
      return null;
    });
    this.cache.set(key, { url, expires: Date.now() + this.ttlMs });
    return url;
  }
}
