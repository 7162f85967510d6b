import type { GameItem } from '@kismat/contracts/catalogue';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { gameThemeClasses } from '../utils/game-theme';
import styles from './game-tile.module.css';

/** Spec section 9: the tile counter ticks every 3 s. It is decorative (no live player data). */
export const TILE_COUNTER_TICK_MS = 3000;

function startingCount(nodeId: number): number {
  return 120 + ((nodeId * 7919) % 2400);
}

function useDecorativeCounter(nodeId: number): number {
  const [count, setCount] = useState(() => startingCount(nodeId));
  useEffect(() => {
    const timer = window.setInterval(() => {
      setCount((current) => Math.max(50, current + Math.floor(Math.random() * 21) - 8));
    }, TILE_COUNTER_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return count;
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
  const count = useDecorativeCounter(game.nodeId);
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
            {count}
          </span>
        </div>
      </div>
    </article>
  );
}

export function GameTileSkeleton() {
  return (
    <div className={styles.tile} aria-hidden="true">
      <div className={styles.art} />
      <div className={styles.meta}>
        <span className={styles.name}>&nbsp;</span>
      </div>
    </div>
  );
}
