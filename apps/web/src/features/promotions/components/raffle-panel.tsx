import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useClaimRaffle } from '../api/claim-raffle';
import { useRaffles } from '../api/get-raffles';
import { toMinor } from '../utils/money';
import { ClaimOutcome, ErrorText } from './error-text';
import styles from './promotions.module.css';
import { useFormatMoney } from './use-format-money';

/** The raffle (MCS2_claimRafflePromotion): once per period when today's play qualifies. */
export function RafflePanel({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const raffles = useRaffles();
  const claim = useClaimRaffle();
  if (raffles.isPending) return <Spinner label={t('loading')} />;
  const raffle = raffles.data?.find((item) => item.promotionId === promotionId);
  if (!raffle) return <ErrorText error={raffles.error ?? new Error(t('raffle.unavailable'))} />;
  const needsDeposit = (toMinor(raffle.need.deposit) ?? 0n) > 0n;
  const needsBet = (toMinor(raffle.need.validBet) ?? 0n) > 0n;
  return (
    <div className={`${blocks.column} ${styles.section}`} data-testid="raffle-panel">
      <div className={styles.stat}>
        <span className={`${blocks.statLabel} ${styles.statLabel}`}>
          {t(raffle.period === 'WEEK' ? 'raffle.prizeWeek' : 'raffle.prizeDay')}
        </span>
        <span className={`${blocks.statValue} ${styles.statValue}`}>{format(raffle.amount)}</span>
      </div>
      {raffle.isClaimed ? (
        <p className={styles.notice} role="status">
          {t('raffle.claimed')}
        </p>
      ) : raffle.isEligible ? (
        <Button isBlock onClick={() => claim.mutate(promotionId)} disabled={claim.isPending} aria-busy={claim.isPending}>
          {t('actions.claim')}
        </Button>
      ) : (
        <ul className={styles.muted}>
          {needsDeposit ? <li>{t('raffle.needDeposit', { amount: format(raffle.need.deposit) })}</li> : null}
          {needsBet ? <li>{t('raffle.needBet', { amount: format(raffle.need.validBet) })}</li> : null}
        </ul>
      )}
      <ClaimOutcome claim={claim} />
    </div>
  );
}
