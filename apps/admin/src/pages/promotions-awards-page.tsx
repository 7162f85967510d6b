import { AWARD_STATUSES, type awardValue, OPERATOR_PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { useCallback } from 'react';
import type { z } from 'zod';
import { api } from '../api';
import { ListTable, numeric, Pager } from '../components/data-table';
import { ChoiceField, FilterForm, MemberCell, TextField } from '../components/fields';
import { Page } from '../components/page';
import { useLoaded, usePagedFilters } from '../components/use-loaded';
import { formatMoney, formatTime, fromLocalInput } from '../format';

type Award = z.infer<typeof awardValue>;
interface AwardsPage {
  items: Award[];
  page: number;
  pageSize: number;
  total: number;
  totalAmount: string;
}

const PAGE_SIZE = 20;

/** Every bonus paid, filtered by promotion, member, status and date; the total of the filter. */
export function PromotionsAwardsPage() {
  const { filters, setFilters, applied, page, setPage, apply } = usePagedFilters({
    promotionId: '',
    memberId: '',
    status: '',
    from: '',
    to: '',
  });
  const { data, error } = useLoaded(
    useCallback(() => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
      if (/^\d+$/.test(applied.promotionId)) query.set('promotionId', applied.promotionId);
      if (/^\d+$/.test(applied.memberId)) query.set('memberId', applied.memberId);
      if (applied.status) query.set('status', applied.status);
      const from = fromLocalInput(applied.from);
      const to = fromLocalInput(applied.to);
      if (from) query.set('from', from);
      if (to) query.set('to', to);
      return api<AwardsPage>('GET', `${OPERATOR_PROMOTION_PATHS.awards}?${query.toString()}`);
    }, [applied, page]),
    'The awards could not be loaded.',
  );

  const set = (key: keyof typeof filters) => (value: string) => setFilters({ ...filters, [key]: value });
  return (
    <Page id="awards" title="Awards">
      <FilterForm submitLabel="Apply" onApply={apply}>
        <TextField label="Promotion #" value={filters.promotionId} onChange={set('promotionId')} inputMode="numeric" />
        <TextField label="Member id" value={filters.memberId} onChange={set('memberId')} inputMode="numeric" />
        <ChoiceField label="Status" value={filters.status} options={AWARD_STATUSES} anyLabel="all" onChange={set('status')} />
        <TextField label="From" type="datetime-local" value={filters.from} onChange={set('from')} />
        <TextField label="To" type="datetime-local" value={filters.to} onChange={set('to')} />
      </FilterForm>
      {data ? (
        <p className="hint" data-testid="awards-total">
          {data.total} awards · {formatMoney(data.totalAmount)} paid
        </p>
      ) : null}
      <ListTable
        error={error}
        rows={data?.items}
        empty="No award matches these filters."
        headings={['#', 'Member', 'Promotion', numeric('Amount'), 'Status', 'Period', 'Credited']}
        row={(row) => (
          <tr key={row.id} data-testid={`award-${row.id}`}>
            <td data-label="#">{row.id}</td>
            <MemberCell name={row.username} id={row.memberId} />
            <td data-label="Promotion">
              <span className="stack">
                <span>{row.promotionTitle}</span>
                <span className="muted">
                  #{row.promotionId} · {row.kind.replace('_', ' ').toLowerCase()} · {row.reason}
                </span>
              </span>
            </td>
            <td data-label="Amount" className="num strong">
              {formatMoney(row.amount)}
              {row.returnedAmount !== '0.00' ? <span className="muted"> (returned {formatMoney(row.returnedAmount)})</span> : null}
            </td>
            <td data-label="Status">
              <span className={`pill pill-${row.status === 'CREDITED' ? 'approved' : 'expired'}`}>{row.status.toLowerCase()}</span>
            </td>
            <td data-label="Period" className="mono">
              {row.periodKey}
            </td>
            <td data-label="Credited">{formatTime(row.createdAt)}</td>
          </tr>
        )}
      />
      {data ? <Pager pageNo={page} pageSize={PAGE_SIZE} total={data.total} noun="awards" onPage={setPage} /> : null}
    </Page>
  );
}
