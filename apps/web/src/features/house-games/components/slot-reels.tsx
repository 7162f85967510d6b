import type { SlotTitle } from '@kismat/game-math/slots/slot-types';
import { useTranslation } from 'react-i18next';
import { useHouseGameNames } from '../utils/game-names';
import type { WireLineWin } from '../utils/house-games-types';
import styles from './slot-reels.module.css';

interface SlotReelsProps {
  title: SlotTitle;
  /** reels[reel][row]; the strips' opening symbols before the first spin. */
  reels: readonly (readonly string[])[];
  isSpinning: boolean;
  /** Reels that have already stopped while the rest still spin (left to right). */
  stoppedCount: number;
  lineWins: readonly WireLineWin[];
}

const SYMBOL_TONES = ['#f4c550', '#8a5cf6', '#2fd98a', '#55b4ff', '#ff5a72', '#ffb547'];

/** The colour a symbol is drawn in (the paytable uses the same). */
export function toneOf(title: SlotTitle, symbolId: string): string {
  const symbol = title.symbols.find((item) => item.id === symbolId);
  if (symbol?.kind === 'wild') return '#ffe49a';
  if (symbol?.kind === 'scatter') return '#ff8ad8';
  const index = title.symbols.findIndex((item) => item.id === symbolId);
  return SYMBOL_TONES[Math.max(0, index) % SYMBOL_TONES.length] ?? '#eef0ff';
}

function englishNameOf(title: SlotTitle, symbolId: string): string {
  return title.symbols.find((item) => item.id === symbolId)?.name ?? symbolId;
}

/** Short face text: card ranks stay as they are, pictures show their (English) initials, the same in every language. */
export function faceOf(title: SlotTitle, symbolId: string): string {
  const name = englishNameOf(title, symbolId);
  if (name.length <= 2) return name;
  return name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** 5 x 3 reels; spinning reels scroll their own strip, winning lines are drawn over the grid. */
export function SlotReels({ title, reels, isSpinning, stoppedCount, lineWins }: SlotReelsProps) {
  const { t } = useTranslation();
  const names = useHouseGameNames();
  const labelOf = (symbolId: string) => names.symbol(title.id, symbolId, englishNameOf(title, symbolId));
  const winningCells = new Set(lineWins.flatMap((win) => win.rows.map((row, reel) => `${reel}:${row}`)));
  const rows = title.rows;
  return (
    <div className={styles.machine} data-testid="slot-reels" data-spinning={isSpinning ? 'true' : 'false'}>
      <div className={styles.grid} role="img" aria-label={t('houseGames.slot.reelsLabel')}>
        {reels.map((column, reel) => {
          const isReelSpinning = isSpinning && reel >= stoppedCount;
          const strip = title.baseReels[reel] ?? [];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: reels are positional.
            <div key={reel} className={styles.reel} data-spinning={isReelSpinning ? 'true' : 'false'}>
              {isReelSpinning ? (
                <div className={styles.blur} style={{ animationDuration: `${280 + reel * 40}ms` }}>
                  {strip.slice(0, 12).map((symbolId, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a strip repeats symbols.
                    <span key={index} className={styles.cell} style={{ color: toneOf(title, symbolId) }}>
                      {faceOf(title, symbolId)}
                    </span>
                  ))}
                </div>
              ) : (
                column.slice(0, rows).map((symbolId, row) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional.
                    key={row}
                    className={styles.cell}
                    data-symbol={symbolId}
                    data-winning={winningCells.has(`${reel}:${row}`) ? 'true' : 'false'}
                    style={{ color: toneOf(title, symbolId) }}
                    title={labelOf(symbolId)}
                  >
                    {faceOf(title, symbolId)}
                    <small className={styles.name}>{labelOf(symbolId)}</small>
                  </span>
                ))
              )}
            </div>
          );
        })}
        {!isSpinning ? (
          <svg className={styles.lines} viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true">
            {lineWins.map((win) => {
              const line = title.paylines[win.lineIndex] ?? [];
              const point = (row: number, reel: number) => `${reel * 100 + 50},${row * 100 + 50}`;
              // Solid through the cells that pay, faint for the rest of the payline: a 3 of a kind
              // must not look like a line across all five reels.
              const paying = line.slice(0, win.count).map(point).join(' ');
              const rest = line
                .slice(Math.max(0, win.count - 1))
                .map((row, offset) => point(row, offset + Math.max(0, win.count - 1)))
                .join(' ');
              const stroke = SYMBOL_TONES[win.lineIndex % SYMBOL_TONES.length];
              return (
                <g key={win.lineIndex} data-testid="win-line" data-line={win.lineIndex + 1} data-count={win.count}>
                  {win.count < line.length ? <polyline points={rest} className={styles.lineRest} style={{ stroke }} /> : null}
                  <polyline points={paying} className={styles.line} style={{ stroke }} />
                </g>
              );
            })}
          </svg>
        ) : null}
      </div>
    </div>
  );
}
