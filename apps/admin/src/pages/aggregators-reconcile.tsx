import { type AggregatorReconcileValue, type AggregatorValue, OPERATOR_AGGREGATOR_PATHS } from '@kismat/contracts/aggregators';
import { useState } from 'react';
import { api, failureText } from '../api';
import { DataTable } from '../components/data-table';
import { ErrorAlert } from '../components/feedback';
import { aggregatorPath } from './aggregators-path';

const OUTCOME_TEXT: Record<string, string> = {
  MATCH: 'match',
  AMOUNT_DIFFERS: 'amounts differ',
  MISSING_HERE: 'not in our rounds',
  MISSING_IN_REPORT: 'not in the report',
};

/**
 * The aggregator's report file (Hub88 transactions CSV: transaction_uuid, round, user, game_code,
 * type, amount in 1/100000, currency, optional created_at and reference_transaction_uuid),
 * uploaded or pasted, against our rounds: matches and mismatches. Nothing is stored.
 */
export function AggregatorReconcile({ merchantCode, value }: { merchantCode: string; value: AggregatorValue }) {
  const [report, setReport] = useState('');
  const [result, setResult] = useState<AggregatorReconcileValue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!report.trim()) {
      setError('Choose or paste the report file first.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(
        await api<AggregatorReconcileValue>('POST', aggregatorPath(OPERATOR_AGGREGATOR_PATHS.reconcile, merchantCode, value.id), {
          report,
        }),
      );
    } catch (caught) {
      setResult(null);
      setError(failureText(caught, 'The report could not be reconciled.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <p className="muted">
        Hub88 transaction report (CSV with a header row): transaction_uuid, round, user, game_code, type (bet, win, rollback), amount (in
        1/100000 of the currency), currency; optional created_at, reference_transaction_uuid.
      </p>
      <form
        aria-label="Reconciliation"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>Report file</span>
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) setReport(await file.text());
            }}
          />
        </label>
        <label className="field">
          <span>Or paste it</span>
          <textarea rows={6} value={report} onChange={(event) => setReport(event.target.value)} />
        </label>
        <button type="submit" className="button primary" disabled={busy}>
          Reconcile
        </button>
      </form>
      <ErrorAlert error={error} />
      {result ? (
        <div role="status" aria-label="Reconciliation result">
          <p>
            {result.transactions} transactions in {result.rounds} rounds: <strong>{result.matches} match</strong>,{' '}
            <strong>{result.mismatches} mismatches</strong>
            {result.from && result.to ? ` (${new Date(result.from).toLocaleString()} – ${new Date(result.to).toLocaleString()})` : ''}.
          </p>
          <DataTable headings={['Round', 'Outcome', 'Member', 'Their stake', 'Their payout', 'Our stake', 'Our payout']}>
            {result.lines.map((line) => (
              <tr key={`${line.roundId}-${line.outcome}`} className={line.outcome === 'MATCH' ? undefined : 'warning'}>
                <td data-label="Round">
                  <span className="code">{line.roundId}</span>
                </td>
                <td data-label="Outcome">{OUTCOME_TEXT[line.outcome] ?? line.outcome}</td>
                <td data-label="Member">{line.username ?? '—'}</td>
                <td data-label="Their stake">{line.reportStake ?? '—'}</td>
                <td data-label="Their payout">{line.reportPayout ?? '—'}</td>
                <td data-label="Our stake">{line.ourStake ?? '—'}</td>
                <td data-label="Our payout">{line.ourPayout ?? '—'}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      ) : null}
    </div>
  );
}
