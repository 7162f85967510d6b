import { formatMultiplier } from '@kismat/game-math/originals/house-edge';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './plinko.module.css';

const ROW_MS = 140;

/** The board's geometry in fractions of its size: pegs, the ball's stops, the slots. */
function geometry(rows: number) {
  const dx = 1 / (rows + 2);
  const top = 0.07;
  const dy = (0.86 - top) / rows;
  const pegX = (row: number, peg: number) => 0.5 + (peg - (row + 2) / 2) * dx;
  const ballX = (steps: number, rights: number) => 0.5 + (rights - steps / 2) * dx;
  return { dx, top, dy, pegX, ballX };
}

function slotColour(multiplier: number): string {
  if (multiplier >= 100_000) return '#ff5a72';
  if (multiplier >= 30_000) return '#ff8a4c';
  if (multiplier >= 15_000) return '#ffb547';
  if (multiplier >= 10_000) return '#f4c550';
  return '#9be15d';
}

export interface PlinkoBoardHandle {
  /** Animates a ball along the path (transform only); resolves when it lands. */
  drop(path: readonly number[]): Promise<void>;
}

/** Pegs, slots with their multipliers, and the ball (Web Animations on transform, 60 fps). */
export const PlinkoBoard = forwardRef<PlinkoBoardHandle, { rows: number; multipliers: readonly number[] }>(function PlinkoBoard(
  { rows, multipliers },
  handle,
) {
  const { t } = useTranslation();
  const board = useRef<HTMLDivElement>(null);
  const ball = useRef<HTMLDivElement>(null);
  const [hitSlot, setHitSlot] = useState<number | null>(null);
  const [hitKey, setHitKey] = useState(0);
  const shape = geometry(rows);

  useImperativeHandle(handle, () => ({
    async drop(path) {
      const element = ball.current;
      const box = board.current?.getBoundingClientRect();
      if (!element || !box) return;
      setHitSlot(null);
      const frames: Keyframe[] = [];
      let rights = 0;
      frames.push({ transform: `translate(${0.5 * box.width}px, ${0.01 * box.height}px)`, opacity: 1 });
      path.forEach((step, index) => {
        frames.push({
          transform: `translate(${shape.ballX(index, rights) * box.width}px, ${(shape.top + index * shape.dy - 0.025) * box.height}px)`,
          opacity: 1,
        });
        rights += step;
      });
      frames.push({ transform: `translate(${shape.ballX(path.length, rights) * box.width}px, ${0.9 * box.height}px)`, opacity: 1 });
      const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      const animation = element.animate(frames, {
        duration: reducedMotion ? 1 : ROW_MS * (path.length + 1),
        easing: 'linear',
        fill: 'forwards',
      });
      await animation.finished.catch(() => undefined);
      setHitSlot(rights);
      setHitKey((key) => key + 1);
    },
  }));

  return (
    <div ref={board} className={styles.board} role="img" aria-label={t('originals.plinko.board', { rows })} data-testid="plinko-board">
      {Array.from({ length: rows }, (_, row) =>
        Array.from({ length: row + 3 }, (_, peg) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: pegs are positions, not items.
            key={`${row}-${peg}`}
            className={styles.peg}
            style={{ left: `${shape.pegX(row, peg) * 100}%`, top: `${(shape.top + row * shape.dy) * 100}%` }}
          />
        )),
      )}
      <div className={styles.slots}>
        {multipliers.map((multiplier, slot) => (
          <span
            key={slot === hitSlot ? `hit-${hitKey}` : slot}
            className={`${styles.slot} ${slot === hitSlot ? styles.hit : ''}`}
            style={{
              left: `${(shape.ballX(rows, slot) - shape.dx / 2) * 100 + 0.3}%`,
              width: `${shape.dx * 100 - 0.6}%`,
              background: slotColour(multiplier),
            }}
            data-testid={slot === hitSlot ? 'plinko-hit-slot' : undefined}
          >
            {formatMultiplier(multiplier).replace(/\.?0+$/, '')}
          </span>
        ))}
      </div>
      <div ref={ball} className={styles.ball} style={{ transform: 'translate(-40px, -40px)' }} aria-hidden="true" />
    </div>
  );
});
