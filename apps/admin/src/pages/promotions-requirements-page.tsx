import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { OPERATOR_PROMOTION_PATHS, REQUIREMENT_STATUSES, type RequirementValue } from '@kismat/contracts/promotions';
import { type FormEvent, useCallback, useState } from 'react';
import { api } from '../api';
import { ListTable, MoneyCell, numeric, Pager } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { ChoiceField, FilterForm, MemberCell, TextField } from '../components/fields';
import { Page } from '../components/page';
import { useAction } from '../components/use-action';
import { useLoaded, usePagedFilters } from '../components/use-loaded';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';

type Requirement = RequirementValue & { username: string };
const PAGE_SIZE = 20;

/** Turnover requirements by member and status; a finance operator may waive one, with a reason (audited). */
export function PromotionsRequirementsPage({ me }: { me: OperatorMe }) {
  const { filters, setFilters, applied, page, setPage, apply } = usePagedFilters({ memberId: '', status: 'ACTIVE' });
  const [waiving, setWaiving] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const mayWaive = canMoveMoney(me);

  const { data, error, reload } = useLoaded(
    useCallback(() => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
      if (/^\d+$/.test(applied.memberId)) query.set('memberId', applied.memberId);
      if (applied.status) query.set('status', applied.status);
      return api<{ items: Requirement[]; total: number }>('GET', `${OPERATOR_PROMOTION_PATHS.requirements}?${query.toString()}`);
    }, [applied, page]),
    'The requirements could not be loaded.',
  );
  const { feedback, setFeedback, run } = useAction({ reload });

  const waive = (event: FormEvent, row: Requirement) => {
    event.preventDefault();
    return run(
      async () => {
        await api('POST', OPERATOR_PROMOTION_PATHS.waive.replace(':id', String(row.id)), { reason: reason.trim() });
        setWaiving(null);
        setReason('');
      },
      `Requirement #${row.id} of ${row.username} waived (${formatMoney(row.left)} of turnover).`,
    );
  };

  return (
    <Page id="requirements" title="Turnover requirements">
      <FilterForm submitLabel="Search" onApply={apply}>
        <TextField
          label="Member id"
          value={filters.memberId}
          onChange={(value) => setFilters({ ...filters, memberId: value })}
          inputMode="numeric"
        />
        <ChoiceField
          label="Status"
          value={filters.status}
          options={REQUIREMENT_STATUSES}
          anyLabel="all"
          onChange={(status) => setFilters({ ...filters, status })}
        />
      </FilterForm>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListTable
        error={error}
        rows={data?.items}
        empty="No requirement matches."
        headings={['#', 'Member', 'Source', numeric('Required'), numeric('Done'), numeric('Left'), 'Status', 'Expires', 'Waive']}
        row={(row) => (
          <tr key={row.id} data-testid={`requirement-${row.id}`}>
            <td data-label="#">{row.id}</td>
            <MemberCell name={row.username} id={row.memberId} />
            <td data-label="Source">
              <span className="stack">
                <span>{row.title ?? row.source.toLowerCase()}</span>
                <span className="muted">amount {formatMoney(row.amount)}</span>
              </span>
            </td>
            <MoneyCell label="Required" amount={row.required} />
            <MoneyCell label="Done" amount={row.done} />
            <td data-label="Left" className="num strong">
              {formatMoney(row.left)}
            </td>
            <td data-label="Status">
              <span className={`pill pill-${row.status === 'ACTIVE' ? 'pending' : row.status === 'MET' ? 'approved' : 'expired'}`}>
                {row.status.toLowerCase()}
              </span>
            </td>
            <td data-label="Expires">{formatTime(row.expiresAt)}</td>
            <td data-label="Waive">
              {row.status !== 'ACTIVE' || !mayWaive ? (
                <span className="muted">—</span>
              ) : waiving === row.id ? (
                <form className="reject-form" onSubmit={(event) => void waive(event, row)}>
                  <TextField
                    label={`Reason for waiving #${row.id}`}
                    value={reason}
                    onChange={setReason}
                    minLength={3}
                    maxLength={500}
                    required
                  />
                  <div className="actions">
                    <button type="submit" className="button danger" disabled={reason.trim().length < 3}>
                      Confirm waive
                    </button>
                    <button type="button" className="button ghost" onClick={() => setWaiving(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              ) : (
                <button type="button" className="button ghost" onClick={() => setWaiving(row.id)}>
                  Waive…
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {data ? <Pager pageNo={page} pageSize={PAGE_SIZE} total={data.total} noun="requirements" onPage={setPage} /> : null}
    </Page>
  );
}
