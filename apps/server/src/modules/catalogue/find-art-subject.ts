import type { Language } from '@kismat/contracts/languages';
import { and, eq } from 'drizzle-orm';
import { games, vendors } from '../../db/schema/catalogue';
import { announcementImages, announcements, banners } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { pickText } from '../system/index';

/** What a generated picture shows: its title, an optional subtitle and a small badge. */
export type ArtSubject = { title: string; subtitle?: string; badge?: string };

export async function findVendorArt(db: DbOrTx, vendorCode: string): Promise<ArtSubject | null> {
  const [vendor] = await db.select({ code: vendors.code }).from(vendors).where(eq(vendors.code, vendorCode)).limit(1);
  return vendor ? { title: vendor.code } : null;
}

export async function findGameArt(db: DbOrTx, vendorCode: string, gameCode: string): Promise<ArtSubject | null> {
  const [game] = await db
    .select({ name: games.gameName, vendor: vendors.code })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(eq(vendors.code, vendorCode), eq(games.gameCode, gameCode)))
    .limit(1);
  return game ? { title: game.name, badge: game.vendor } : null;
}

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
