import type { GameClassify, GameItem } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icon';
import { Pagination } from '@/components/ui/pagination';
import { openLoginModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { useGameList } from '../api/get-game-list';
import styles from './game-browser.module.css';
import { GameTileSkeleton } from './game-tile';

/** Spec section 3's filters, in the order the spec lists them. */
export const GAME_FILTERS: readonly GameClassify[] = ['NEW', 'FAV', 'ALL', 'HOT', 'RECENT'];
const MEMBER_FILTERS: ReadonlySet<GameClassify> = new Set<GameClassify>(['FAV', 'RECENT']);
const SEARCH_DELAY_MS = 350;

interface GameBrowserProps {
  gameType?: GameCategory;
  vassalage?: string;
  heading: string;
  renderGame: (game: GameItem, index: number) => ReactNode;
  /** The grid starts on ALL; a page can open on another filter. */
  initialFilter?: GameClassify;
}

/** Filters, search and 20-per-page paging over the game list query. */
export function GameBrowser({ gameType, vassalage, heading, renderGame, initialFilter = 'ALL' }: GameBrowserProps) {
  const { t } = useTranslation();
  const isLogin = useSessionStore((state) => state.isLogin);
  const [filter, setFilter] = useState<GameClassify>(initialFilter);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(0);

  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  // A new vendor, filter or search starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs are the reset triggers.
  useEffect(() => setPage(0), [gameType, vassalage, filter, keyword]);

  const { data, isPending, isError, isPlaceholderData, refetch } = useGameList({
    gameType,
    vassalage,
    gameClassify: filter,
    keyword: keyword || undefined,
    pageNo: page + 1,
  });

  const choose = (value: GameClassify) => {
    if (MEMBER_FILTERS.has(value) && !isLogin) {
      openLoginModal();
      return;
    }
    setFilter(value);
  };

  const games = data?.list ?? [];
  return (
    <section className={styles.browser} aria-labelledby="game-browser-heading">
      <div className={blocks.spread}>
        <h2 id="game-browser-heading" className={styles.heading}>
          {heading}
          {data ? <span className={styles.total}>{t('games.browser.total', { count: data.total })}</span> : null}
        </h2>
        <label className={styles.search}>
          <Icon name="search" size={16} />
          <span className="visually-hidden">{t('games.browser.search')}</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('games.browser.searchPlaceholder')}
            maxLength={50}
          />
        </label>
      </div>
      <fieldset className={`${blocks.wrapList} ${styles.filters}`}>
        <legend className="visually-hidden">{t('games.browser.filters')}</legend>
        {GAME_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className={`${blocks.chip} ${styles.filter}`}
            aria-pressed={filter === value}
            onClick={() => choose(value)}
          >
            {t(`catalogue.filters.${value}`)}
          </button>
        ))}
      </fieldset>

      {isPending ? (
        <div className={styles.grid} aria-busy="true">
          {Array.from({ length: 10 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <GameTileSkeleton key={index} />
          ))}
        </div>
      ) : isError ? (
        <div className={`${blocks.apart} ${styles.error}`} role="alert">
          <span>{t('catalogue.loadFailed')}</span>
          <Button variant="ghost" size="small" onClick={() => void refetch()}>
            <Icon name="refresh" size={16} />
            {t('games.browser.retry')}
          </Button>
        </div>
      ) : games.length === 0 ? (
        <EmptyState
          icon={filter === 'FAV' ? 'star' : 'search'}
          title={t(keyword ? 'games.browser.noMatchTitle' : 'games.browser.emptyTitle')}
          text={t(keyword ? 'games.browser.noMatchText' : filter === 'FAV' ? 'games.browser.emptyFavText' : 'games.browser.emptyText')}
        />
      ) : (
        <div className={styles.grid} data-testid="game-grid" aria-busy={isPlaceholderData || undefined}>
          {games.map((game, index) => renderGame(game, index))}
        </div>
      )}
      <Pagination
        page={page}
        pageCount={data?.totalPage ?? 0}
        onChange={(next) => {
          setPage(next);
          document.getElementById('game-browser-heading')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
        labels={{ nav: t('games.browser.pages'), previous: t('games.browser.previous'), next: t('games.browser.next') }}
      />
    </section>
  );
}
