import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { OPERATOR_PROMOTION_PATHS, REQUIREMENT_STATUSES, type RequirementValue } from '@kismat/contracts/promotions';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { DataTable, ListStatus, Pager } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';

type Requirement = RequirementValue & { username: string };
const PAGE_SIZE = 20;

/** Turnover requirements by member and status; a finance operator may waive one, with a reason (audited). */
export function PromotionsRequirementsPage({ me }: { me: OperatorMe }) {
  const [memberId, setMemberId] = useState('');
  const [status, setStatus] = useState('ACTIVE');
  const [applied, setApplied] = useState({ memberId: '', status: 'ACTIVE' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: Requirement[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [waiving, setWaiving] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const mayWaive = canMoveMoney(me);

  const load = useCallback(async () => {
    const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
    if (/^\d+$/.test(applied.memberId)) query.set('memberId', applied.memberId);
    if (applied.status) query.set('status', applied.status);
    setError(null);
    try {
      setData(await api<{ items: Requirement[]; total: number }>('GET', `${OPERATOR_PROMOTION_PATHS.requirements}?${query.toString()}`));
    } catch (caught) {
      setError(failureText(caught, 'The requirements could not be loaded.'));
    }
  }, [applied, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const waive = async (event: FormEvent, row: Requirement) => {
    event.preventDefault();
    try {
      await api('POST', OPERATOR_PROMOTION_PATHS.waive.replace(':id', String(row.id)), { reason: reason.trim() });
      setFeedback({ tone: 'success', text: `Requirement #${row.id} of ${row.username} waived (${formatMoney(row.left)} of turnover).` });
      setWaiving(null);
      setReason('');
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The server could not be reached.') });
    }
    await load();
  };

  return (
    <section aria-labelledby="requirements-title">
      <div className="section-head">
        <h1 id="requirements-title">Turnover requirements</h1>
      </div>
      <form
        className="filters card"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setApplied({ memberId, status });
        }}
      >
        <label className="field compact">
          <span>Member id</span>
          <input value={memberId} onChange={(event) => setMemberId(event.target.value)} inputMode="numeric" />
        </label>
        <label className="field compact">
          <span>Status</span>
          <select value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">all</option>
            {REQUIREMENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value.toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button primary">
          Search
        </button>
      </form>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListStatus error={error} rows={data?.items} empty="No requirement matches." />
      {data && data.items.length > 0 ? (
        <DataTable
          headings={[
            '#',
            'Member',
            'Source',
            { label: 'Required', className: 'num' },
            { label: 'Done', className: 'num' },
            { label: 'Left', className: 'num' },
            'Status',
            'Expires',
            'Waive',
          ]}
        >
          {data.items.map((row) => (
            <tr key={row.id} data-testid={`requirement-${row.id}`}>
              <td data-label="#">{row.id}</td>
              <td data-label="Member">
                <strong>{row.username}</strong>
                <span className="muted"> · #{row.memberId}</span>
              </td>
              <td data-label="Source">
                <span className="stack">
                  <span>{row.title ?? row.source.toLowerCase()}</span>
                  <span className="muted">amount {formatMoney(row.amount)}</span>
                </span>
              </td>
              <td data-label="Required" className="num">
                {formatMoney(row.required)}
              </td>
              <td data-label="Done" className="num">
                {formatMoney(row.done)}
              </td>
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
                    <label className="field compact">
                      <span>Reason for waiving #{row.id}</span>
                      <input value={reason} onChange={(event) => setReason(event.target.value)} minLength={3} maxLength={500} required />
                    </label>
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
          ))}
        </DataTable>
      ) : null}
      {data ? <Pager pageNo={page} pageSize={PAGE_SIZE} total={data.total} noun="requirements" onPage={setPage} /> : null}
    </section>
  );
}
