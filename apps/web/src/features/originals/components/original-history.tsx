import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/lib/format-money';
import type { OriginalRound } from '../utils/originals-types';
import styles from './originals.module.css';

/** What a round was, in a few characters: the roll of a dice round, the picks of a mines round. */
function summary(round: OriginalRound): string {
  if (round.dice)
    return `${(round.dice.roll / 100).toFixed(2)} ${round.dice.direction === 'UNDER' ? '<' : '>'} ${round.dice.direction === 'UNDER' ? (round.dice.chance / 100).toFixed(2) : ((10_000 - round.dice.chance) / 100).toFixed(2)}`;
  if (round.mines) return `${round.mines.mineCount} 💣 · ${round.mines.picks.length}`;
  return '';
}

/** The member's own last rounds of this game; each links to the verify page. */
export function OriginalHistory({ rounds }: { rounds: readonly OriginalRound[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-labelledby="original-history">
      <h2 id="original-history" className={styles.panelTitle}>
        {t('originals.history.title')}
      </h2>
      {rounds.length === 0 ? <p className={styles.muted}>{t('originals.history.empty')}</p> : null}
      <ol className={styles.history} data-testid="original-history">
        {rounds
          .filter((round) => round.status !== 'OPEN')
          .map((round) => (
            <li key={round.roundId} className={styles.historyRow}>
              <span className={round.status === 'WON' ? styles.chipWin : styles.chipLose}>{round.multiplier}×</span>
              <span>
                {summary(round)} · {t('originals.history.nonce', { nonce: round.nonce })}
              </span>
              <Link className={styles.link} to={`/bgs/verify?mode=original&round=${round.roundId}`}>
                {round.status === 'WON' ? `+${formatMoney(round.payout)}` : `-${formatMoney(round.stake)}`}
              </Link>
            </li>
          ))}
      </ol>
    </section>
  );
}
