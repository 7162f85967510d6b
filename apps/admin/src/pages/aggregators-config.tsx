import {
  AGGREGATOR_PROTOCOLS,
  type AggregatorBody,
  type AggregatorValue,
  aggregatorBody,
  OPERATOR_AGGREGATOR_PATHS,
} from '@kismat/contracts/aggregators';
import { useState } from 'react';
import { api, failureText } from '../api';
import { ProblemList } from '../components/feedback';
import { CheckboxField, ChoiceField, TextField } from '../components/fields';
import { aggregatorPath } from './aggregators-path';

interface Draft {
  code: string;
  protocol: AggregatorBody['protocol'];
  name: string;
  isEnabled: boolean;
  baseUrl: string;
  operatorRef: string;
  inboundKey: string;
  secretEnv: string;
  /** "BDT=BDT, KES=KES" */
  currencyMap: string;
  /** "EVOLUTION, PRAGMATIC_PLAY" */
  enabledStudios: string;
}

function draftOf(value: AggregatorValue | null): Draft {
  return {
    code: value?.code ?? '',
    protocol: value?.protocol ?? 'hub88',
    name: value?.name ?? '',
    isEnabled: value?.isEnabled ?? false,
    baseUrl: value?.baseUrl ?? '',
    operatorRef: value?.operatorRef ?? '',
    inboundKey: value?.inboundKey ?? '',
    secretEnv: value?.secretEnv ?? 'AGGREGATOR_',
    currencyMap: Object.entries(value?.currencyMap ?? {})
      .map(([ours, theirs]) => `${ours}=${theirs}`)
      .join(', '),
    enabledStudios: (value?.enabledStudios ?? []).join(', '),
  };
}

const FIELD_NAMES: Record<string, string> = {
  code: 'Code',
  protocol: 'Protocol',
  name: 'Name',
  baseUrl: 'Base URL',
  operatorRef: 'Operator id',
  inboundKey: 'Aggregator public key',
  secretEnv: 'Secret env var (AGGREGATOR_…)',
  currencyMap: 'Currency map',
  enabledStudios: 'Enabled studios',
};

/** The contract's form: validated with the server's own schema before it is sent; the secret's env var NAME only. */
export function AggregatorConfig({
  merchantCode,
  value,
  mayChange,
  onSaved,
}: {
  merchantCode: string;
  value: AggregatorValue | null;
  mayChange: boolean;
  onSaved: (value: AggregatorValue) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async () => {
    const pairs = draft.currencyMap
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => pair.split('=').map((part) => part.trim().toUpperCase()));
    const parsed = aggregatorBody.safeParse({
      code: draft.code.trim().toUpperCase(),
      protocol: draft.protocol,
      name: draft.name,
      isEnabled: draft.isEnabled,
      baseUrl: draft.baseUrl,
      operatorRef: draft.operatorRef,
      inboundKey: draft.inboundKey,
      secretEnv: draft.secretEnv.trim(),
      currencyMap: Object.fromEntries(pairs.map(([ours, theirs]) => [ours ?? '', theirs ?? ''])),
      enabledStudios: draft.enabledStudios
        .split(',')
        .map((studio) => studio.trim().toUpperCase())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setProblems([
        ...new Set(parsed.error.issues.map((issue) => `${FIELD_NAMES[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`)),
      ]);
      return;
    }
    setProblems([]);
    setBusy(true);
    try {
      const saved = value
        ? await api<AggregatorValue>('PUT', aggregatorPath(OPERATOR_AGGREGATOR_PATHS.one, merchantCode, value.id), parsed.data)
        : await api<AggregatorValue>('POST', aggregatorPath(OPERATOR_AGGREGATOR_PATHS.list, merchantCode), parsed.data);
      onSaved(saved);
    } catch (caught) {
      setProblems([failureText(caught, 'The aggregator was not saved.')]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form-grid"
      aria-label="Aggregator configuration"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset disabled={!mayChange || busy}>
        <TextField label="Code" value={draft.code} onChange={(code) => set({ code })} placeholder="HUB88" />
        <ChoiceField label="Protocol" value={draft.protocol} options={AGGREGATOR_PROTOCOLS} onChange={(protocol) => set({ protocol })} />
        <TextField label="Name" value={draft.name} onChange={(name) => set({ name })} />
        <TextField label="Base URL" value={draft.baseUrl} onChange={(baseUrl) => set({ baseUrl })} placeholder="https://api.hub88.io" />
        <TextField label="Operator id" value={draft.operatorRef} onChange={(operatorRef) => set({ operatorRef })} />
        <label className="field compact">
          <span>Aggregator public key (PEM) or public id</span>
          <textarea rows={4} value={draft.inboundKey} onChange={(event) => set({ inboundKey: event.target.value })} />
        </label>
        <TextField
          label="Secret env var (AGGREGATOR_…)"
          value={draft.secretEnv}
          onChange={(secretEnv) => set({ secretEnv })}
          aria-describedby="secret-status"
        />
        <p id="secret-status" className="muted">
          {value
            ? `${value.secretEnv} is ${value.isSecretSet ? 'set' : 'NOT set'} on the server. Its value is never shown here.`
            : 'The server reads our private key or token from this environment variable; its value is never stored or shown.'}
        </p>
        <TextField
          label="Currency map"
          value={draft.currencyMap}
          onChange={(currencyMap) => set({ currencyMap })}
          placeholder="BDT=BDT, KES=KES"
        />
        <TextField
          label="Enabled studios"
          value={draft.enabledStudios}
          onChange={(enabledStudios) => set({ enabledStudios })}
          placeholder="EVOLUTION, PRAGMATIC_PLAY"
        />
        <CheckboxField label="Enabled" checked={draft.isEnabled} onChange={(isEnabled) => set({ isEnabled })} />
        <ProblemList problems={problems} />
        {mayChange ? (
          <button type="submit" className="button primary">
            {value ? 'Save' : 'Add'}
          </button>
        ) : null}
      </fieldset>
    </form>
  );
}
