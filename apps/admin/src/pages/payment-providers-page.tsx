import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import type { PaymentProviderValue } from '@kismat/contracts/payment-admin';
import { useCallback, useState } from 'react';
import { api } from '../api';
import { ListTable } from '../components/data-table';
import { FeedbackBanner } from '../components/feedback';
import { CheckboxField, ChoiceField, FilterForm, TextField } from '../components/fields';
import { Page } from '../components/page';
import { ReasonForm } from '../components/reason-form';
import { useAction } from '../components/use-action';
import { useLoaded } from '../components/use-loaded';
import { canManage } from '../roles';

interface Draft {
  isEnabled: boolean;
  mode: 'sandbox' | 'live';
  payouts: boolean;
  reason: string;
}

/**
 * The payment providers per merchant and channel (issue 22): provider, sandbox or live, the host
 * it calls, and for each credential the environment variable it reads and whether this server has
 * it set. Values are never shown: they are keys and passwords. Admins switch a channel on or off,
 * sandbox or live, payouts on or off, with a reason (audited); hosts and variable names are
 * deployment settings.
 */
export function PaymentProvidersPage({ me }: { me: OperatorMe }) {
  const [merchant, setMerchant] = useState('');
  const [applied, setApplied] = useState('');
  const [editing, setEditing] = useState<{ channelId: number; draft: Draft } | null>(null);
  const providers = useLoaded(
    useCallback(
      () =>
        api<{ list: PaymentProviderValue[] }>(
          'GET',
          `/admin-api/payment-providers${applied ? `?merchant=${encodeURIComponent(applied)}` : ''}`,
        ),
      [applied],
    ),
    'The payment providers could not be loaded.',
  );
  const { feedback, setFeedback, isBusy, run } = useAction({ reload: providers.reload });
  const mayChange = canManage(me);
  const patch = (change: Partial<Draft>) =>
    setEditing((current) => (current ? { ...current, draft: { ...current.draft, ...change } } : current));

  return (
    <Page id="payment-providers" title="Payment providers">
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <FilterForm submitLabel="Show" onApply={() => setApplied(merchant.trim())}>
        <TextField label="Merchant" value={merchant} onChange={setMerchant} placeholder="code (all when empty)" />
      </FilterForm>
      <ListTable
        error={providers.error}
        rows={providers.data?.list}
        empty="No payment provider channels for this merchant."
        className="payment-providers"
        headings={['Merchant', 'Channel', 'Provider', 'Mode', 'Base URL', 'Environment', 'State', { label: '', ariaLabel: 'Change' }]}
        row={(row) => (
          <tr key={row.channelId} data-testid={`provider-${row.channelCode}`}>
            <td data-label="Merchant">{row.merchantCode}</td>
            <td data-label="Channel">
              {row.channelName} <span className="muted">· {row.channelCode}</span>
            </td>
            <td data-label="Provider">{row.provider}</td>
            <td data-label="Mode">
              <span className={`pill pill-${row.mode}`}>{row.mode}</span>
            </td>
            <td data-label="Base URL" className="mono">
              {row.baseUrl}
              {row.isBaseUrlOverridden ? <span className="muted"> (channel override)</span> : null}
            </td>
            <td data-label="Environment">
              <ul className="plain-list">
                {row.env.map((entry) => (
                  <li key={entry.credential}>
                    <span className="muted">{entry.credential}:</span> <span className="mono">{entry.envName ?? 'not named'}</span>{' '}
                    <span className={entry.isSet ? 'pill pill-set' : 'pill pill-unset'}>{entry.isSet ? 'set' : 'not set'}</span>
                  </li>
                ))}
              </ul>
            </td>
            <td data-label="State">
              <span className={row.isEnabled ? 'pill pill-completed' : 'pill pill-failed'}>{row.isEnabled ? 'enabled' : 'disabled'}</span>{' '}
              {row.isReady ? <span className="pill pill-set">ready</span> : <span className="muted">{row.problem ?? 'off'}</span>}
              {row.supportsPayouts ? <span className="muted"> · payouts {row.payouts ? 'on' : 'off'}</span> : null}
            </td>
            <td data-label="">
              {editing?.channelId === row.channelId ? (
                <ReasonForm
                  confirmLabel="Save"
                  confirmClassName="primary"
                  isReady={editing.draft.reason.trim().length >= 5}
                  isBusy={isBusy}
                  onCancel={() => setEditing(null)}
                  onSubmit={() =>
                    void run(
                      () =>
                        api('PUT', `/admin-api/payment-providers/${row.channelId}`, {
                          ...editing.draft,
                          reason: editing.draft.reason.trim(),
                        }),
                      `${row.channelCode}: saved.`,
                    ).then(() => setEditing(null))
                  }
                >
                  <CheckboxField label="Enabled" checked={editing.draft.isEnabled} onChange={(isEnabled) => patch({ isEnabled })} />
                  <ChoiceField
                    label="Mode"
                    value={editing.draft.mode}
                    options={['sandbox', 'live'] as const}
                    onChange={(mode) => patch({ mode })}
                  />
                  {row.supportsPayouts ? (
                    <CheckboxField label="Payouts" checked={editing.draft.payouts} onChange={(payouts) => patch({ payouts })} />
                  ) : null}
                  <TextField
                    label="Reason (audited)"
                    value={editing.draft.reason}
                    onChange={(reason) => patch({ reason })}
                    maxLength={300}
                  />
                </ReasonForm>
              ) : mayChange ? (
                <button
                  type="button"
                  className="button ghost"
                  onClick={() =>
                    setEditing({
                      channelId: row.channelId,
                      draft: { isEnabled: row.isEnabled, mode: row.mode, payouts: row.payouts, reason: '' },
                    })
                  }
                >
                  Change…
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </Page>
  );
}
