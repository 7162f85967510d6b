import type { AuditPageValue } from '@kismat/contracts/operator-accounts';
import { type FormEvent, useCallback, useState } from 'react';
import { api } from '../api';
import { ListTable, Pager } from '../components/data-table';
import { useLoaded } from '../components/use-loaded';
import { formatTime } from '../format';

const PAGE_SIZE = 20;

function show(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Details in one line; a before/after pair reads as "status: pending → approved". */
function describeDetail(detail: Record<string, unknown>): string {
  const { before, after, ...rest } = detail;
  const parts: string[] = [];
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const was = before as Record<string, unknown>;
    const now = after as Record<string, unknown>;
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      parts.push(key in was ? `${key}: ${show(was[key])} → ${show(now[key])}` : `${key}: ${show(now[key])}`);
    }
  } else {
    if (before !== undefined) parts.push(`before: ${show(before)}`);
    if (after !== undefined) parts.push(`after: ${show(after)}`);
  }
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}: ${show(value)}`);
  return parts.join(' · ');
}

/** Every operator action, newest first, filterable by action and operator. */
export function AuditPage() {
  const [pageNo, setPageNo] = useState(1);
  const [action, setAction] = useState('');
  const [operator, setOperator] = useState('');
  const [applied, setApplied] = useState({ action: '', operator: '' });
  const { data: page, error } = useLoaded(
    useCallback(() => {
      const query = new URLSearchParams({ pageNo: String(pageNo), pageSize: String(PAGE_SIZE) });
      if (applied.action) query.set('action', applied.action);
      if (applied.operator) query.set('operator', applied.operator);
      return api<AuditPageValue>('GET', `/admin-api/audit?${query}`);
    }, [pageNo, applied]),
    'The audit log could not be loaded.',
  );

  const filter = (event: FormEvent) => {
    event.preventDefault();
    setPageNo(1);
    setApplied({ action: action.trim(), operator: operator.trim() });
  };

  return (
    <section aria-labelledby="audit-title">
      <div className="section-head">
        <h1 id="audit-title">Audit log</h1>
        <form className="filters" onSubmit={filter}>
          <label className="field inline">
            <span>Action</span>
            <input value={action} onChange={(event) => setAction(event.target.value)} placeholder="e.g. deposit." />
          </label>
          <label className="field inline">
            <span>Operator</span>
            <input value={operator} onChange={(event) => setOperator(event.target.value)} placeholder="username" />
          </label>
          <button type="submit" className="button ghost">
            Filter
          </button>
        </form>
      </div>
      <ListTable
        error={error}
        rows={page?.list}
        empty="Nothing recorded for these filters."
        className="audit"
        headings={['When', 'Operator', 'Action', 'Target', 'Reason', 'Details']}
        row={(row) => (
          <tr key={row.id}>
            <td data-label="When">{formatTime(row.createdAt)}</td>
            <td data-label="Operator">
              <strong>{row.operatorName}</strong>
              {row.ip ? <span className="muted"> · {row.ip}</span> : null}
            </td>
            <td data-label="Action">
              <span className="code">{row.action}</span>
            </td>
            <td data-label="Target">{row.targetType ? `${row.targetType} ${row.targetId ?? ''}` : '—'}</td>
            <td data-label="Reason">{row.reason ?? '—'}</td>
            <td data-label="Details" className="detail">
              {describeDetail(row.detail) || '—'}
            </td>
          </tr>
        )}
      />
      {page ? <Pager pageNo={pageNo} pageSize={PAGE_SIZE} total={page.total} noun="entries" onPage={setPageNo} /> : null}
    </section>
  );
}
