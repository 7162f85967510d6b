import { eq } from 'drizzle-orm';
import { helpArticles, helpCategories } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { HELP_CENTRE, type HelpCategorySeed } from './help-content';

/** `content`: the site's own help centre (the East African merchant's: KE_HELP_CENTRE in help-content.ts). */
export async function seedHelpCentre(tx: DbOrTx, merchantId: number, content: HelpCategorySeed[] = HELP_CENTRE): Promise<void> {
  await tx
    .insert(helpCategories)
    .values(content.map((category, index) => ({ merchantId, slug: category.slug, title: category.title, sort: (index + 1) * 10 })))
    .onConflictDoNothing({ target: [helpCategories.merchantId, helpCategories.slug] });

  const categoryRows = await tx
    .select({ id: helpCategories.id, slug: helpCategories.slug })
    .from(helpCategories)
    .where(eq(helpCategories.merchantId, merchantId));
  const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

  const articles = content.flatMap((category) =>
    category.articles.map((article, index) => {
      const categoryId = categoryIds.get(category.slug);
      if (categoryId === undefined) throw new Error(`help category ${category.slug} missing after insert`);
      return { merchantId, categoryId, slug: article.slug, title: article.title, content: article.content, sort: (index + 1) * 10 };
    }),
  );
  await tx
    .insert(helpArticles)
    .values(articles)
    .onConflictDoNothing({ target: [helpArticles.merchantId, helpArticles.slug] });
}
