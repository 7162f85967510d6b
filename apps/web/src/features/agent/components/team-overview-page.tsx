import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Icon, type IconName } from '@/components/ui/icon';
import { fromQuery } from '@/components/ui/query-state';
import { type DayRange, isRangeReversed, presetRange } from '@/lib/date-presets';
import { useLanguage } from '@/stores/language-store';
import { useTeamOverview } from '../api/get-team-overview';
import { formatCount, formatMoney, signOf } from '../utils/format';
import styles from './agent-pages.module.css';
import { DateRangeFilter } from './date-range-filter';
import { QueryState } from './query-state';

function Stat({ icon, label, value, hint, sign }: { icon: IconName; label: string; value: string; hint?: string; sign?: string }) {
  return (
    <div className={styles.stat}>
      <span className={`${blocks.statLabel} ${styles.statLabel}`}>
        <Icon name={icon} size={14} />
        {label}
      </span>
      <span className={styles.statValue} data-sign={sign}>
        {value}
      </span>
      {hint ? <span className={styles.statHint}>{hint}</span> : null}
    </div>
  );
}

/** agentTeamOverview: members, new and active members, money in and out, play and payouts. */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<DayRange>(() => presetRange('previous7'));
  const isReversed = isRangeReversed(range);
  const overview = useTeamOverview(range);
  const data = overview.data;
  const money = (value: string) => formatMoney(value, language);
  return (
    <div className={styles.stack}>
      <section className={styles.card}>
        <DateRangeFilter value={range} onChange={setRange} />
      </section>
      <QueryState {...fromQuery(overview, { isOff: isReversed })}>
        {data ? (
          <section className={styles.card} aria-label={t('agentCentre.pages.agentTeamOverview')} data-testid="team-overview">
            <div className={styles.stats}>
              <Stat
                icon="user"
                label={t('agentCentre.team.members')}
                value={formatCount(data.members, language)}
                hint={t('agentCentre.team.membersHint', { direct: data.directMembers, agents: data.agents })}
              />
              <Stat icon="userPlus" label={t('agentCentre.team.newMembers')} value={formatCount(data.newMembers, language)} />
              <Stat icon="sparkle" label={t('agentCentre.team.activeMembers')} value={formatCount(data.activeMembers, language)} />
              <Stat
                icon="wallet"
                label={t('agentCentre.team.deposits')}
                value={money(data.deposits)}
                hint={t('agentCentre.team.count', { count: data.depositCount })}
              />
              <Stat
                icon="download"
                label={t('agentCentre.team.withdrawals')}
                value={money(data.withdrawals)}
                hint={t('agentCentre.team.count', { count: data.withdrawalCount })}
              />
              <Stat icon="dice" label={t('agentCentre.team.validBet')} value={money(data.validBet)} />
              <Stat
                icon="coins"
                label={t('agentCentre.team.memberWinLoss')}
                value={money(data.memberWinLoss)}
                sign={signOf(data.memberWinLoss)}
              />
              <Stat
                icon="calendar"
                label={t('agentCentre.team.salariesPaid')}
                value={money(data.salariesPaid)}
                hint={t('agentCentre.team.received', { amount: money(data.salariesReceived) })}
              />
              <Stat
                icon="crown"
                label={t('agentCentre.team.dividendsPaid')}
                value={money(data.dividendsPaid)}
                hint={t('agentCentre.team.received', { amount: money(data.dividendsReceived) })}
              />
            </div>
          </section>
        ) : null}
      </QueryState>
    </div>
  );
}
