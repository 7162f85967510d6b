import type { BillStatus, ContractType } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { fromQuery } from '@/components/ui/query-state';
import { type DayRange, presetRange } from '@/lib/date-presets';
import { formatDateTime } from '@/lib/format-date';
import { usePageNo } from '@/lib/use-page-no';
import { useLanguage } from '@/stores/language-store';
import { useAgentHome } from '../api/get-agent-home';
import { type BillsQuery, useBills } from '../api/get-bills';
import type { Bill } from '../api/types';
import { formatMoney, formatRate } from '../utils/format';
import styles from './agent-pages.module.css';
import { ChoiceChips } from './choice-chips';
import { DateRangeFilter } from './date-range-filter';
import { Pager } from './pager';
import { PayBillDialog } from './pay-bill-dialog';
import { QueryState } from './query-state';
import { BillStatusBadge } from './status-badge';

const PAGE_SIZE = 20;

const BILL_SIDES: readonly BillsQuery['side'][] = ['ALL', 'RECEIVED', 'PAID'];
const BILL_FILTERS: readonly (BillStatus | 'ALL')[] = ['ALL', 'PAID', 'PARTIAL', 'UNPAID'];

/** Bills of the type: paid, partial or unpaid, received from the upline and paid to downlines. */
export function BillsSection({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<DayRange>(() => presetRange('previous30'));
  const [side, setSide] = useState<BillsQuery['side']>('ALL');
  const [status, setStatus] = useState<BillStatus | 'ALL'>('ALL');
  const { pageNo, setPageNo, firstPageAfter } = usePageNo();
  const [paying, setPaying] = useState<Bill | null>(null);
  const memberId = useAgentHome().data?.memberId;
  // The payer of a bill left PARTIAL or UNPAID may pay the rest now instead of waiting for the next run.
  const isPayable = (bill: Bill) =>
    memberId !== undefined && bill.payerId === memberId && (bill.status === 'PARTIAL' || bill.status === 'UNPAID');
  const bills = useBills({
    type,
    side,
    status: status === 'ALL' ? undefined : status,
    startDate: range.from,
    endDate: range.to,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const hasPayable = bills.data?.items.some(isPayable) ?? false;
  const billColumns: DataColumn<Bill>[] = [
    {
      id: 'period',
      label: t('agentCentre.bills.period'),
      cellProps: (bill) => ({ title: `${formatDateTime(bill.periodStart, language)} – ${formatDateTime(bill.periodEnd, language)}` }),
      cell: (bill) => bill.periodKey,
    },
    { id: 'payee', label: t('agentCentre.bills.payee'), cell: (bill) => bill.payeeUsername },
    { id: 'payer', label: t('agentCentre.bills.payer'), cell: (bill) => bill.payerUsername ?? t('agentCentre.contracts.platform') },
    { id: 'validBet', label: t('agentCentre.team.validBet'), isNumber: true, cell: (bill) => formatMoney(bill.validBet, language) },
    { id: 'activeMembers', label: t('agentCentre.team.activeMembers'), isNumber: true, cell: (bill) => bill.activeMembers },
    { id: 'rate', label: t('agentCentre.bills.rate'), isNumber: true, cell: (bill) => formatRate(bill.rateBps, language) },
    { id: 'due', label: t('agentCentre.bills.due'), isNumber: true, cell: (bill) => formatMoney(bill.amountDue, language) },
    { id: 'paid', label: t('agentCentre.bills.paid'), isNumber: true, cell: (bill) => formatMoney(bill.amountPaid, language) },
    { id: 'status', label: t('agentCentre.contracts.status'), cell: (bill) => <BillStatusBadge status={bill.status} /> },
    ...(hasPayable
      ? [
          {
            id: 'actions',
            label: t('agentCentre.downlines.actions'),
            isAction: true,
            cell: (bill: Bill) =>
              isPayable(bill) ? (
                <Button size="small" onClick={() => setPaying(bill)}>
                  {t('agentCentre.bills.payNow')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <div className={styles.stack}>
      <section className={styles.card}>
        <div className={styles.stack}>
          <DateRangeFilter value={range} onChange={firstPageAfter(setRange)} />
          <div className={styles.chips}>
            <ChoiceChips
              options={BILL_SIDES}
              value={side}
              onChange={firstPageAfter(setSide)}
              label={(option) => t(`agentCentre.bills.sides.${option}`)}
            />
            <span aria-hidden="true" className={`${styles.muted} ${styles.chipDivider}`}>
              |
            </span>
            <ChoiceChips
              options={BILL_FILTERS}
              value={status}
              onChange={firstPageAfter(setStatus)}
              label={(option) => (option === 'ALL' ? t('agentCentre.bills.allStatuses') : t(`agentCentre.billStatus.${option}`))}
            />
          </div>
        </div>
      </section>
      <section className={styles.card}>
        <QueryState {...fromQuery(bills)} isEmpty={bills.data?.items.length === 0} emptyTitle={t('agentCentre.bills.empty')}>
          <DataTable
            columns={billColumns}
            rows={bills.data?.items ?? []}
            rowKey={(bill) => bill.id}
            hasTitleCell={false}
            data-testid="bills-table"
            footer={
              bills.data ? (
                <tr>
                  <td colSpan={6}>{t('agentCentre.bills.total')}</td>
                  <td className={styles.num} data-label={t('agentCentre.bills.due')}>
                    {formatMoney(bills.data.totalDue, language)}
                  </td>
                  <td className={styles.num} data-label={t('agentCentre.bills.paid')}>
                    {formatMoney(bills.data.totalPaid, language)}
                  </td>
                  <td />
                  {hasPayable ? <td /> : null}
                </tr>
              ) : null
            }
          />
          {bills.data ? <Pager pageNo={pageNo} pageSize={PAGE_SIZE} total={bills.data.total} onChange={setPageNo} /> : null}
        </QueryState>
      </section>
      {paying ? <PayBillDialog bill={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}
