import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayRange, isRangeReversed, presetRange } from '@/lib/date-presets';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import { useDownlineTransactions } from '../api/get-downline-transactions';
import { useProfitLoss } from '../api/get-profit-loss';
import { useRevenueReport } from '../api/get-revenue-report';
import { describeEntry } from '../utils/entry-description';
import { formatMoney, signOf } from '../utils/format';
import styles from './agent-pages.module.css';
import { DateRangeFilter } from './date-range-filter';
import { Pager } from './pager';
import { QueryState } from './query-state';

const PAGE_SIZE = 20;

/** agentRevenueReport: contract income and payouts per type. */
export function RevenueReportPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<DayRange>(() => presetRange('previous30'));
  const report = useRevenueReport(range);
  const money = (value: string) => formatMoney(value, language);
  return (
    <div className={styles.stack}>
      <section className={styles.card}>
        <DateRangeFilter value={range} onChange={setRange} />
      </section>
      <section className={styles.card}>
        <QueryState isLoading={report.isLoading && !isRangeReversed(range)} error={report.error} onRetry={() => void report.refetch()}>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('agentCentre.reports.type')}</th>
                  <th className={styles.num}>{t('agentCentre.reports.received')}</th>
                  <th className={styles.num}>{t('agentCentre.reports.paidToDownlines')}</th>
                  <th className={styles.num}>{t('agentCentre.reports.net')}</th>
                  <th className={styles.num}>{t('agentCentre.reports.outstanding')}</th>
                </tr>
              </thead>
              <tbody>
                {report.data?.rows.map((row) => (
                  <tr key={row.type}>
                    <td>{t(`agentCentre.contractTypes.${row.type}`)}</td>
                    <td className={styles.num}>{money(row.received)}</td>
                    <td className={styles.num}>{money(row.paidToDownlines)}</td>
                    <td className={styles.num} data-sign={signOf(row.net)}>
                      {money(row.net)}
                    </td>
                    <td className={styles.num}>{money(row.outstanding)}</td>
                  </tr>
                ))}
              </tbody>
              {report.data ? (
                <tfoot>
                  <tr>
                    <td>{t('agentCentre.bills.total')}</td>
                    <td className={styles.num}>{money(report.data.totalReceived)}</td>
                    <td className={styles.num}>{money(report.data.totalPaid)}</td>
                    <td className={styles.num} data-sign={signOf(report.data.totalNet)}>
                      {money(report.data.totalNet)}
                    </td>
                    <td />
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
        </QueryState>
      </section>
    </div>
  );
}

