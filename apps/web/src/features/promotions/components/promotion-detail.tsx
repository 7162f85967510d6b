import { formatBasisPoints, type MemberPromotionValue } from '@kismat/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageFrame } from '@/components/ui/page-frame';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { openLoginModal, openRegisterModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { usePromotion } from '../api/get-promotion';
import { promotionBodyHtml } from '../utils/promotion-text';
import { ProgressBar, ProgressFigure } from './progress-bar';
import { PromotionAction } from './promotion-action';
import { KIND_ICONS, useWindowText } from './promotion-card';
import detailStyles from './promotion-detail.module.css';
import styles from './promotions.module.css';
import { useRewardText } from './reward-text';
import { StatusBadge } from './status-badge';
import { useFormatMoney } from './use-format-money';

/** /promotions?id=: the rules, my progress and the action this promotion offers me now. */
export function PromotionDetail({ id }: { id: number }) {
  const { t } = useTranslation('promotions');
  const promotion = usePromotion(id);
  return (
    <PageFrame title={promotion.data?.title ?? t('title')} subtitle={t('detail.subtitle')} icon="gift">
      <div className={`${blocks.column} ${styles.page}`}>
        <Link to={paths.promotions.getHref()} className={styles.backLink}>
          <Icon name="chevronLeft" size={16} />
          {t('detail.back')}
        </Link>
        <QueryState
          query={promotion}
          errorTitle={t('detail.failed')}
          isEmpty={!promotion.data}
          emptyTitle={t('detail.notFound')}
          emptyIcon="gift"
        >
          {promotion.data ? <DetailBody promotion={promotion.data} /> : null}
        </QueryState>
      </div>
    </PageFrame>
  );
}

function DetailBody({ promotion }: { promotion: MemberPromotionValue }) {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const rewardText = useRewardText();
  const windowText = useWindowText();
  const isLogin = useSessionStore((state) => state.isLogin && !state.isTrial);
  const progress = promotion.me?.progress;
  const award = promotion.me?.award;
  return (
    <div className={detailStyles.layout} data-testid="promotion-detail" data-kind={promotion.kind}>
      <div className={`${blocks.column} ${detailStyles.main}`}>
        <div className={`${styles.promoArt} ${detailStyles.art}`} data-kind={promotion.kind}>
          {promotion.imageUrl ? (
            <img src={promotion.imageUrl} alt="" />
          ) : (
            <span className={styles.promoArtFallback}>
              <Icon name={KIND_ICONS[promotion.kind]} size={64} strokeWidth={1.3} />
            </span>
          )}
          <span className={styles.kindChip}>{t(`kinds.${promotion.kind}`)}</span>
        </div>
        <section className={`${blocks.column} ${styles.card}`} aria-labelledby="promotion-rules-title">
          <div className={blocks.spread}>
            <h2 id="promotion-rules-title" className={styles.cardTitle}>
              {t('detail.rules')}
            </h2>
            <StatusBadge status={promotion.me?.status ?? null} startsAt={promotion.startsAt} />
          </div>
          <dl className={`${blocks.facts} ${styles.facts}`}>
            <div>
              <dt>{t('detail.reward')}</dt>
              <dd>{rewardText(promotion.reward)}</dd>
            </div>
            <div>
              <dt>{t('detail.window')}</dt>
              <dd>{windowText(promotion)}</dd>
            </div>
            {promotion.minDeposit ? (
              <div>
                <dt>{t('detail.minDeposit')}</dt>
                <dd>{format(promotion.minDeposit)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('detail.turnover')}</dt>
              <dd>
                {promotion.turnoverMultipleBp > 0
                  ? t('detail.turnoverTimes', { times: formatBasisPoints(promotion.turnoverMultipleBp, 'multiple') })
                  : t('detail.noTurnover')}
              </dd>
            </div>
            {promotion.maxBet ? (
              <div>
                <dt>{t('detail.maxBet')}</dt>
                <dd>{format(promotion.maxBet)}</dd>
              </div>
            ) : null}
            {promotion.expiryDays ? (
              <div>
                <dt>{t('detail.expiry')}</dt>
                <dd>{t('detail.expiryDays', { count: promotion.expiryDays })}</dd>
              </div>
            ) : null}
          </dl>
          {promotion.rules.length > 0 ? (
            <ul className={detailStyles.ruleList}>
              {promotion.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          ) : null}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in promotionBodyHtml */}
          <div className={styles.rules} dangerouslySetInnerHTML={{ __html: promotionBodyHtml(promotion.body) }} />
        </section>
      </div>
      <aside className={detailStyles.side}>
        <section className={`${blocks.column} ${styles.card}`} aria-labelledby="promotion-mine-title" data-testid="promotion-mine">
          <h2 id="promotion-mine-title" className={styles.cardTitle}>
            {t('detail.mine')}
          </h2>
          {isLogin ? (
            <>
              {award ? (
                <div className={styles.stat}>
                  <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('detail.awarded')}</span>
                  <span className={`${blocks.statValue} ${styles.statValue}`} data-testid="promotion-award">
                    {format(award.amount)}
                  </span>
                </div>
              ) : null}
              {progress ? (
                <div className={blocks.progressRow}>
                  <ProgressFigure label={t('progress.turnover')}>
                    {format(progress.done)} / {format(progress.required)}
                  </ProgressFigure>
                  <ProgressBar done={progress.done} required={progress.required} label={t('progress.turnover')} />
                  <ProgressFigure label={t('progress.left')} testId="promotion-left">
                    {format(progress.left)}
                  </ProgressFigure>
                  <Link to={paths.member.getHref('bonusDetails')} className={styles.backLink}>
                    {t('detail.seeBonusDetails')}
                    <Icon name="chevronRight" size={14} />
                  </Link>
                </div>
              ) : null}
              <PromotionAction promotion={promotion} />
            </>
          ) : (
            <>
              <p className={styles.muted}>{t('detail.loginToJoin')}</p>
              <div className={styles.actions}>
                <Button onClick={() => openLoginModal()}>{t('actions.login')}</Button>
                <Button variant="outline" onClick={() => openRegisterModal()}>
                  {t('actions.register')}
                </Button>
              </div>
            </>
          )}
        </section>
      </aside>
    </div>
  );
}
