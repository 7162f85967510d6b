import type { MemberPromotionValue } from '@kismat/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import blocks from '../../../components/ui/blocks.module.css';
import { useClaimPromotion } from '../api/claim-promotion';
import { ActivityPanel } from './activity-panel';
import { ClaimOutcome } from './error-text';
import styles from './promotions.module.css';
import { RafflePanel } from './raffle-panel';
import { RedEnvelopePanel } from './red-envelope-panel';
import { useFormatMoney } from './use-format-money';

/** What this promotion lets me do now: claim, apply, draw, deposit, invite, or nothing more. */
export function PromotionAction({ promotion }: { promotion: MemberPromotionValue }) {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const claim = useClaimPromotion();
  const status = promotion.me?.status;
  if (Date.parse(promotion.startsAt) > Date.now()) return <p className={styles.muted}>{t('detail.notStarted')}</p>;
  if (status === 'Close') return <p className={styles.muted}>{t('detail.closed')}</p>;

  switch (promotion.kind) {
    case 'RED_ENVELOPE':
      return <RedEnvelopePanel promotionId={promotion.id} />;
    case 'RAFFLE':
      return <RafflePanel promotionId={promotion.id} />;
    case 'ACTIVITY':
      return <ActivityPanel promotionId={promotion.id} status={status ?? null} />;
    case 'REFERRAL':
      return (
        <Link to={paths.member.getHref('referral')} className={buttonClassName({ isBlock: true })}>
          {t('actions.invite')}
        </Link>
      );
    default:
      break;
  }
  if (promotion.claimMode === 'CLAIM' && status === 'Claim') {
    return (
      <div className={`${blocks.column} ${styles.section}`}>
        <Button isBlock onClick={() => claim.mutate(promotion.id)} disabled={claim.isPending} aria-busy={claim.isPending}>
          {t('actions.claim')}
        </Button>
        <ClaimOutcome claim={claim} />
      </div>
    );
  }
  if (status === 'Join' && (promotion.kind === 'FIRST_DEPOSIT' || promotion.kind === 'RELOAD')) {
    return (
      <div className={`${blocks.column} ${styles.section}`}>
        <p className={styles.muted}>
          {promotion.minDeposit ? t('detail.depositToJoin', { amount: format(promotion.minDeposit) }) : t('detail.depositToJoinAny')}
        </p>
        <Link to={paths.member.getHref('depositv2')} className={buttonClassName({ isBlock: true })}>
          {t('actions.deposit')}
        </Link>
      </div>
    );
  }
  if (status === 'Process') return <p className={styles.muted}>{t('detail.inProgress')}</p>;
  if (status === 'Claimed' || status === 'Issued' || status === 'Joined') return <p className={styles.muted}>{t('detail.done')}</p>;
  if (promotion.me && !promotion.me.isEligible) return <p className={styles.muted}>{t('detail.notEligible')}</p>;
  return null;
}
