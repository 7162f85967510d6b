import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import {
  RECONCILIATION_DIRECTIONS,
  RECONCILIATION_MISMATCH_KINDS,
  type ReconciliationMismatchKind,
  type ReconciliationMismatchValue,
  type ReconciliationRunValue,
} from '@kismat/contracts/payment-admin';
import { useCallback, useState } from 'react';
import { api } from '../api';
import { DataTable, ListStatus, ListTable } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { ChoiceField, FilterForm, TextField } from '../components/fields';
import { Page } from '../components/page';
import { ReasonForm } from '../components/reason-form';
import { useAction } from '../components/use-action';
import { useLoaded, usePagedFilters } from '../components/use-loaded';
import { formatMoney, formatTime } from '../format';
import { canMoveMoney } from '../roles';

/** What each kind means to the person who has to fix it. */
const KIND_TEXT: Record<ReconciliationMismatchKind, string> = {
  missing_ours: 'paid at the provider, not credited by us',
  missing_theirs: 'credited or paid by us, not in the provider’s statement',
  amount: 'amounts differ',
  status: 'statuses differ',
};

interface Filters {
  merchant: string;
  provider: string;
  from: string;
  to: string;
  kind: '' | ReconciliationMismatchKind;
  direction: '' | (typeof RECONCILIATION_DIRECTIONS)[number];
  state: 'open' | 'resolved' | 'all';
  runId: string;
}

const EMPTY: Filters = { merchant: '', provider: '', from: '', to: '', kind: '', direction: '', state: 'open', runId: '' };

function queryOf(filters: Filters, keys: readonly (keyof Filters)[]): string {
  const query = new URLSearchParams();
  for (const key of keys) if (filters[key]) query.set(key, filters[key]);
  return query.toString();
}

/**
 * The daily payment reconciliation (issue 22): each provider channel's merchant day compared with
 * the provider's statement, the runs and the mismatches they found. Finance and admin resolve a
 * mismatch with a note saying what was done; the note is audited and kept.
 */
