import type { Language } from '@kismat/contracts/languages';
import { and, arrayContains, asc, eq } from 'drizzle-orm';
import { helpArticles, helpCategories } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { pickText } from './localized-text';

export type HelpCentre = {
  language: Language;
  categories: { id: number; slug: string; title: string; articles: { id: number; slug: string; title: string; content: string }[] }[];
};

/** The merchant's help-centre categories in the order the site shows them (the member's centre and the operator's list). */
export function listHelpCategories(db: DbOrTx, merchantId: number) {
  return db
    .select()
    .from(helpCategories)
    .where(eq(helpCategories.merchantId, merchantId))
    .orderBy(asc(helpCategories.sort), asc(helpCategories.id));
}

/** The merchant's help centre in one language for one device; categories without articles are left out. */
export async function getHelpCentre(db: DbOrTx, merchantId: number, language: Language, device: string): Promise<HelpCentre> {
  const categories = await listHelpCategories(db, merchantId);
  const articles = await db
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.merchantId, merchantId), eq(helpArticles.isActive, true), arrayContains(helpArticles.devices, [device])))
    .orderBy(asc(helpArticles.sort), asc(helpArticles.id));
  return {
    language,
    categories: categories
      .map((category) => ({
        id: category.id,
        slug: category.slug,
        title: pickText(category.title, language, category.slug),
        articles: articles
          .filter((article) => article.categoryId === category.id)
          .map((article) => ({
            id: article.id,
            slug: article.slug,
            title: pickText(article.title, language, article.slug),
            content: pickText(article.content, language),
          })),
      }))
      .filter((category) => category.articles.length > 0),
  };
}
