import type { CrashFeedBet } from '@kismat/contracts/crash';
import { useTranslation } from 'react-i18next';
import { GamePanel } from '@/components/ui/game-panel';
import { formatMoney } from '@/lib/format-money';
import styles from './crash.module.css';

/** Everyone's bets in this round as they come in and cash out (names masked by the server). */
export function CrashLiveBets({ bets }: { bets: readonly CrashFeedBet[] }) {
  const { t } = useTranslation();
  return (
    <GamePanel
      id="crash-live-bets"
      title={
        <>
          {t('crash.liveBets')} <span className={styles.count}>{bets.length}</span>
        </>
      }
      classes={styles}
      empty={bets.length === 0 ? t('crash.noBets') : null}
    >
      <ul className={styles.feed} data-testid="crash-feed">
        {bets.map((bet) => (
          <li key={bet.betId} className={styles.feedRow} data-status={bet.status} data-mine={bet.isMine || undefined}>
            <span className={styles.player}>{bet.isMine ? t('crash.you') : bet.player}</span>
            <span className={styles.amount}>{formatMoney(bet.stake)}</span>
            <span className={styles.outcome}>
              {bet.status === 'CASHED'
                ? `${bet.cashOut}× · ${formatMoney(bet.payout)}`
                : bet.status === 'LOST'
                  ? '—'
                  : (bet.autoCashOut ?? '')}
            </span>
          </li>
        ))}
      </ul>
    </GamePanel>
  );
}
