import { LANGUAGES, type Language } from '@kismat/contracts/languages';
import { and, eq, inArray } from 'drizzle-orm';
import { announcementImages, announcements, banners } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { announcementImageUrl, bannerImageUrl } from '../catalogue/index';
import { type BannerSeed, MESSAGE_CONTENT } from './messages-content';

// Seeded content is visible from the start of 2025 (the site's copyright year) with no end.
const VISIBLE_FROM = new Date('2025-01-01T00:00:00Z');

function groupNameOf(banner: BannerSeed, language: Language): string {
  return banner.groupName === 'w_login' || banner.groupName === 'w_reg' ? `${banner.groupName}_${language}` : banner.groupName;
}

/** Each site's own banners and notices: the default merchant's, or the East African merchant's (content/*.json). */
export async function seedMessages(tx: DbOrTx, merchantId: number, site: 'default' | 'east-africa' = 'default'): Promise<void> {
  const { banners: bannerSeeds, announcements: announcementSeeds } = MESSAGE_CONTENT[site];
  const bannerRows = LANGUAGES.flatMap((language) =>
    bannerSeeds.map((banner, index) => {
      const groupName = groupNameOf(banner, language);
      const code = `${banner.groupName}-${language}-${banner.key}`;
      return {
        merchantId,
        code,
        groupName,
        language,
        title: banner.title[language],
        subtitle: banner.subtitle[language],
        url: bannerImageUrl(code),
        linkage: banner.linkage,
        linkageType: banner.linkageType,
        sort: (index + 1) * 10,
        startsAt: VISIBLE_FROM,
      };
    }),
  );
  await tx
    .insert(banners)
    .values(bannerRows)
    .onConflictDoNothing({ target: [banners.merchantId, banners.code] });

  await tx
    .insert(announcements)
    .values(
      announcementSeeds.map((announcement, index) => ({
        merchantId,
        code: announcement.code,
        type: announcement.type,
        execution: announcement.execution,
        title: announcement.title,
        content: announcement.content,
        sort: (index + 1) * 10,
        startsAt: VISIBLE_FROM,
        createdAt: VISIBLE_FROM,
      })),
    )
    .onConflictDoNothing({ target: [announcements.merchantId, announcements.code] });

  const withImages = announcementSeeds.filter((announcement) => announcement.imageCount > 0);
  // The East African site's notices carry no promotion images.
  if (withImages.length === 0) return;
  const rows = await tx
    .select({ id: announcements.id, code: announcements.code })
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantId, merchantId),
        inArray(
          announcements.code,
          withImages.map((announcement) => announcement.code),
        ),
      ),
    );
  const idByCode = new Map(rows.map((row) => [row.code, row.id]));
  const imageRows = withImages.flatMap((announcement) => {
    const announcementId = idByCode.get(announcement.code);
    if (announcementId === undefined) throw new Error(`announcement ${announcement.code} missing after insert`);
    return Array.from({ length: announcement.imageCount }, (_, index) => ({
      announcementId,
      sequence: index + 1,
      url: announcementImageUrl(announcement.code, index + 1),
    }));
  });
  await tx
    .insert(announcementImages)
    .values(imageRows)
    .onConflictDoNothing({ target: [announcementImages.announcementId, announcementImages.sequence] });
}
