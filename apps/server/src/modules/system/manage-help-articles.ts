import type { AdminHelpArticle, AdminHelpCategory, HelpArticleBody } from '@kismat/contracts/content-admin';
import { and, asc, eq } from 'drizzle-orm';
import { helpArticles, helpCategories, type LocalizedText } from '../../db/schema/system';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { plainTitle, sanitizeMessageHtml } from '../../platform/sanitize-html';
import { listHelpCategories } from './get-help-centre';

/*
 * Help-centre articles an operator writes in BN/EN/SW (issue 19, "Content"). The help page shows
 * them as HTML inside the site, so the attack is stored script: content is sanitised against the
 * platform allow-list before it is stored; titles are plain text. The slug is the page anchor
 * (/help#term), unique per merchant. Read fresh on each help-centre call: no cache to clear.
 */

type ArticleRow = typeof helpArticles.$inferSelect;
type Audit = (tx: DbOrTx, detail: { before: AdminHelpArticle | null; after: AdminHelpArticle | null; id: number }) => Promise<void>;

const full = (text: LocalizedText) => ({ BN: text.BN ?? '', EN: text.EN ?? '', SW: text.SW ?? '' });

function clean(text: { BN: string; EN: string; SW: string }, kind: 'title' | 'html'): LocalizedText {
  const result: LocalizedText = {};
  for (const language of ['BN', 'EN', 'SW'] as const) {
    const value = kind === 'title' ? plainTitle(text[language]) : sanitizeMessageHtml(text[language]);
    if (value !== '') result[language] = value;
  }
  return result;
}

export function presentHelpArticle(row: ArticleRow): AdminHelpArticle {
  return {
    id: row.id,
    categoryId: row.categoryId,
    slug: row.slug,
    title: full(row.title),
    content: full(row.content),
    devices: row.devices,
    sort: row.sort,
    isActive: row.isActive,
  };
}

export async function listAdminHelp(
  db: DbOrTx,
  merchantId: number,
): Promise<{ categories: AdminHelpCategory[]; items: AdminHelpArticle[] }> {
  const categories = await listHelpCategories(db, merchantId);
  const articles = await db
    .select()
    .from(helpArticles)
    .where(eq(helpArticles.merchantId, merchantId))
    .orderBy(asc(helpArticles.categoryId), asc(helpArticles.sort), asc(helpArticles.id));
  return {
    categories: categories.map((row) => ({ id: row.id, slug: row.slug, title: full(row.title) })),
    items: articles.map(presentHelpArticle),
  };
}

/** The category must be this merchant's: another merchant's id answers as missing. */
async function checkCategory(tx: DbOrTx, merchantId: number, categoryId: number): Promise<void> {
  const [category] = await tx
    .select({ id: helpCategories.id })
    .from(helpCategories)
    .where(and(eq(helpCategories.id, categoryId), eq(helpCategories.merchantId, merchantId)))
    .limit(1);
  if (!category) throw new AppError('NOT_FOUND');
}

function columnsOf(body: HelpArticleBody) {
  return {
    categoryId: body.categoryId,
    slug: body.slug,
    title: clean(body.title, 'title'),
    content: clean(body.content, 'html'),
    devices: [...new Set(body.devices)],
    sort: body.sort,
    isActive: body.isActive,
  };
}

async function withSlugCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'help_articles_merchant_slug_unique') throw new AppError('HELP_SLUG_TAKEN');
    throw error;
  }
}

export async function createHelpArticle(
  db: Db,
  input: { merchantId: number; body: HelpArticleBody },
  audit: Audit,
): Promise<AdminHelpArticle> {
  return withSlugCheck(() =>
    db.transaction(async (tx) => {
      await checkCategory(tx, input.merchantId, input.body.categoryId);
      const [row] = await tx
        .insert(helpArticles)
        .values({ merchantId: input.merchantId, ...columnsOf(input.body) })
        .returning();
      if (!row) throw new Error('help article insert returned nothing');
      const after = presentHelpArticle(row);
      await audit(tx, { before: null, after, id: row.id });
      return after;
    }),
  );
}

export async function updateHelpArticle(
  db: Db,
  input: { merchantId: number; id: number; body: HelpArticleBody },
  audit: Audit,
): Promise<AdminHelpArticle> {
  return withSlugCheck(() =>
    db.transaction(async (tx) => {
      const current = await lockMerchantRow(tx, helpArticles, input.merchantId, input.id);
      await checkCategory(tx, input.merchantId, input.body.categoryId);
      const [row] = await tx.update(helpArticles).set(columnsOf(input.body)).where(eq(helpArticles.id, current.id)).returning();
      if (!row) throw new Error('help article update returned nothing');
      const after = presentHelpArticle(row);
      await audit(tx, { before: presentHelpArticle(current), after, id: row.id });
      return after;
    }),
  );
}

export async function deleteHelpArticle(db: Db, input: { merchantId: number; id: number }, audit: Audit): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockMerchantRow(tx, helpArticles, input.merchantId, input.id);
    await tx.delete(helpArticles).where(eq(helpArticles.id, current.id));
    await audit(tx, { before: presentHelpArticle(current), after: null, id: current.id });
  });
}
