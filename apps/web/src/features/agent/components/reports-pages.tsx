import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { fromQuery } from '@/components/ui/query-state';
import { type DayRange, isRangeReversed, presetRange } from '@/lib/date-presets';
import { formatDateTime } from '@/lib/format-date';
import { usePageNo } from '@/lib/use-page-no';
import { useLanguage } from '@/stores/language-store';
import { useDownlineTransactions } from '../api/get-downline-transactions';
import { useProfitLoss } from '../api/get-profit-loss';
import { useRevenueReport } from '../api/get-revenue-report';
import { describeEntry } from '../utils/entry-description';
import { formatMoney, signOf } from '../utils/format';
import styles from './agent-pages.module.css';
import { ChoiceChips } from './choice-chips';
import { CursorPager, useCursorPages } from './cursor-pager';
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
  const revenueColumns: DataColumn<NonNullable<typeof report.data>['rows'][number]>[] = [
    { id: 'type', label: t('agentCentre.reports.type'), cell: (row) => t(`agentCentre.contractTypes.${row.type}`) },
    { id: 'received', label: t('agentCentre.reports.received'), isNumber: true, cell: (row) => money(row.received) },
    { id: 'paid', label: t('agentCentre.reports.paidToDownlines'), isNumber: true, cell: (row) => money(row.paidToDownlines) },
    {
      id: 'net',
      label: t('agentCentre.reports.net'),
      isNumber: true,
      cellProps: (row) => ({ 'data-sign': signOf(row.net) }),
      cell: (row) => money(row.net),
    },
    { id: 'outstanding', label: t('agentCentre.reports.outstanding'), isNumber: true, cell: (row) => money(row.outstanding) },
  ];
  return (
    <div className={styles.stack}>
      <section className={styles.card}>
        <DateRangeFilter value={range} onChange={setRange} />
      </section>
      <section className={styles.card}>
        <QueryState {...fromQuery(report, { isOff: isRangeReversed(range) })}>
          <DataTable
            columns={revenueColumns}
            rows={report.data?.rows ?? []}
            rowKey={(row) => row.type}
            isCardless
            footer={
              report.data ? (
                <tr>
                  <td>{t('agentCentre.bills.total')}</td>
                  <td className={styles.num}>{money(report.data.totalReceived)}</td>
                  <td className={styles.num}>{money(report.data.totalPaid)}</td>
                  <td className={styles.num} data-sign={signOf(report.data.totalNet)}>
                    {money(report.data.totalNet)}
                  </td>
                  <td />
                </tr>
              ) : null
            }
          />
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
  const { pageNo, setPageNo, firstPageAfter } = usePageNo();
  const isReversed = isRangeReversed(range);
  const report = useProfitLoss({ startDate: range.from, endDate: range.to, groupBy, pageNo, pageSize: PAGE_SIZE });
  const money = (value: string) => formatMoney(value, language);
  const profitLossColumns: DataColumn<NonNullable<typeof report.data>['items'][number]>[] = [
    { id: 'username', label: t('agentCentre.downlines.username'), cell: (row) => row.username },
    { id: 'teamSize', label: t('agentCentre.downlines.teamSize'), isNumber: true, cell: (row) => row.teamSize },
    { id: 'deposits', label: t('agentCentre.team.deposits'), isNumber: true, cell: (row) => money(row.deposits) },
    { id: 'withdrawals', label: t('agentCentre.team.withdrawals'), isNumber: true, cell: (row) => money(row.withdrawals) },
    { id: 'bets', label: t('agentCentre.reports.bets'), isNumber: true, cell: (row) => row.betCount },
    { id: 'validBet', label: t('agentCentre.team.validBet'), isNumber: true, cell: (row) => money(row.validBet) },
    { id: 'payout', label: t('agentCentre.reports.payout'), isNumber: true, cell: (row) => money(row.payout) },
    {
      id: 'memberWinLoss',
      label: t('agentCentre.team.memberWinLoss'),
      isNumber: true,
      cellProps: (row) => ({ 'data-sign': signOf(row.memberWinLoss) }),
      cell: (row) => money(row.memberWinLoss),
    },
  ];
  return (
    <div className={styles.stack}>
      <section className={`${styles.card} ${styles.stack}`}>
        <DateRangeFilter value={range} onChange={firstPageAfter(setRange)} />
        <div className={styles.chips}>
          <ChoiceChips
            options={['DIRECT', 'MEMBER'] as const}
            value={groupBy}
            onChange={firstPageAfter(setGroupBy)}
            label={(option) => t(`agentCentre.reports.groupBy.${option}`)}
          />
        </div>
      </section>
      <section className={styles.card}>
        <QueryState {...fromQuery(report, { isOff: isReversed })} isEmpty={report.data?.items.length === 0}>
          <DataTable
            columns={profitLossColumns}
            rows={report.data?.items ?? []}
            rowKey={(row) => row.memberId}
            isCardless
            footer={
              report.data ? (
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
              ) : null
            }
          />
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
  const pages = useCursorPages();
  const isReversed = isRangeReversed(range);
  const transactions = useDownlineTransactions({ startDate: range.from, endDate: range.to, cursor: pages.cursor, pageSize: PAGE_SIZE });
  const transactionColumns: DataColumn<NonNullable<typeof transactions.data>['items'][number]>[] = [
    { id: 'time', label: t('agentCentre.reports.time'), cell: (row) => formatDateTime(row.createdAt, language) },
    { id: 'username', label: t('agentCentre.downlines.username'), cell: (row) => row.username },
    {
      id: 'type',
      label: t('agentCentre.reports.type'),
      cell: (row) => (
        <span className={styles.badge} data-type={row.type}>
          {t(`wallet.types.${row.type}`)}
        </span>
      ),
    },
    {
      id: 'amount',
      label: t('agentCentre.reports.amount'),
      isNumber: true,
      cellProps: (row) => ({ 'data-sign': signOf(row.amount) }),
      cell: (row) => formatMoney(row.amount, language),
    },
    {
      id: 'balanceAfter',
      label: t('agentCentre.reports.balanceAfter'),
      isNumber: true,
      cell: (row) => formatMoney(row.balanceAfter, language),
    },
    { id: 'description', label: t('agentCentre.reports.description'), cell: (row) => describeEntry(row.description, t) },
  ];
  return (
    <div className={styles.stack}>
      <section className={styles.card}>
        <DateRangeFilter value={range} onChange={pages.firstPageAfter(setRange)} />
      </section>
      <section className={styles.card}>
        <QueryState {...fromQuery(transactions, { isOff: isReversed })} isEmpty={transactions.data?.items.length === 0}>
          <DataTable columns={transactionColumns} rows={transactions.data?.items ?? []} rowKey={(row) => row.entryId} isCardless />
          {transactions.data ? (
            <CursorPager pages={pages} nextCursor={transactions.isPlaceholderData ? null : transactions.data.nextCursor} />
          ) : null}
        </QueryState>
      </section>
    </div>
  );
}
