import DOMPurify from 'dompurify';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icon';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { scrollAfterNavigation } from '@/lib/scroll';
import { type HelpCategory, useHelpCenter } from '../api/get-help-center';
import styles from './help-centre.module.css';

/** Help articles are operator-written HTML: only safe markup survives, never scripts or handlers. */
function sanitize(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });
}

function useSanitizedCategories(categories: readonly HelpCategory[] | undefined) {
  return useMemo(
    () =>
      (categories ?? []).map((category) => ({
        ...category,
        articles: category.articles.map((article) => ({ ...article, html: sanitize(article.content) })),
      })),
    [categories],
  );
}

/** Help centre: categories with their articles; /help#term opens on the terms. */
export function HelpCentreRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data, isPending, isError, refetch } = useHelpCenter();
  const categories = useSanitizedCategories(data?.categories);
  const activeSlug = decodeURIComponent(location.hash.replace(/^#/, ''));

  // The articles arrive after the navigation; scroll to the hash once they are on the page.
  useEffect(() => {
    if (categories.length > 0 && location.hash) return scrollAfterNavigation(location.hash);
  }, [categories, location.hash]);

  return (
    <PageFrame title={t('help.title')} subtitle={t('help.subtitle')} icon="help">
      {isPending ? (
        <Spinner label={t('common.loading')} isCentered />
      ) : isError ? (
        <EmptyState
          icon="alert"
          title={t('help.errorTitle')}
          text={t('errors.network')}
          actions={
            <Button variant="ghost" onClick={() => void refetch()}>
              <Icon name="refresh" size={16} />
              {t('common.retry')}
            </Button>
          }
        />
      ) : categories.length === 0 ? (
        <EmptyState icon="help" title={t('help.emptyTitle')} text={t('help.emptyText')} />
      ) : (
        <div className={styles.layout}>
          <nav className={styles.toc} aria-label={t('help.contents')}>
            {categories.map((category) => (
              <div key={category.id} className={styles.tocCategory}>
                <p className={styles.tocTitle}>{category.title}</p>
                <ul className={`${blocks.stackList} ${styles.tocList}`}>
                  {category.articles.map((article) => (
                    <li key={article.id}>
                      <Link
                        to={`#${article.slug}`}
                        className={styles.tocLink}
                        aria-current={article.slug === activeSlug ? 'location' : undefined}
                      >
                        {article.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <div className={styles.categories}>
            {categories.map((category) => (
              <section key={category.id} aria-labelledby={`help-category-${category.slug}`}>
                <h2 id={`help-category-${category.slug}`} className={styles.categoryTitle}>
                  {category.title}
                </h2>
                {category.articles.map((article) => (
                  <article
                    key={article.id}
                    id={article.slug}
                    className={[styles.article, article.slug === activeSlug ? styles.current : ''].join(' ')}
                    aria-labelledby={`help-article-${article.slug}`}
                  >
                    <h3 id={`help-article-${article.slug}`} className={styles.articleTitle}>
                      {article.title}
                    </h3>
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above. */}
                    <div className={styles.content} dangerouslySetInnerHTML={{ __html: article.html }} />
                  </article>
                ))}
              </section>
            ))}
          </div>
        </div>
      )}
    </PageFrame>
  );
}
