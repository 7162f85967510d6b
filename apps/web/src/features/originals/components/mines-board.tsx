import { useTranslation } from 'react-i18next';
import type { OriginalRound } from '../utils/originals-types';
import { GemGlyph, MineGlyph } from './game-glyphs';
import styles from './mines.module.css';

const TILES = Array.from({ length: 25 }, (_, tile) => tile);

/**
 * The 5x5 board: a picked tile flips to a gem (or the mine that ended the round); once settled,
 * the untouched tiles turn too, faded, showing where the mines were.
 */
export function MinesBoard({
  round,
  pendingTile,
  isPlayable,
  onPick,
}: {
  round: OriginalRound | null;
  pendingTile: number | null;
  isPlayable: boolean;
  onPick: (tile: number) => void;
}) {
  const { t } = useTranslation();
  const mines = round?.mines;
  const picks = new Set(mines?.picks ?? []);
  const mined = new Set(mines?.mineTiles ?? []);
  const isSettled = round !== null && round.status !== 'OPEN';
  return (
    <fieldset className={styles.board} aria-label={t('originals.mines.board')}>
      {TILES.map((tile) => {
        const isPicked = picks.has(tile);
        const isMine = mined.has(tile);
        const isShown = isPicked || isSettled;
        const classes = [
          styles.tile,
          isShown ? styles.flipped : '',
          isShown ? (isMine ? styles.mine : styles.gem) : '',
          isPicked && isMine ? styles.hit : '',
          isSettled && !isPicked ? styles.ghost : '',
        ].join(' ');
        return (
          <button
            key={tile}
            type="button"
            className={classes}
            disabled={!isPlayable || isPicked || pendingTile !== null}
            onClick={() => onPick(tile)}
            aria-label={t('originals.mines.tile', { number: tile + 1 })}
            data-testid={`mines-tile-${tile}`}
            data-state={isShown ? (isMine ? 'mine' : 'gem') : 'hidden'}
          >
            <span className={styles.face} aria-hidden="true" />
            <span className={styles.back} aria-hidden="true">
              {isShown ? isMine ? <MineGlyph /> : <GemGlyph /> : null}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
