import type { Language } from '@kismat/contracts/languages';
import {
  ANNOUNCEMENT_TYPES,
  type AnnouncementItem,
  type AnnouncementType,
  BANNER_LINKAGE_TYPES,
  type BannerItem,
  type BannerLinkageType,
  type ListAnnouncementsValue,
  POPUP_EXECUTIONS,
  type PopupExecution,
} from '@kismat/contracts/messages';
import { and, arrayContains, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { announcementImages, announcements, banners } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { localiseArtUrl } from '../catalogue/index';
import { pickText } from '../system/index';

export type ListAnnouncementsInput = {
  merchantId: number;
  types: readonly AnnouncementType[];
  platform: string;
  language: Language;
  now: Date;
};

const isLinkageType = (value: string): value is BannerLinkageType => (BANNER_LINKAGE_TYPES as readonly string[]).includes(value);
const isExecution = (value: string | null): value is PopupExecution =>
  value !== null && (POPUP_EXECUTIONS as readonly string[]).includes(value);
const isAnnouncementType = (value: string): value is AnnouncementType => (ANNOUNCEMENT_TYPES as readonly string[]).includes(value);

/** Active now: switched on, started, and not yet ended. */
function activeWindow(columns: { isActive: PgColumn; startsAt: PgColumn; endsAt: PgColumn }, now: Date): SQL {
  return and(eq(columns.isActive, true), lte(columns.startsAt, now), or(isNull(columns.endsAt), gt(columns.endsAt, now))) as SQL;
}

async function listBanners(db: DbOrTx, input: ListAnnouncementsInput): Promise<BannerItem[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.merchantId, input.merchantId),
        activeWindow(banners, input.now),
        or(isNull(banners.language), eq(banners.language, input.language)),
      ),
    )
    .orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    groupName: row.groupName,
    title: row.title,
    url: row.url,
    linkage: row.linkage,
    linkageType: isLinkageType(row.linkageType) ? row.linkageType : 'NONE',
    sort: row.sort,
  }));
}

/**
 * The announcement relay (MCSFE_getListAnnouncements): banners by group, player notices,
 * popups with their audience, promotions with images, headlines; only what is active now, on
 * the platform asked for, in the request's language.
 */
export async function listAnnouncements(db: DbOrTx, input: ListAnnouncementsInput): Promise<ListAnnouncementsValue> {
  const value: ListAnnouncementsValue = { banners: [], playerNotices: [], popups: [], promotions: [], headlines: [] };
  if (input.types.includes('B')) value.banners = await listBanners(db, input);

  const messageTypes = input.types.filter((type) => type !== 'B');
  if (messageTypes.length === 0) return value;
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantId, input.merchantId),
        inArray(announcements.type, messageTypes),
        activeWindow(announcements, input.now),
        arrayContains(announcements.platforms, [input.platform]),
      ),
    )
    .orderBy(asc(announcements.sort), asc(announcements.id));

  const promotionIds = rows.filter((row) => row.type === 'PR').map((row) => row.id);
  const images =
    promotionIds.length === 0
      ? []
      : await db
          .select()
          .from(announcementImages)
          .where(inArray(announcementImages.announcementId, promotionIds))
          .orderBy(asc(announcementImages.sequence));

  for (const row of rows) {
    if (!isAnnouncementType(row.type)) continue;
    const item: AnnouncementItem = {
      id: row.id,
      type: row.type,
      title: pickText(row.title, input.language),
      content: pickText(row.content, input.language),
      execution: row.type === 'PU' && isExecution(row.execution) ? row.execution : null,
      announcementImages: images
        .filter((image) => image.announcementId === row.id)
        .map((image) => ({ sequence: image.sequence, url: localiseArtUrl(image.url, input.language) })),
      sort: row.sort,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    };
    if (row.type === 'PL') value.playerNotices.push(item);
    else if (row.type === 'PU') value.popups.push(item);
    else if (row.type === 'PR') value.promotions.push(item);
    else if (row.type === 'H') value.headlines.push(item);
  }
  return value;
}
