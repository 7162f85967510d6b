import type { RewardCenterValue } from '@kismat/contracts/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button, buttonClassName } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { QueryState } from '@/components/ui/query-state';
import { Tabs, tabPanelProps } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useFormatDateTime } from '@/lib/format-date';
import { useClaimPromotion } from '../api/claim-promotion';
import { useRewardCenter } from '../api/get-reward-center';
import { ErrorText } from './error-text';
import { KIND_ICONS } from './promotion-card';
import styles from './promotions.module.css';
import reward from './reward-centre.module.css';
import { useFormatMoney } from './use-format-money';

type Tab = 'claimable' | 'claimed' | 'expired';
type RewardItem = RewardCenterValue['claimable'][number];

/** rewardCenter: claimable, claimed and expired rewards; the menu badge counts the claimable ones. */
export function RewardCentrePage() {
  const { t } = useTranslation('promotions');
  const rewards = useRewardCenter();
  const [tab, setTab] = useState<Tab>('claimable');
  const counts = {
    claimable: rewards.data?.claimable.length ?? 0,
    claimed: rewards.data?.claimed.length ?? 0,
    expired: rewards.data?.expired.length ?? 0,
  };
  const items = rewards.data?.[tab] ?? [];
  return (
    <div className={`${blocks.column} ${styles.page}`} data-testid="reward-centre">
      <Tabs
        items={(['claimable', 'claimed', 'expired'] as const).map((value) => ({
          value,
          label: t(`rewards.tabs.${value}`, { n: counts[value] }),
        }))}
        value={tab}
        onChange={setTab}
        label={t('rewards.label')}
        panelIdPrefix="rewards"
      />
      <div {...tabPanelProps('rewards', tab)}>
        <QueryState
          query={rewards}
          errorTitle={t('rewards.failed')}
          isEmpty={items.length === 0}
          emptyTitle={t(`rewards.empty.${tab}`)}
          emptyIcon="gift"
        >
          <ul className={blocks.stackList}>
            {items.map((item) => (
              <RewardRow key={`${item.promotionId}-${item.awardId ?? 'open'}`} item={item} tab={tab} />
            ))}
          </ul>
        </QueryState>
      </div>
      <Link to={paths.promotions.getHref()} className={styles.backLink}>
        {t('rewards.allPromotions')}
        <Icon name="chevronRight" size={14} />
      </Link>
    </div>
  );
}

function RewardRow({ item, tab }: { item: RewardItem; tab: Tab }) {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const formatWhen = useFormatDateTime();
  const claim = useClaimPromotion();
  const href = `${paths.promotions.getHref()}?id=${item.promotionId}`;
  // Drawn and applied rewards are taken on their promotion's page (draw, form); a fixed one here.
  const canClaimHere = tab === 'claimable' && item.kind !== 'RED_ENVELOPE' && item.kind !== 'ACTIVITY' && item.kind !== 'RAFFLE';
  return (
    <li className={`${blocks.surfaceCard} ${reward.item}`} data-testid="reward-item" data-tab={tab}>
      <span className={reward.icon} data-kind={item.kind}>
        <Icon name={KIND_ICONS[item.kind]} size={22} />
      </span>
      <span className={reward.text}>
        <strong>{item.title}</strong>
        <span className={styles.muted}>
          {t(`kinds.${item.kind}`)}
          {item.at ? ` · ${formatWhen(item.at)}` : ''}
        </span>
        <ErrorText error={claim.error} />
      </span>
      <span className={blocks.figure}>{item.amount ? format(item.amount) : t('rewards.drawn')}</span>
      <span className={reward.action}>
        {claim.data ? (
          <span className={styles.status} data-tone="success">
            {t('status.Claimed')}
          </span>
        ) : canClaimHere ? (
          <Button size="small" onClick={() => claim.mutate(item.promotionId)} disabled={claim.isPending}>
            {t('actions.claim')}
          </Button>
        ) : tab === 'claimable' ? (
          <Link to={href} className={buttonClassName({ size: 'small' })}>
            {item.kind === 'RED_ENVELOPE' ? t('envelope.open') : t('actions.claimNow')}
          </Link>
        ) : (
          <Link to={href} className={buttonClassName({ size: 'small', variant: 'ghost' })}>
            {t('actions.details')}
          </Link>
        )}
      </span>
    </li>
  );
}
