import { type AggregatorSyncValue, type AggregatorValue, OPERATOR_AGGREGATOR_PATHS } from '@kismat/contracts/aggregators';
import { useState } from 'react';
import { api, failureText } from '../api';
import { DataTable } from '../components/data-table';
import { ErrorAlert } from '../components/feedback';
import { aggregatorPath } from './aggregators-path';

interface OfferedStudio {
  studioCode: string;
  studioName: string;
  vendorCode: string | null;
  gameCount: number;
  isEnabled: boolean;
}

/** The studios the aggregator offers (asked live) and "Sync now" with its counts. */
export function AggregatorSync({
  merchantCode,
  value,
  mayChange,
  onSynced,
}: {
  merchantCode: string;
  value: AggregatorValue;
  mayChange: boolean;
  onSynced: () => void;
}) {
  const [offered, setOffered] = useState<OfferedStudio[] | null>(null);
  const [result, setResult] = useState<AggregatorSyncValue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(failureText(caught, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <p className="muted">
        Enabled studios: {value.enabledStudios.join(', ') || 'none (set them under Configuration)'}. Each becomes a vendor of the catalogue
        ({value.code}_STUDIO); games the aggregator no longer lists are switched off, never deleted.
      </p>
      {mayChange ? (
        <p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const { list } = await api<{ list: OfferedStudio[] }>(
                  'GET',
                  aggregatorPath(OPERATOR_AGGREGATOR_PATHS.studios, merchantCode, value.id),
                );
                setOffered(list);
              }, 'The aggregator did not list its studios.')
            }
          >
            Show offered studios
          </button>{' '}
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                setResult(await api<AggregatorSyncValue>('POST', aggregatorPath(OPERATOR_AGGREGATOR_PATHS.sync, merchantCode, value.id)));
                onSynced();
              }, 'The sync failed; nothing was changed.')
            }
          >
            Sync now
          </button>
        </p>
      ) : (
        <p className="muted">Only an admin can sync.</p>
      )}
      {busy ? <p className="empty">Asking the aggregator…</p> : null}
      <ErrorAlert error={error} />
      {result ? (
        <div role="status" aria-label="Sync result">
          <p>
            <strong>Synced.</strong> The aggregator listed {result.offered} games: {result.added} added, {result.updated} updated,{' '}
            {result.disabled} switched off, {result.unchanged} unchanged.
          </p>
          <DataTable headings={['Studio', 'Vendor', 'Added', 'Updated', 'Switched off', 'Unchanged']}>
            {result.studios.map((studio) => (
              <tr key={studio.studioCode}>
                <td data-label="Studio">{studio.studioName}</td>
                <td data-label="Vendor">
                  <span className="code">{studio.vendorCode}</span>
                </td>
                <td data-label="Added">{studio.added}</td>
                <td data-label="Updated">{studio.updated}</td>
                <td data-label="Switched off">{studio.disabled}</td>
                <td data-label="Unchanged">{studio.unchanged}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      ) : null}
      {offered ? (
        <DataTable headings={['Studio', 'Code', 'Games', 'Enabled']}>
          {offered.map((studio) => (
            <tr key={studio.studioCode}>
              <td data-label="Studio">{studio.studioName}</td>
              <td data-label="Code">
                <span className="code">{studio.studioCode}</span>
              </td>
              <td data-label="Games">{studio.gameCount}</td>
              <td data-label="Enabled">{studio.isEnabled ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </div>
  );
}
