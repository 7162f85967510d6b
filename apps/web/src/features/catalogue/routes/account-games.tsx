import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import styles from '../components/category-page.module.css';

/** Account games: the member's favourites (/favorite) and recently played (/recent). */
export function AccountGamesRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const isRecent = location.pathname.toLowerCase().startsWith(paths.recent.path);
  return (
    <PageFrame title={t('accountGames.title')} subtitle={t('accountGames.subtitle')} icon={isRecent ? 'clock' : 'star'}>
      <nav aria-label={t('accountGames.title')}>
        <ul className={styles.chips}>
          <li>
            <Link to={paths.favorite.getHref()} className={styles.chip} aria-current={isRecent ? undefined : 'true'}>
              {t('accountGames.favourites')}
            </Link>
          </li>
          <li>
            <Link to={paths.recent.getHref()} className={styles.chip} aria-current={isRecent ? 'true' : undefined}>
              {t('accountGames.recent')}
            </Link>
          </li>
        </ul>
      </nav>
      {isRecent ? (
        <EmptyState icon="clock" title={t('accountGames.recentEmptyTitle')} text={t('accountGames.recentEmptyText')} />
      ) : (
        <EmptyState icon="star" title={t('accountGames.favouritesEmptyTitle')} text={t('accountGames.favouritesEmptyText')} />
      )}
    </PageFrame>
  );
}
