import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GamePanel } from '@/components/ui/game-panel';
import { formatMoney } from '@/lib/format-money';
import type { MyCrashBet } from '../api/get-my-crash-bets';
import styles from './crash.module.css';

/** The member's own rounds: stake, result, and a link that recomputes the round on the verify page. */
export function MyCrashBets({ bets }: { bets: readonly MyCrashBet[] }) {
  const { t } = useTranslation();
  return (
    <GamePanel id="crash-my-bets" title={t('crash.myBets')} classes={styles} empty={bets.length === 0 ? t('crash.noMyBets') : null}>
      <ul className={styles.feed} data-testid="crash-my-bets">
        {bets.map((bet) => (
          <li key={bet.betId} className={styles.feedRow} data-status={bet.status}>
            <span className={styles.amount}>{formatMoney(bet.stake)}</span>
            <span className={styles.outcome}>
              {bet.status === 'CASHED'
                ? t('crash.wonAt', { multiplier: bet.cashOut ?? '', amount: formatMoney(bet.payout) })
                : bet.status === 'LOST'
                  ? t('crash.lostAt', { multiplier: bet.crashPoint ?? '' })
                  : t('crash.inPlay')}
            </span>
            {bet.crashPoint ? (
              <Link className={styles.verifyLink} to={`/bgs/verify?mode=crash&round=${bet.roundId}`} data-testid="crash-verify-link">
                {t('crash.verify')}
              </Link>
            ) : (
              <span />
            )}
          </li>
        ))}
      </ul>
    </GamePanel>
  );
}