export function ReconciliationPage({ me }: { me: OperatorMe }) {
  const { filters, setFilters, applied, apply } = usePagedFilters<Filters>(EMPTY);
  const [resolving, setResolving] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const runs = useLoaded(
    useCallback(
      () =>
        api<{ list: ReconciliationRunValue[] }>(
          'GET',
          `/admin-api/reconciliation/runs?${queryOf(applied, ['merchant', 'provider', 'from', 'to'])}`,
        ),
      [applied],
    ),
    'The reconciliation runs could not be loaded.',
  );
  const mismatches = useLoaded(
    useCallback(
      () =>
        api<{ list: ReconciliationMismatchValue[] }>(
          'GET',
          `/admin-api/reconciliation/mismatches?${queryOf(applied, ['merchant', 'provider', 'from', 'to', 'kind', 'direction', 'state', 'runId'])}`,
        ),
      [applied],
    ),
    'The mismatches could not be loaded.',
    { clearOnChange: true },
  );
  const { feedback, setFeedback, isBusy, run } = useAction({ reload: async () => Promise.all([runs.reload(), mismatches.reload()]) });
  const mayResolve = canMoveMoney(me);
  const set = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch });

  return (
    <Page id="reconciliation" title="Reconciliation">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <FilterForm submitLabel="Show" onApply={() => apply()}>
        <TextField label="Merchant" value={filters.merchant} onChange={(merchant) => set({ merchant })} placeholder="code" />
        <TextField label="Provider" value={filters.provider} onChange={(provider) => set({ provider })} placeholder="nagad, bkash, mpesa" />
        <TextField label="From day" type="date" value={filters.from} onChange={(from) => set({ from })} />
        <TextField label="To day" type="date" value={filters.to} onChange={(to) => set({ to })} />
        <ChoiceField
          label="Kind"
          value={filters.kind}
          options={RECONCILIATION_MISMATCH_KINDS}
          anyLabel="any"
          optionText={(kind) => kind.replace('_', ' ')}
          onChange={(kind) => set({ kind })}
        />
        <ChoiceField
          label="Direction"
          value={filters.direction}
          options={RECONCILIATION_DIRECTIONS}
          anyLabel="any"
          onChange={(direction) => set({ direction })}
        />
        <ChoiceField
          label="State"
          value={filters.state}
          options={['open', 'resolved', 'all'] as const}
          onChange={(state) => set({ state })}
        />
      </FilterForm>

      <h2>Runs</h2>
      <ListStatus
        error={runs.error}
        rows={runs.data?.list}
        empty="No reconciliation has run for these filters yet (it runs daily, after each merchant day)."
      />
      {runs.data && runs.data.list.length > 0 ? (
        <DataTable
          className="reconciliation-runs"
          headings={[
            'Day',
            'Merchant',
            'Provider',
            'Status',
            'Ours / theirs',
            'Matched',
            'Mismatches',
            'Finished',
            { label: '', ariaLabel: 'Show' },
          ]}
        >
          {runs.data.list.map((row) => (
            <tr key={row.id} data-testid={`reconciliation-run-${row.id}`}>
              <td data-label="Day">{row.businessDay}</td>
              <td data-label="Merchant">{row.merchantCode}</td>
              <td data-label="Provider">
                {row.provider} <span className="muted">· {row.channelCode}</span>
              </td>
              <td data-label="Status">
                <span className={`pill pill-${row.status}`}>{row.status}</span>
                {row.error ? <span className="muted"> {row.error}</span> : null}
                {row.attempts > 1 ? <span className="muted"> · attempt {row.attempts}</span> : null}
              </td>
              <td data-label="Ours / theirs">
                {row.oursCount} / {row.theirsCount}
              </td>
              <td data-label="Matched">{row.matchedCount}</td>
              <td data-label="Mismatches">
                {row.mismatchCount} {row.openMismatchCount > 0 ? <strong>({row.openMismatchCount} open)</strong> : null}
              </td>
              <td data-label="Finished">{formatTime(row.finishedAt)}</td>
              <td data-label="">
                <button type="button" className="button link" onClick={() => apply({ ...filters, runId: String(row.id), state: 'all' })}>
                  Mismatches
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}

      <h2>Mismatches{applied.runId ? ` of run #${applied.runId}` : ''}</h2>
      {applied.runId ? (
        <button type="button" className="button ghost" onClick={() => apply({ ...filters, runId: '' })}>
          All runs
        </button>
      ) : null}
      <ListTable
        error={mismatches.error}
        rows={mismatches.data?.list}
        empty="No mismatches for these filters."
        className="reconciliation-mismatches"
        headings={['Day', 'Merchant', 'Provider', 'Kind', 'Ours', 'Theirs', 'Reference', 'Resolution']}
        row={(row) => (
          <tr key={row.id} data-testid={`mismatch-${row.id}`}>
            <td data-label="Day">{row.businessDay}</td>
            <td data-label="Merchant">{row.merchantCode}</td>
            <td data-label="Provider">
              {row.provider} <span className="muted">· {row.direction}</span>
            </td>
            <td data-label="Kind">
              <span className={`pill pill-${row.kind}`}>{row.kind.replace('_', ' ')}</span>
              <span className="muted"> {KIND_TEXT[row.kind]}</span>
            </td>
            <td data-label="Ours">
              {row.ourId ? `#${row.ourId} · ` : ''}
              {row.ourAmount ? formatMoney(row.ourAmount) : '—'} {row.ourStatus ? <span className="muted">{row.ourStatus}</span> : null}
            </td>
            <td data-label="Theirs">
              {row.theirAmount ? formatMoney(row.theirAmount) : '—'}{' '}
              {row.theirStatus ? <span className="muted">{row.theirStatus}</span> : null}
            </td>
            <td data-label="Reference" className="mono">
              {row.providerReference ?? '—'}
            </td>
            <td data-label="Resolution">
              {row.resolvedAt ? (
                <span>
                  {row.resolutionNote}{' '}
                  <span className="muted">
                    — {row.resolvedBy}, {formatTime(row.resolvedAt)}
                  </span>
                </span>
              ) : resolving === row.id ? (
                <ReasonForm
                  confirmLabel="Resolve"
                  confirmClassName="primary"
                  isReady={note.trim().length >= 5}
                  isBusy={isBusy}
                  onCancel={() => setResolving(null)}
                  onSubmit={() =>
                    void run(
                      () => api('POST', `/admin-api/reconciliation/mismatches/${row.id}/resolve`, { note: note.trim() }),
                      `Mismatch #${row.id} resolved.`,
                    ).then(() => setResolving(null))
                  }
                >
                  <TextField label="What was done (5+ characters)" value={note} onChange={setNote} maxLength={500} />
                </ReasonForm>
              ) : mayResolve ? (
                <button
                  type="button"
                  className="button ghost"
                  onClick={() => {
                    setNote('');
                    setResolving(row.id);
                  }}
                >
                  Resolve…
                </button>
              ) : (
                <span className="muted">open</span>
              )}
            </td>
          </tr>
        )}
      />
    </Page>
  );
}
