import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { PageFrame } from '@/components/ui/page-frame';
import { QueryState } from '@/components/ui/query-state';
import { Tabs, tabPanelProps } from '@/components/ui/tabs';
import { usePointBalance } from '../api/get-point-balance';
import { usePointConfig } from '../api/get-point-config';
import { ConvertForm } from '../components/convert-form';
import styles from '../components/points.module.css';
import { RedeemHistory } from '../components/redeem-history';
import { RewardsGrid } from '../components/rewards-grid';
import { RulesPanel } from '../components/rules-panel';

type MallTab = 'rewards' | 'history' | 'convert' | 'rules';
const PANEL_PREFIX = 'point-mall';

/** /pointMall: the balance, rewards to redeem, redeem history, conversion to cash, rules and rates. */
export function PointMallRoute() {
  const { t } = useTranslation('loyalty');
  const balance = usePointBalance();
  const config = usePointConfig();
  const [tab, setTab] = useState<MallTab>('rewards');
  const points = balance.data?.balance ?? 0;
  const tabs = [
    { value: 'rewards' as const, label: t('tabs.rewards') },
    { value: 'history' as const, label: t('tabs.history') },
    { value: 'convert' as const, label: t('tabs.convert') },
    { value: 'rules' as const, label: t('tabs.rules') },
  ];
  return (
    <PageFrame title={t('mall.title')} subtitle={t('mall.subtitle')} icon="star">
      <QueryState query={balance} errorTitle={t('mall.balanceFailed')}>
        <div className={styles.summary}>
          <div className={styles.stat} data-tone="gold">
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('mall.balance')}</span>
            <span className={`${blocks.statValue} ${styles.statValue}`} data-testid="points-balance">
              {points.toLocaleString('en-US')}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('mall.earnedTotal')}</span>
            <span className={`${blocks.statValue} ${styles.statValue}`} data-testid="points-earned">
              {(balance.data?.earnedTotal ?? 0).toLocaleString('en-US')}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('mall.spent')}</span>
            <span className={`${blocks.statValue} ${styles.statValue}`}>
              {Math.max(0, (balance.data?.earnedTotal ?? 0) - points).toLocaleString('en-US')}
            </span>
          </div>
        </div>
      </QueryState>
      <div className={blocks.tabsScroller}>
        <Tabs items={tabs} value={tab} onChange={setTab} label={t('mall.title')} panelIdPrefix={PANEL_PREFIX} />
      </div>
      <div className={styles.panel} {...tabPanelProps(PANEL_PREFIX, tab)}>
        {tab === 'rewards' ? <RewardsGrid balance={points} /> : null}
        {tab === 'history' ? <RedeemHistory /> : null}
        {tab === 'convert' || tab === 'rules' ? (
          <QueryState query={config} errorTitle={t('rules.loadFailed')}>
            {config.data ? (
              tab === 'convert' ? (
                <ConvertForm config={config.data} balance={points} />
              ) : (
                <RulesPanel config={config.data} />
              )
            ) : null}
          </QueryState>
        ) : null}
      </div>
    </PageFrame>
  );
}
