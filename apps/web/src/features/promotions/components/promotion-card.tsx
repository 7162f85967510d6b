import type { MemberPromotionValue } from '@kismat/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { buttonClassName } from '@/components/ui/button';
import { Icon, type IconName } from '@/components/ui/icon';
import { useFormatDateTime } from '@/lib/format-date';
import { promotionSummary } from '../utils/promotion-text';
import { ProgressBar, ProgressFigure } from './progress-bar';
import styles from './promotions.module.css';
import { StatusBadge } from './status-badge';
import { useFormatMoney } from './use-format-money';

export const KIND_ICONS: Record<MemberPromotionValue['kind'], IconName> = {
  FIRST_DEPOSIT: 'wallet',
  RELOAD: 'refresh',
  RED_ENVELOPE: 'gift',
  RAFFLE: 'ticket',
  REFERRAL: 'userPlus',
  ACTIVITY: 'star',
};

/** The promotion's window as "from – to" (or "from" alone when it has no end). */
export function useWindowText(): (promotion: Pick<MemberPromotionValue, 'startsAt' | 'endsAt'>) => string {
  const { t } = useTranslation('promotions');
  const formatWhen = useFormatDateTime();
  return (promotion) =>
    promotion.endsAt
      ? t('window.range', { from: formatWhen(promotion.startsAt), to: formatWhen(promotion.endsAt) })
      : t('window.open', { from: formatWhen(promotion.startsAt) });
}

/** A live promotion in the list: art, kind, title, window, a short rule, my state and progress. */
export function PromotionCard({ promotion, href }: { promotion: MemberPromotionValue; href: string }) {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const windowText = useWindowText();
  const progress = promotion.me?.progress;
  return (
    <article className={styles.promo} data-testid="promotion-card" aria-labelledby={`promotion-${promotion.id}-title`}>
      <div className={styles.promoArt} data-kind={promotion.kind}>
        {promotion.imageUrl ? (
          <img src={promotion.imageUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={styles.promoArtFallback}>
            <Icon name={KIND_ICONS[promotion.kind]} size={48} strokeWidth={1.4} />
          </span>
        )}
        <span className={styles.kindChip}>{t(`kinds.${promotion.kind}`)}</span>
      </div>
      <div className={styles.promoBody}>
        <h3 id={`promotion-${promotion.id}-title`} className={styles.promoTitle}>
          {promotion.title}
        </h3>
        <span className={styles.promoWindow}>
          <Icon name="calendar" size={14} />
          {windowText(promotion)}
        </span>
        <p className={styles.promoSummary}>{promotion.rules[0] ?? promotionSummary(promotion.body)}</p>
        {progress && progress.status === 'ACTIVE' ? (
          <div className={blocks.progressRow}>
            <ProgressBar done={progress.done} required={progress.required} label={t('progress.turnover')} />
            <ProgressFigure label={t('progress.turnover')}>
              {format(progress.done)} / {format(progress.required)}
            </ProgressFigure>
          </div>
        ) : null}
        <div className={blocks.spread}>
          <StatusBadge status={promotion.me?.status ?? null} startsAt={promotion.startsAt} />
          <Link to={href} className={buttonClassName({ size: 'small', variant: promotion.me?.status === 'Claim' ? 'gold' : 'outline' })}>
            {promotion.me?.status === 'Claim' ? t('actions.claimNow') : t('actions.details')}
          </Link>
        </div>
      </div>
    </article>
  );
}
