import type { GameItem } from '@kismat/contracts/catalogue';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRecentGames } from '../api/get-recent-games';
import styles from '../components/category-page.module.css';
import gridStyles from '../components/game-browser.module.css';

interface AccountGamesProps {
  /** The favourites list, loaded by the app (favourites feature). */
  favourites: { games: GameItem[] | undefined; isPending: boolean };
  renderGame: (game: GameItem, index: number) => ReactNode;
}

function RecentGames({ renderGame }: Pick<AccountGamesProps, 'renderGame'>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, isPending } = useRecentGames(page + 1);
  if (isPending) return <Spinner label={t('common.loading')} isCentered />;
  if (!data || data.list.length === 0) {
    return <EmptyState icon="clock" title={t('accountGames.recentEmptyTitle')} text={t('accountGames.recentEmptyText')} />;
  }
  return (
    <>
      <div className={gridStyles.grid} data-testid="game-grid">
        {data.list.map((game, index) => renderGame(game, index))}
      </div>
      <Pagination
        page={page}
        pageCount={data.totalPage}
        onChange={setPage}
        labels={{ nav: t('games.browser.pages'), previous: t('games.browser.previous'), next: t('games.browser.next') }}
      />
    </>
  );
}

/** Account games: the member's favourites (/favorite) and recently played (/recent). */
export function AccountGames({ favourites, renderGame }: AccountGamesProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const isRecent = location.pathname.toLowerCase().startsWith(paths.recent.path);
  return (
    <PageFrame title={t('accountGames.title')} subtitle={t('accountGames.subtitle')} icon={isRecent ? 'clock' : 'star'}>
      <nav aria-label={t('accountGames.title')}>
        <ul className={styles.chips}>
          <li>
            <Link to={paths.favorite.getHref()} className={`${blocks.chip} ${styles.chip}`} aria-current={isRecent ? undefined : 'true'}>
              {t('accountGames.favourites')}
            </Link>
          </li>
          <li>
            <Link to={paths.recent.getHref()} className={`${blocks.chip} ${styles.chip}`} aria-current={isRecent ? 'true' : undefined}>
              {t('accountGames.recent')}
            </Link>
          </li>
        </ul>
      </nav>
      {isRecent ? (
        <RecentGames renderGame={renderGame} />
      ) : favourites.isPending ? (
        <Spinner label={t('common.loading')} isCentered />
      ) : favourites.games && favourites.games.length > 0 ? (
        <div className={gridStyles.grid} data-testid="game-grid">
          {favourites.games.map((game, index) => renderGame(game, index))}
        </div>
      ) : (
        <EmptyState icon="star" title={t('accountGames.favouritesEmptyTitle')} text={t('accountGames.favouritesEmptyText')} />
      )}
    </PageFrame>
  );
}
