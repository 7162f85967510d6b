import { type AggregatorValue, OPERATOR_AGGREGATOR_PATHS } from '@kismat/contracts/aggregators';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { useCallback, useState } from 'react';
import { api } from '../api';
import { DataTable, ListStatus } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { MerchantPicker, useMerchants } from '../components/merchant-picker';
import { Page } from '../components/page';
import { useLoaded } from '../components/use-loaded';
import { canManage } from '../roles';
import { AggregatorConfig } from './aggregators-config';
import { aggregatorPath } from './aggregators-path';
import { AggregatorReconcile } from './aggregators-reconcile';
import { AggregatorRounds } from './aggregators-rounds';
import { AggregatorSync } from './aggregators-sync';

type Tab = 'config' | 'sync' | 'rounds' | 'reconcile';
const TABS: { id: Tab; label: string }[] = [
  { id: 'config', label: 'Configuration' },
  { id: 'sync', label: 'Studios and sync' },
  { id: 'rounds', label: 'Rounds' },
  { id: 'reconcile', label: 'Reconciliation' },
];

/**
 * Game aggregators (issue 21) for one merchant: the contracts (base URL, operator id, the
 * aggregator's public key, the NAME of the env var holding our secret with "set / not set",
 * never its value), their studios and catalogue sync, the rounds played through them and the
 * reconciliation of the aggregator's report file. Admins configure and sync; every role reads.
 */
export function AggregatorsPage({ me }: { me: OperatorMe }) {
  const { merchants, code, choose, error: merchantsError } = useMerchants(me);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [openId, setOpenId] = useState<number | 'new' | null>(null);
  const [tab, setTab] = useState<Tab>('config');
  const mayChange = canManage(me);
  const load = useCallback(
    async () => (code ? (await api<{ list: AggregatorValue[] }>('GET', aggregatorPath(OPERATOR_AGGREGATOR_PATHS.list, code))).list : []),
    [code],
  );
  const { data: list, error, reload } = useLoaded(load, 'The aggregators could not be loaded.', { clearOnChange: true });
  const open = typeof openId === 'number' ? list?.find((item) => item.id === openId) : undefined;

  const saved = (value: AggregatorValue, text: string) => {
    setFeedback({ tone: 'success', text });
    setOpenId(value.id);
    void reload();
  };

  return (
    <Page id="aggregators" title="Aggregators" actions={<MerchantPicker merchants={merchants} code={code} onChoose={choose} />}>
      {merchantsError ? <p className="banner error">{merchantsError}</p> : null}
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <DataTable headings={['Code', 'Name', 'Protocol', 'Enabled', 'Secret', 'Studios', 'Last sync', { label: '', ariaLabel: 'Actions' }]}>
        {list?.map((item) => (
          <tr key={item.id} aria-current={item.id === openId ? 'true' : undefined}>
            <td data-label="Code">
              <span className="code">{item.code}</span>
            </td>
            <td data-label="Name">{item.name}</td>
            <td data-label="Protocol">{item.protocol}</td>
            <td data-label="Enabled">{item.isEnabled ? 'on' : 'off'}</td>
            <td data-label="Secret">
              <span className="code">{item.secretEnv}</span> {item.isSecretSet ? 'set' : <strong>not set</strong>}
            </td>
            <td data-label="Studios">{item.studios.map((studio) => `${studio.studioName} (${studio.gameCount})`).join(', ') || '—'}</td>
            <td data-label="Last sync">{item.lastSyncedAt ? new Date(item.lastSyncedAt).toLocaleString() : 'never'}</td>
            <td data-label="Actions">
              <button type="button" className="button ghost" onClick={() => setOpenId(item.id)}>
                Open {item.code}
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      <ListStatus error={error} rows={list} empty="No aggregator contract yet." />
      {mayChange && code ? (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setOpenId('new');
              setTab('config');
            }}
          >
            Add an aggregator
          </button>
        </p>
      ) : null}

      {code && openId === 'new' ? (
        <section className="card" aria-label="New aggregator">
          <h2>New aggregator</h2>
          <AggregatorConfig
            merchantCode={code}
            value={null}
            mayChange={mayChange}
            onSaved={(value) => saved(value, `Aggregator ${value.code} added.`)}
          />
        </section>
      ) : null}

      {code && open ? (
        <section className="card" aria-label={`Aggregator ${open.code}`}>
          <h2>
            {open.name} <span className="code">{open.code}</span>
          </h2>
          <nav className="tabs sub-tabs" aria-label="Aggregator sections">
            {TABS.map((item) => (
              <button
                key={item.id}
                type="button"
                className="tab"
                aria-current={tab === item.id ? 'page' : undefined}
                onClick={() => setTab(item.id)}
              >
                {item.label}
              </button>
            ))}
          </nav>
          {tab === 'config' ? (
            <AggregatorConfig
              key={open.id}
              merchantCode={code}
              value={open}
              mayChange={mayChange}
              onSaved={(value) => saved(value, `Aggregator ${value.code} saved.`)}
            />
          ) : null}
          {tab === 'sync' ? <AggregatorSync merchantCode={code} value={open} mayChange={mayChange} onSynced={() => void reload()} /> : null}
          {tab === 'rounds' ? <AggregatorRounds merchantCode={code} value={open} /> : null}
          {tab === 'reconcile' ? <AggregatorReconcile merchantCode={code} value={open} /> : null}
        </section>
      ) : null}
    </Page>
  );
}
