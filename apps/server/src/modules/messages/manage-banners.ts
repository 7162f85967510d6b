import { randomBytes } from 'node:crypto';
import type { AdminBanner, CreateBannerBody, UpdateBannerBody } from '@kismat/contracts/content-admin';
import { LANGUAGES, type Language } from '@kismat/contracts/languages';
import { BANNER_LINKAGE_TYPES, type BannerLinkageType } from '@kismat/contracts/messages';
import { asc, eq } from 'drizzle-orm';
import { banners } from '../../db/schema/system';
import type { Db, DbOrTx } from '../../platform/db';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { bannerImageUrl } from '../catalogue/index';

/*
 * Banners an operator publishes (issue 19, "Content"). The site reads `banners` on every
 * relay call (list-announcements.ts), so a change shows at the next page load on every node,
 * no cache to invalidate. A banner without an uploaded image shows the generated art of its
 * title: its URL carries a version so browsers and CDNs that kept the old art (max-age) fetch
 * the new one. The attack a banner link invites: `javascript:` or an open redirect; the contract
 * allows only site paths, https URLs, game codes and promotion ids.
 */

type BannerRow = typeof banners.$inferSelect;
type Audit = (tx: DbOrTx, detail: { before: AdminBanner | null; after: AdminBanner | null; id: number }) => Promise<void>;

const isLinkageType = (value: string): value is BannerLinkageType => (BANNER_LINKAGE_TYPES as readonly string[]).includes(value);
const isLanguage = (value: string | null): value is Language => value !== null && (LANGUAGES as readonly string[]).includes(value);
const UPLOADED = /^\/lgw\/images\/content\//;

export function presentBanner(row: BannerRow, now: Date): AdminBanner {
  return {
    id: row.id,
    code: row.code,
    groupName: row.groupName,
    language: isLanguage(row.language) ? row.language : null,
    title: row.title,
    subtitle: row.subtitle,
    url: row.url,
    isUploadedImage: UPLOADED.test(row.url),
    linkageType: isLinkageType(row.linkageType) ? row.linkageType : 'NONE',
    linkage: row.linkage,
    sort: row.sort,
    isActive: row.isActive,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    isLive: row.isActive && row.startsAt <= now && (row.endsAt === null || row.endsAt > now),
  };
}

/** The generated art of a banner, versioned by its text so a changed title is fetched anew. */
function artUrl(code: string, title: string, subtitle: string): string {
  const version = Buffer.from(`${title}\u0000${subtitle}`).toString('base64url').slice(-12);
  return `${bannerImageUrl(code)}?v=${version}`;
}

/**
 * The columns a create and an update write alike: the text, the image (uploaded, else the
 * generated art of the text), the link (none: empty), the order and the schedule (no start:
 * `startsAt`).
 */
function bannerColumns(
  body: CreateBannerBody | UpdateBannerBody,
  banner: { code: string; title: string; subtitle: string },
  startsAt: Date,
) {
  return {
    groupName: body.groupName,
    title: banner.title,
    subtitle: banner.subtitle,
    url: body.imageUrl ?? artUrl(banner.code, banner.title, banner.subtitle),
    linkageType: body.linkageType,
    linkage: body.linkageType === 'NONE' ? '' : body.linkage,
    sort: body.sort,
    isActive: body.isActive,
    startsAt: body.startsAt ? new Date(body.startsAt) : startsAt,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
  };
}

export async function listAdminBanners(db: DbOrTx, merchantId: number, now: Date): Promise<AdminBanner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(eq(banners.merchantId, merchantId))
    .orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id));
  return rows.map((row) => presentBanner(row, now));
}

/** Publishes one banner row per language given (ALL: one row shown in every language), in one transaction. */
export async function createBanners(
  db: Db,
  input: { merchantId: number; body: CreateBannerBody; now: Date },
  audit: Audit,
): Promise<AdminBanner[]> {
  const { body } = input;
  const base = `op-${input.now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`;
  return db.transaction(async (tx) => {
    const created: AdminBanner[] = [];
    for (const [key, text] of Object.entries(body.texts)) {
      if (!text) continue;
      const language = key === 'ALL' ? null : key;
      const code = `${base}-${key.toLowerCase()}`;
      const [row] = await tx
        .insert(banners)
        .values({ merchantId: input.merchantId, code, language, ...bannerColumns(body, { code, ...text }, input.now) })
        .returning();
      if (!row) throw new Error('banner insert returned nothing');
      const after = presentBanner(row, input.now);
      await audit(tx, { before: null, after, id: row.id });
      created.push(after);
    }
    return created;
  });
}

export async function updateBanner(
  db: Db,
  input: { merchantId: number; id: number; body: UpdateBannerBody; now: Date },
  audit: Audit,
): Promise<AdminBanner> {
  const { body } = input;
  return db.transaction(async (tx) => {
    const current = await lockMerchantRow(tx, banners, input.merchantId, input.id);
    const [row] = await tx
      .update(banners)
      .set(bannerColumns(body, { code: current.code, title: body.title, subtitle: body.subtitle }, current.startsAt))
      .where(eq(banners.id, current.id))
      .returning();
    if (!row) throw new Error('banner update returned nothing');
    const after = presentBanner(row, input.now);
    await audit(tx, { before: presentBanner(current, input.now), after, id: row.id });
    return after;
  });
}

export async function deleteBanner(db: Db, input: { merchantId: number; id: number; now: Date }, audit: Audit): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockMerchantRow(tx, banners, input.merchantId, input.id);
    await tx.delete(banners).where(eq(banners.id, current.id));
    await audit(tx, { before: presentBanner(current, input.now), after: null, id: current.id });
  });
}
