import type { Language } from '@kismat/contracts/languages';
import { and, eq } from 'drizzle-orm';
import { announcementImages, announcements, banners } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import type { ArtSubject } from '../catalogue/index';
import { pickText } from '../system/index';

/*
 * What the catalogue's generated banner and promotion images draw (its art routes ask through
 * the port the registry fills in, modules/index.ts): the titles are this module's.
 */

/** Banners are drawn in their own language (each banner row has one). */
export async function findBannerArt(db: DbOrTx, merchantId: number, bannerCode: string): Promise<ArtSubject | null> {
  const [banner] = await db
    .select({ title: banners.title, subtitle: banners.subtitle })
    .from(banners)
    .where(and(eq(banners.merchantId, merchantId), eq(banners.code, bannerCode)))
    .limit(1);
  return banner ? { title: banner.title, subtitle: banner.subtitle } : null;
}

export async function findAnnouncementArt(
  db: DbOrTx,
  merchantId: number,
  announcementCode: string,
  sequence: number,
  language: Language,
): Promise<ArtSubject | null> {
  const [row] = await db
    .select({ title: announcements.title })
    .from(announcements)
    .innerJoin(announcementImages, eq(announcementImages.announcementId, announcements.id))
    .where(
      and(eq(announcements.merchantId, merchantId), eq(announcements.code, announcementCode), eq(announcementImages.sequence, sequence)),
    )
    .limit(1);
  return row ? { title: pickText(row.title, language, announcementCode) } : null;
}
