import type { MissionItem, MissionPeriod } from '@kismat/contracts/missions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Tabs, tabPanelProps } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/form-errors';
import { useFormatDateTime } from '@/lib/format-date';
import { useFormatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { showToast } from '@/stores/toast-store';
import { useClaimMission } from '../api/claim-mission';
import { useMissionSummary } from '../api/get-mission-summary';
import { LeaderboardPanel } from './leaderboard-panel';
import styles from './loyalty.module.css';
import { ProgressLine } from './progress-line';

type MissionTab = MissionPeriod | 'LEADERBOARD';
const TABS: readonly MissionTab[] = ['DAILY', 'WEEKLY', 'ONCE', 'EVENT', 'LEADERBOARD'];
const PANEL_PREFIX = 'missions';

/** Missions by period with progress bars and claim buttons, and the mission leaderboard. */
export function MissionsPanel() {
  const { t } = useTranslation('loyalty');
  const summary = useMissionSummary();
  const [tab, setTab] = useState<MissionTab>('DAILY');
  const list = summary.data?.list ?? [];
  const items = TABS.map((value) => {
    const ready = list.filter((mission) => mission.period === value && mission.status === 'CLAIMABLE').length;
    const label = t(`missions.tabs.${value}`);
    return { value, label: ready > 0 ? `${label} (${ready})` : label };
  });
  const shown = list.filter((mission) => mission.period === tab);
  return (
    <div className={styles.page} data-testid="missions-panel">
      <div className={blocks.tabsScroller}>
        <Tabs items={items} value={tab} onChange={setTab} label={t('missions.title')} panelIdPrefix={PANEL_PREFIX} />
      </div>
      <div {...tabPanelProps(PANEL_PREFIX, tab)}>
        {tab === 'LEADERBOARD' ? (
          <LeaderboardPanel />
        ) : (
          <QueryState
            query={summary}
            errorTitle={t('missions.loadFailed')}
            isEmpty={shown.length === 0}
            emptyTitle={t('missions.empty')}
            emptyIcon="crown"
          >
            <ul className={blocks.stackList}>
              {shown.map((mission) => (
                <MissionRow key={`${mission.missionId}:${mission.periodKey}`} mission={mission} />
              ))}
            </ul>
          </QueryState>
        )}
      </div>
    </div>
  );
}

function MissionRow({ mission }: { mission: MissionItem }) {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const formatWhen = useFormatDateTime();
  const claim = useClaimMission();
  const figure = (value: string) => (mission.unit === 'MONEY' ? formatMoney(value) : value);
  const reward =
    mission.rewardKind === 'CASH'
      ? t('missions.rewardCash', { amount: formatMoney(mission.rewardAmount) })
      : mission.rewardKind === 'POINTS'
        ? t('missions.rewardPoints', { count: Number(mission.rewardAmount) })
        : t('missions.rewardChances', { count: Number(mission.rewardAmount) });
  const onClaim = async () => {
    await claim.mutateAsync({ missionId: mission.missionId, idempotencyKey: newIdempotencyKey() });
    showToast(t('missions.claimed', { reward }));
  };
  return (
    <li className={`${blocks.surfaceCard} ${styles.mission}`} data-status={mission.status} data-testid="mission">
      <div className={styles.missionText}>
        <h3 className={styles.missionTitle}>{mission.title}</h3>
        <ProgressLine
          label={t(`missions.metrics.${mission.metric}`)}
          figures={`${figure(mission.progress)} / ${figure(mission.target)}`}
          percent={mission.percent}
        />
        <span className={styles.reward}>{reward}</span>
        {mission.periodEndsAt && mission.status !== 'CLAIMED' ? (
          <span className={styles.muted}>{t('missions.endsAt', { date: formatWhen(mission.periodEndsAt) })}</span>
        ) : null}
        {claim.error ? (
          <span className={styles.muted} role="alert">
            {errorMessage(claim.error, t('missions.claimFailed'))}
          </span>
        ) : null}
      </div>
      {mission.status === 'CLAIMED' ? (
        <span className={styles.done}>{t('missions.status.CLAIMED')}</span>
      ) : (
        <Button
          size="small"
          disabled={mission.status !== 'CLAIMABLE' || claim.isPending}
          onClick={() => void onClaim().catch(() => undefined)}
          data-testid="mission-claim"
        >
          {mission.status === 'CLAIMABLE' ? t('missions.claim') : t('missions.status.IN_PROGRESS')}
        </Button>
      )}
    </li>
  );
}
