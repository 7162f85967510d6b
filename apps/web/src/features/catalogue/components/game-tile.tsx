import type { GameItem } from '@kismat/contracts/catalogue';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { isFirstScreenDone } from '@/lib/first-screen-done';
import { gameThemeClasses } from '../utils/game-theme';
import styles from './game-tile.module.css';
import { TileSkeleton } from './tile-skeleton';

/** Spec section 9: the tile counter ticks every 3 s. It is decorative (no live player data). */
export const TILE_COUNTER_TICK_MS = 3000;

function startingCount(nodeId: number): number {
  return 120 + ((nodeId * 7919) % 2400);
}

/**
 * One clock for every tile: a single interval and one render of all counters per tick, where a
 * timer per tile (80 on the home page) woke the page 27 times a second, each wake-up a task of
 * its own on a phone's main thread (issue 16 item 6). It runs only while a tile is on the page.
 */
let tick = 0;
let timer: number | undefined;
const tickListeners = new Set<() => void>();

function subscribeTick(listener: () => void): () => void {
  tickListeners.add(listener);
  if (timer === undefined) {
    timer = window.setInterval(() => {
      // No work for a hidden tab, nor while a phone is still busy with the first screen.
      if (document.hidden || !isFirstScreenDone()) return;
      tick += 1;
      for (const notify of tickListeners) notify();
    }, TILE_COUNTER_TICK_MS);
  }
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

const getTick = () => tick;

interface Walk {
  ticks: number;
  count: number;
  seed: number;
}
/** Each game's walk so far: a render only takes the steps since the last one. */
const walks = new Map<number, Walk>();

/** The counter after `ticks` steps of -8..+12 (floor 50): the same for a game wherever it is shown. */
function countAt(nodeId: number, ticks: number): number {
  let walk = walks.get(nodeId);
  if (!walk || walk.ticks > ticks) walk = { ticks: 0, count: startingCount(nodeId), seed: Math.imul(nodeId, 2654435761) >>> 0 };
  while (walk.ticks < ticks) {
    walk.seed = (Math.imul(walk.seed, 1664525) + 1013904223) >>> 0;
    walk.count = Math.max(50, walk.count + (walk.seed % 21) - 8);
    walk.ticks += 1;
  }
  walks.set(nodeId, walk);
  return walk.count;
}

/**
 * The counter's figure alone follows the clock: a tick re-renders these text nodes, not the 80
 * tiles around them (their images, buttons and translated labels), so it stays a short task.
 */
function DecorativeCount({ nodeId }: { nodeId: number }) {
  const ticks = useSyncExternalStore(subscribeTick, getTick, getTick);
  return <>{countAt(nodeId, ticks)}</>;
}

export interface GameTileProps {
  game: GameItem;
  isFavourite: boolean;
  onToggleFavourite: (game: GameItem) => void;
  onPlay: (game: GameItem) => void;
  onTrial: (game: GameItem) => void;
  isEager?: boolean;
}

/** Game tile: favourite star, name, hot tag (isHot 1), image, play and free-trial buttons. */
export function GameTile({ game, isFavourite, onToggleFavourite, onPlay, onTrial, isEager = false }: GameTileProps) {
  const { t } = useTranslation();
  const theme = gameThemeClasses(game.nodeId);
  return (
    <article className={[styles.tile, styles[theme.tile]].join(' ')} data-testid="game-tile" data-node-id={game.nodeId}>
      <div className={styles.art}>
        <img
          className={styles.image}
          src={game.iconUrl || game.showIcon}
          alt=""
          width={300}
          height={300}
          loading={isEager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <div className={styles.tags}>
          {game.isHot === 1 ? <span className={styles.hot}>{t('games.tile.hot')}</span> : null}
          {game.isNew === 1 ? <span className={styles.new}>{t('games.tile.new')}</span> : null}
        </div>
        <button
          type="button"
          className={styles.star}
          aria-pressed={isFavourite}
          aria-label={
            isFavourite ? t('games.favourite.remove', { name: game.displayName }) : t('games.favourite.add', { name: game.displayName })
          }
          title={isFavourite ? t('games.favourite.removeShort') : t('games.favourite.addShort')}
          onClick={() => onToggleFavourite(game)}
          data-testid="favourite-star"
        >
          <Icon name="star" size={18} fill={isFavourite ? 'currentColor' : 'none'} />
        </button>
        {game.isMaintenance ? <span className={styles.maintenance}>{t('catalogue.maintenance')}</span> : null}
        <div className={styles.overlay}>
          <button type="button" className={styles.play} onClick={() => onPlay(game)} data-testid="game-play">
            <Icon name="play" size={16} strokeWidth={0} fill="currentColor" />
            {t('games.tile.play')}
          </button>
          {/* Always shown (spec: every tile has it); a game without a free trial says so when pressed. */}
          <button
            type="button"
            className={[styles.trial, game.supportsFreePlay ? '' : styles.trialUnavailable].join(' ')}
            onClick={() => onTrial(game)}
            title={game.supportsFreePlay ? undefined : t('games.tile.noTrial')}
            data-testid="game-trial"
            data-supports-free-play={game.supportsFreePlay}
          >
            {t('games.tile.trial')}
          </button>
        </div>
      </div>
      <div className={styles.meta}>
        <h3 className={styles.name} title={game.displayName}>
          {game.displayName}
        </h3>
        <div className={styles.sub}>
          <span className={styles.vendor}>{game.vendorName}</span>
          <span className={[styles.counter, styles[theme.counter]].join(' ')} title={t('games.tile.playing')}>
            <Icon name="user" size={12} />
            <DecorativeCount nodeId={game.nodeId} />
          </span>
        </div>
      </div>
    </article>
  );
}

export function GameTileSkeleton() {
  return <TileSkeleton classes={styles} />;
}
