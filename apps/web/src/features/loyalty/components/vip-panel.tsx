import type { VipLevel } from '@kismat/contracts/vip';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icon';
import { QueryState } from '@/components/ui/query-state';
import { useFormatMoney } from '@/lib/format-money';
import { useVipLevels } from '../api/get-vip-levels';
import { useVipMe } from '../api/get-vip-me';
import { moneyPercent } from '../utils/progress';
import styles from './loyalty.module.css';
import { ProgressLine } from './progress-line';

/** My VIP level, progress bars to the next level, this month's retention and every level's perks. */
export function VipPanel() {
  const { t } = useTranslation('loyalty');
  const formatMoney = useFormatMoney();
  const me = useVipMe();
  const levels = useVipLevels();
  const data = me.data;
  const columns: DataColumn<VipLevel>[] = [
    {
      id: 'level',
      label: t('vip.level'),
      cell: (row) => (row.rank === data?.level?.rank ? t('vip.yourLevel', { name: row.name }) : row.name),
    },
    { id: 'deposit', label: t('vip.upgradeDeposit'), cell: (row) => formatMoney(row.upgradeDeposit), isNumber: true },
    { id: 'validBet', label: t('vip.upgradeValidBet'), cell: (row) => formatMoney(row.upgradeValidBet), isNumber: true },
    { id: 'upgradeBonus', label: t('vip.upgradeBonus'), cell: (row) => formatMoney(row.upgradeBonus), isNumber: true },
    { id: 'monthlyBonus', label: t('vip.monthlyBonus'), cell: (row) => formatMoney(row.monthlyBonus), isNumber: true },
    { id: 'birthdayBonus', label: t('vip.birthdayBonus'), cell: (row) => formatMoney(row.birthdayBonus), isNumber: true },
    {
      id: 'withdraw',
      label: t('vip.withdrawLimit'),
      cell: (row) => t('vip.withdrawPerDay', { count: row.withdrawDailyCount, amount: formatMoney(row.withdrawDailyAmount) }),
    },
  ];
  const progress = data?.progress;
  return (
    <div className={styles.page} data-testid="vip-panel">
      <QueryState query={me} errorTitle={t('vip.loadFailed')}>
        {data ? (
          <>
            <section className={styles.hero}>
              <span className={styles.badge} aria-hidden="true">
                {data.level ? `V${data.level.rank}` : <Icon name="crown" size={28} />}
              </span>
              <div className={styles.heroText}>
                <p className={styles.levelName} data-testid="vip-level">
                  {data.level ? data.level.name : t('vip.noLevel')}
                </p>
                <p className={styles.muted}>
                  {data.next
                    ? t(data.upgradeWindow === 'MONTH' ? 'vip.nextMonth' : 'vip.nextLifetime', { name: data.next.name })
                    : data.level
                      ? t('vip.top')
                      : t('vip.noLadder')}
                </p>
              </div>
            </section>
            {data.next && progress ? (
              <section className={`${blocks.surfaceCard} ${styles.card}`} data-testid="vip-progress">
                <h3 className={styles.sectionTitle}>{t('vip.progressTitle', { name: data.next.name })}</h3>
                <ProgressLine
                  label={t('vip.deposit')}
                  figures={`${formatMoney(progress.deposit.done)} / ${formatMoney(progress.deposit.needed)}`}
                  percent={moneyPercent(progress.deposit.done, progress.deposit.needed)}
                />
                <ProgressLine
                  label={t('vip.validBet')}
                  figures={`${formatMoney(progress.validBet.done)} / ${formatMoney(progress.validBet.needed)}`}
                  percent={moneyPercent(progress.validBet.done, progress.validBet.needed)}
                />
                <p className={styles.muted}>{t(progress.targetRule === 'AND' ? 'vip.ruleAnd' : 'vip.ruleOr')}</p>
              </section>
            ) : null}
            {data.retention ? (
              <section className={`${blocks.surfaceCard} ${styles.card}`}>
                <h3 className={styles.sectionTitle}>{t('vip.retentionTitle', { period: data.retention.period })}</h3>
                <ProgressLine
                  label={t('vip.deposit')}
                  figures={`${formatMoney(data.retention.deposit.done)} / ${formatMoney(data.retention.deposit.needed)}`}
                  percent={moneyPercent(data.retention.deposit.done, data.retention.deposit.needed)}
                />
                <ProgressLine
                  label={t('vip.validBet')}
                  figures={`${formatMoney(data.retention.validBet.done)} / ${formatMoney(data.retention.validBet.needed)}`}
                  percent={moneyPercent(data.retention.validBet.done, data.retention.validBet.needed)}
                />
                <p className={styles.muted}>{t('vip.retentionNote')}</p>
              </section>
            ) : null}
          </>
        ) : null}
      </QueryState>
      <section className={`${blocks.surfaceCard} ${styles.card}`}>
        <h3 className={styles.sectionTitle}>{t('vip.perksTitle')}</h3>
        <QueryState
          query={levels}
          errorTitle={t('vip.loadFailed')}
          isEmpty={levels.data?.list.length === 0}
          emptyTitle={t('vip.noLadder')}
          emptyIcon="crown"
        >
          <DataTable
            columns={columns}
            rows={levels.data?.list ?? []}
            rowKey={(row) => row.rank}
            aria-label={t('vip.perksTitle')}
            data-testid="vip-levels"
            hasTitleCell={false}
          />
          <p className={styles.muted}>{t('vip.perksNote')}</p>
        </QueryState>
      </section>
    </div>
  );
}