/** palStatementsAgentCopy: profit and loss per direct downline (with its team) or per member. */
export function ProfitLossPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<DayRange>(() => presetRange('previous7'));
  const [groupBy, setGroupBy] = useState<'DIRECT' | 'MEMBER'>('DIRECT');
  const [pageNo, setPageNo] = useState(1);
  const isReversed = isRangeReversed(range);
  const report = useProfitLoss({ startDate: range.from, endDate: range.to, groupBy, pageNo, pageSize: PAGE_SIZE });
  const money = (value: string) => formatMoney(value, language);
  return (
    <div className={styles.stack}>
      <section className={`${styles.card} ${styles.stack}`}>
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPageNo(1);
          }}
        />
        <div className={styles.chips}>
          {(['DIRECT', 'MEMBER'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={styles.chip}
              aria-pressed={groupBy === option}
              onClick={() => {
                setGroupBy(option);
                setPageNo(1);
              }}
            >
              {t(`agentCentre.reports.groupBy.${option}`)}
            </button>
          ))}
        </div>
      </section>
      <section className={styles.card}>
        <QueryState
          isLoading={report.isLoading && !isReversed}
          error={isReversed ? null : report.error}
          onRetry={() => void report.refetch()}
          isEmpty={report.data?.items.length === 0}
        >
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('agentCentre.downlines.username')}</th>
                  <th className={styles.num}>{t('agentCentre.downlines.teamSize')}</th>
                  <th className={styles.num}>{t('agentCentre.team.deposits')}</th>
                  <th className={styles.num}>{t('agentCentre.team.withdrawals')}</th>
                  <th className={styles.num}>{t('agentCentre.reports.bets')}</th>
                  <th className={styles.num}>{t('agentCentre.team.validBet')}</th>
                  <th className={styles.num}>{t('agentCentre.reports.payout')}</th>
                  <th className={styles.num}>{t('agentCentre.team.memberWinLoss')}</th>
                </tr>
              </thead>
              <tbody>
                {report.data?.items.map((row) => (
                  <tr key={row.memberId}>
                    <td>{row.username}</td>
                    <td className={styles.num}>{row.teamSize}</td>
                    <td className={styles.num}>{money(row.deposits)}</td>
                    <td className={styles.num}>{money(row.withdrawals)}</td>
                    <td className={styles.num}>{row.betCount}</td>
                    <td className={styles.num}>{money(row.validBet)}</td>
                    <td className={styles.num}>{money(row.payout)}</td>
                    <td className={styles.num} data-sign={signOf(row.memberWinLoss)}>
                      {money(row.memberWinLoss)}
                    </td>
                  </tr>
                ))}
              </tbody>
              {report.data ? (
                <tfoot>
                  <tr>
                    <td colSpan={2}>{t('agentCentre.bills.total')}</td>
                    <td className={styles.num}>{money(report.data.totals.deposits)}</td>
                    <td className={styles.num}>{money(report.data.totals.withdrawals)}</td>
                    <td className={styles.num}>{report.data.totals.betCount}</td>
                    <td className={styles.num}>{money(report.data.totals.validBet)}</td>
                    <td className={styles.num}>{money(report.data.totals.payout)}</td>
                    <td className={styles.num} data-sign={signOf(report.data.totals.memberWinLoss)}>
                      {money(report.data.totals.memberWinLoss)}
                    </td>
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
          {report.data ? <Pager pageNo={pageNo} pageSize={PAGE_SIZE} total={report.data.total} onChange={setPageNo} /> : null}
        </QueryState>
      </section>
    </div>
  );
}

/** agentDownlineTransactionDetailsCopy: ledger movements of the team. */
export function DownlineTransactionsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<DayRange>(() => presetRange('previous7'));
  const [pageNo, setPageNo] = useState(1);
  const isReversed = isRangeReversed(range);
  const transactions = useDownlineTransactions({ startDate: range.from, endDate: range.to, pageNo, pageSize: PAGE_SIZE });
  return (
    <div className={styles.stack}>
      <section className={styles.card}>
        <DateRangeFilter
          value={range}
          onChange={(next) => {
            setRange(next);
            setPageNo(1);
          }}
        />
      </section>
      <section className={styles.card}>
        <QueryState
          isLoading={transactions.isLoading && !isReversed}
          error={isReversed ? null : transactions.error}
          onRetry={() => void transactions.refetch()}
          isEmpty={transactions.data?.items.length === 0}
        >
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('agentCentre.reports.time')}</th>
                  <th>{t('agentCentre.downlines.username')}</th>
                  <th>{t('agentCentre.reports.type')}</th>
                  <th className={styles.num}>{t('agentCentre.reports.amount')}</th>
                  <th className={styles.num}>{t('agentCentre.reports.balanceAfter')}</th>
                  <th>{t('agentCentre.reports.description')}</th>
                </tr>
              </thead>
              <tbody>
                {transactions.data?.items.map((row) => (
                  <tr key={row.entryId}>
                    <td>{formatDateTime(row.createdAt, language)}</td>
                    <td>{row.username}</td>
                    <td>
                      <span className={styles.badge} data-type={row.type}>
                        {t(`wallet.types.${row.type}`)}
                      </span>
                    </td>
                    <td className={styles.num} data-sign={signOf(row.amount)}>
                      {formatMoney(row.amount, language)}
                    </td>
                    <td className={styles.num}>{formatMoney(row.balanceAfter, language)}</td>
                    <td>{describeEntry(row.description, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {transactions.data ? <Pager pageNo={pageNo} pageSize={PAGE_SIZE} total={transactions.data.total} onChange={setPageNo} /> : null}
        </QueryState>
      </section>
    </div>
  );
}
