import { randomBytes } from 'node:crypto';
import { ADMIN_ANNOUNCEMENT_TYPES, type AdminAnnouncement, type AnnouncementBody } from '@kismat/contracts/content-admin';
import { POPUP_EXECUTIONS, type PopupExecution } from '@kismat/contracts/messages';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { announcementImages, announcements, type LocalizedText } from '../../db/schema/system';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { plainTitle, sanitizeMessageHtml } from '../../platform/sanitize-html';

/*
 * Notices (PL), popups (PU, with their audience), promotions (PR, with images) and headlines (H)
 * an operator writes in BN/EN/SW (issue 19, "Content"). The attack: HTML carrying script, an
 * event handler or a `javascript:` link into every visitor's page. Content is sanitised here,
 * before it is stored, with the same allow-list as inbox messages; titles are plain text. The
 * site reads the table on each relay call, so a change shows at the next page load.
 */

type AnnouncementRow = typeof announcements.$inferSelect;
type AdminType = (typeof ADMIN_ANNOUNCEMENT_TYPES)[number];
type Audit = (tx: DbOrTx, detail: { before: AdminAnnouncement | null; after: AdminAnnouncement | null; id: number }) => Promise<void>;

const isAdminType = (value: string): value is AdminType => (ADMIN_ANNOUNCEMENT_TYPES as readonly string[]).includes(value);
const isExecution = (value: string | null): value is PopupExecution =>
  value !== null && (POPUP_EXECUTIONS as readonly string[]).includes(value);

const full = (text: LocalizedText) => ({ BN: text.BN ?? '', EN: text.EN ?? '', SW: text.SW ?? '' });

export function presentAnnouncement(row: AnnouncementRow, images: string[], now: Date): AdminAnnouncement {
  return {
    id: row.id,
    code: row.code,
    type: isAdminType(row.type) ? row.type : 'PL',
    execution: isExecution(row.execution) ? row.execution : null,
    title: full(row.title),
    content: full(row.content),
    platforms: row.platforms,
    images,
    sort: row.sort,
    isActive: row.isActive,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    isLive: row.isActive && row.startsAt <= now && (row.endsAt === null || row.endsAt > now),
  };
}

/** What is stored: titles as plain text, HTML through the allow-list, empty languages left out (they fall back). */
export function cleanLocalized(text: { BN: string; EN: string; SW: string }, kind: 'title' | 'html'): LocalizedText {
  const clean: LocalizedText = {};
  for (const language of ['BN', 'EN', 'SW'] as const) {
    const value = kind === 'title' ? plainTitle(text[language]) : sanitizeMessageHtml(text[language]);
    if (value !== '') clean[language] = value;
  }
  return clean;
}

async function imagesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const byId = new Map<number, string[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(announcementImages)
    .where(inArray(announcementImages.announcementId, ids))
    .orderBy(asc(announcementImages.sequence));
  for (const row of rows) byId.set(row.announcementId, [...(byId.get(row.announcementId) ?? []), row.url]);
  return byId;
}

export async function listAdminAnnouncements(db: DbOrTx, merchantId: number, now: Date): Promise<AdminAnnouncement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.merchantId, merchantId), inArray(announcements.type, [...ADMIN_ANNOUNCEMENT_TYPES])))
    .orderBy(asc(announcements.type), asc(announcements.sort), desc(announcements.id));
  const images = await imagesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentAnnouncement(row, images.get(row.id) ?? [], now));
}

function columnsOf(body: AnnouncementBody) {
  return {
    type: body.type,
    execution: body.type === 'PU' ? body.execution : null,
    title: cleanLocalized(body.title, 'title'),
    content: cleanLocalized(body.content, 'html'),
    platforms: [...new Set(body.platforms)],
    sort: body.sort,
    isActive: body.isActive,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
  };
}

async function replaceImages(tx: DbOrTx, announcementId: number, urls: string[]): Promise<void> {
  await tx.delete(announcementImages).where(eq(announcementImages.announcementId, announcementId));
  if (urls.length === 0) return;
  await tx.insert(announcementImages).values(urls.map((url, index) => ({ announcementId, sequence: index + 1, url })));
}

export async function createAnnouncement(
  db: Db,
  input: { merchantId: number; body: AnnouncementBody; now: Date },
  audit: Audit,
): Promise<AdminAnnouncement> {
  const code = `op-${input.now.getTime().toString(36)}-${randomBytes(3).toString('hex')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        merchantId: input.merchantId,
        code,
        ...columnsOf(input.body),
        startsAt: input.body.startsAt ? new Date(input.body.startsAt) : input.now,
      })
      .returning();
    if (!row) throw new Error('announcement insert returned nothing');
    await replaceImages(tx, row.id, input.body.type === 'PR' ? input.body.images : []);
    const after = presentAnnouncement(row, input.body.type === 'PR' ? input.body.images : [], input.now);
    await audit(tx, { before: null, after, id: row.id });
    return after;
  });
}

/** The merchant's announcement under lock; one the content desk does not manage answers as missing. */
async function lockAnnouncement(tx: DbOrTx, merchantId: number, id: number): Promise<AnnouncementRow> {
  const row = await lockMerchantRow(tx, announcements, merchantId, id);
  if (!isAdminType(row.type)) throw new AppError('NOT_FOUND');
  return row;
}

export async function updateAnnouncement(
  db: Db,
  input: { merchantId: number; id: number; body: AnnouncementBody; now: Date },
  audit: Audit,
): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const current = await lockAnnouncement(tx, input.merchantId, input.id);
    const before = presentAnnouncement(current, (await imagesOf(tx, [current.id])).get(current.id) ?? [], input.now);
    const [row] = await tx
      .update(announcements)
      .set({ ...columnsOf(input.body), startsAt: input.body.startsAt ? new Date(input.body.startsAt) : current.startsAt })
      .where(eq(announcements.id, current.id))
      .returning();
    if (!row) throw new Error('announcement update returned nothing');
    const images = input.body.type === 'PR' ? input.body.images : [];
    await replaceImages(tx, row.id, images);
    const after = presentAnnouncement(row, images, input.now);
    await audit(tx, { before, after, id: row.id });
    return after;
  });
}

export async function deleteAnnouncement(db: Db, input: { merchantId: number; id: number; now: Date }, audit: Audit): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockAnnouncement(tx, input.merchantId, input.id);
    const before = presentAnnouncement(current, (await imagesOf(tx, [current.id])).get(current.id) ?? [], input.now);
    // announcement_images go with it (ON DELETE CASCADE).
    await tx.delete(announcements).where(eq(announcements.id, current.id));
    await audit(tx, { before, after: null, id: current.id });
  });
}
