import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/lib/format-money';
import type { LotteryIssue, LotteryKind, LotteryTicket } from '../utils/house-games-types';
import { toMinor } from '../utils/money';
import styles from './lottery.module.css';
import { headlineOf, verifyIssueHref } from './lottery-results';

interface LatestDrawProps {
  issueId: string;
  kind: LotteryKind;
  issueNo: string | null;
  result: NonNullable<LotteryIssue['result']>;
  /** The member's tickets of the drawn issue, as last fetched. */
  tickets: readonly LotteryTicket[];
  onClose: () => void;
}

/** The draw just pushed over /ws: its opened numbers and what the member's tickets of that issue paid. */
export function LatestDraw({ issueId, kind, issueNo, result, tickets, onClose }: LatestDrawProps) {
  const { t } = useTranslation();
  const isSettled = tickets.length > 0 && tickets.every((ticket) => ticket.status !== 'pending');
  const stake = tickets.reduce((sum, ticket) => sum + toMinor(ticket.amount), 0n);
  const payout = tickets.reduce((sum, ticket) => sum + toMinor(ticket.payout), 0n);
  const winners = tickets.filter((ticket) => ticket.status === 'won').length;
  return (
    <section className={styles.latestDraw} aria-labelledby="latest-draw-heading" data-testid="latest-draw" aria-live="polite">
      <div className={styles.slipHead}>
        <h2 id="latest-draw-heading" className={styles.panelTitle}>
          {issueNo ? t('houseGames.draw.title', { issue: issueNo }) : t('houseGames.draw.titleNoIssue')}
        </h2>
        <button type="button" className={styles.textButton} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <p className={styles.muted}>{t('houseGames.draw.opened')}</p>
      <div className={styles.openedBalls} data-testid="opened-numbers">
        {headlineOf(result).map((number, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: drawn numbers are positional.
            key={index}
            className={styles.openedBall}
            data-kind={kind}
            style={{ animationDelay: `${index * 120}ms` }}
          >
            {number}
          </span>
        ))}
      </div>
      {isSettled ? (
        <p className={styles.drawOutcome} data-outcome={winners > 0 ? 'won' : 'lost'} data-testid="draw-outcome">
          {winners > 0
            ? t('houseGames.draw.won', { tickets: tickets.length, winners, payout: formatMoney(payout), stake: formatMoney(stake) })
            : t('houseGames.draw.lost', { tickets: tickets.length, stake: formatMoney(stake) })}
        </p>
      ) : (
        <p className={styles.muted}>{t('houseGames.draw.checking')}</p>
      )}
      <Link className={styles.verifyLink} to={verifyIssueHref(issueId)}>
        {t('houseGames.results.verify')}
      </Link>
    </section>
  );
}
