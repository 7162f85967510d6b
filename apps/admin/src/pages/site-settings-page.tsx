import { FEATURE_FLAGS, type FeatureFlag } from '@kismat/contracts/flags';
import type { OperatorMerchant } from '@kismat/contracts/operator';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { type FieldRule, PATTERN_IDS } from '@kismat/contracts/system';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { Options } from '../components/fields';
import { MerchantPage, ReadOnlyBanner, useMerchants } from '../components/merchant-picker';
import { Switch } from '../components/switch';
import { formatTime, fromLocalInput, toLocalInput } from '../format';
import { canManage } from '../roles';

const FLAG_LABELS: Record<FeatureFlag, string> = {
  MOBILENUMREG3: 'Register with a mobile number (default sign-up form)',
  REGMOBVERF3: 'SMS code required at mobile registration',
  MOBILENUMPASSREG3: 'Mobile number and password registration',
  FREEPLAY3: 'Free play (trial accounts)',
  PWDEXPFORCECHANGE3: 'Force a change of expired passwords',
  MOBILEVERCODELOGIN3: 'Login with an SMS code',
  AGENTPOLICY3: 'Agent contracts and policy',
  PTSYS3: 'Points system',
  MANPLAYREB3: 'Manual play rebate',
  CHNGPASSVERIF3: 'Verify by mobile to change a password',
};

type Node = OperatorMerchant['whitelabel'][number] & { children?: Node[] };

/** A module is on when it and every module above it are enabled, as the member site reads it. */
function isModuleOn(tree: readonly Node[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (node.children && node.enabled === '1' && isModuleOn(node.children, modId)) return true;
  }
  return false;
}

const splitList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** One merchant's site: status and maintenance, feature flags, registration rules, region rules. */
export function SiteSettingsPage({ me }: { me: OperatorMe }) {
  const merchantList = useMerchants(me);
  const { code, error: merchantsError } = merchantList;
  const [merchant, setMerchant] = useState<OperatorMerchant | null>(null);
  const [rules, setRules] = useState<FieldRule[] | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const mayChange = canManage(me);
  const base = code ? `/admin-api/merchants/${encodeURIComponent(code)}` : null;

  const reload = useCallback(async () => {
    if (!base) return;
    try {
      const [loaded, { fields }] = await Promise.all([
        api<OperatorMerchant>('GET', base),
        api<{ fields: FieldRule[] }>('GET', `${base}/registration-rules`),
      ]);
      setMerchant(loaded);
      setRules(fields);
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The settings could not be loaded.') });
    }
  }, [base]);

  useEffect(() => {
    setMerchant(null);
    setRules(null);
    void reload();
  }, [reload]);

  /** Runs a change; the answer is the merchant after it, or an error shown in the banner. */
  const save = async (path: string, body: unknown, success: string): Promise<boolean> => {
    if (!base) return false;
    try {
      setMerchant(await api<OperatorMerchant>('PUT', `${base}${path}`, body));
      setFeedback({ tone: 'success', text: success });
      return true;
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The change was not saved.') });
      return false;
    }
  };

  const saveRule = async (field: FieldRule['field'], body: Partial<FieldRule>, success: string) => {
    if (!base) return;
    try {
      const rule = await api<FieldRule>('PUT', `${base}/registration-rules/${field}`, body);
      setRules((current) => current?.map((item) => (item.field === rule.field ? rule : item)) ?? current);
      setFeedback({ tone: 'success', text: success });
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The rule was not saved.') });
    }
  };

  return (
    <MerchantPage
      id="site"
      title="Site settings"
      merchants={merchantList}
      intro={mayChange ? null : <ReadOnlyBanner role={me.role} may="view the site settings but not change them" />}
    >
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {merchant === null && !merchantsError ? <p className="empty">Loading…</p> : null}
      {merchant ? (
        <div className="settings-grid">
          <div className="settings-column">
            <SiteStatusCard merchant={merchant} mayChange={mayChange} onSave={save} />
            <RegionCard key={merchant.code} merchant={merchant} mayChange={mayChange} onSave={save} />
          </div>
          <FlagsCard merchant={merchant} mayChange={mayChange} onSave={save} />
          {rules ? <RegistrationCard rules={rules} mayChange={mayChange} onSave={saveRule} /> : null}
        </div>
      ) : null}
    </MerchantPage>
  );
}

type Save = (path: string, body: unknown, success: string) => Promise<boolean>;

function SiteStatusCard({ merchant, mayChange, onSave }: { merchant: OperatorMerchant; mayChange: boolean; onSave: Save }) {
  const [end, setEnd] = useState(toLocalInput(merchant.maintenanceEnd));
  useEffect(() => setEnd(toLocalInput(merchant.maintenanceEnd)), [merchant.maintenanceEnd]);
  const start = (event: FormEvent) => {
    event.preventDefault();
    const iso = fromLocalInput(end);
    void onSave(
      '/maintenance',
      { on: true, end: iso },
      `${merchant.name} is in maintenance${iso ? ` until ${formatTime(iso)}` : ''}: members see the maintenance page.`,
    );
  };
  return (
    <section className="card settings-card" aria-labelledby="status-title">
      <div className="card-head">
        <h2 id="status-title">Site status</h2>
        <span className={`pill pill-${merchant.isMaintenance ? 'pending' : 'approved'}`} data-testid="site-status">
          {merchant.isMaintenance ? 'maintenance' : 'open'}
        </span>
      </div>
      <p className="muted">
        {merchant.isMaintenance
          ? `Members see the maintenance page${merchant.maintenanceEnd ? ` until ${formatTime(merchant.maintenanceEnd)}` : ' (no planned end)'}.`
          : 'The site is open to members.'}
      </p>
      {mayChange ? (
        <form className="form" onSubmit={start} aria-label="Maintenance">
          <label className="field">
            <span>Planned end (optional, shown to members)</span>
            <input type="datetime-local" value={end} onChange={(event) => setEnd(event.target.value)} />
          </label>
          <div className="actions">
            <button type="submit" className="button warn">
              {merchant.isMaintenance ? 'Update maintenance' : 'Start maintenance'}
            </button>
            {merchant.isMaintenance ? (
              <button
                type="button"
                className="button primary"
                onClick={() => void onSave('/maintenance', { on: false }, `${merchant.name} is open again.`)}
              >
                End maintenance
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}

function FlagsCard({ merchant, mayChange, onSave }: { merchant: OperatorMerchant; mayChange: boolean; onSave: Save }) {
  const tree = merchant.whitelabel as Node[];
  return (
    <section className="card settings-card" aria-labelledby="flags-title">
      <div className="card-head">
        <h2 id="flags-title">Feature flags</h2>
      </div>
      <ul className="flag-list">
        {FEATURE_FLAGS.map((flag) => {
          const isOn = isModuleOn(tree, flag);
          return (
            <li key={flag} data-testid={`flag-${flag}`}>
              <div className="stack">
                <span>{FLAG_LABELS[flag]}</span>
                <span className="code fit">{flag}</span>
              </div>
              <Switch
                label={`${flag}: ${FLAG_LABELS[flag]}`}
                checked={isOn}
                disabled={!mayChange}
                text={['On', 'Off']}
                onChange={(on) => onSave(`/flags/${flag}`, { on }, `${flag} (${FLAG_LABELS[flag]}) switched ${on ? 'on' : 'off'}.`)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RegionCard({ merchant, mayChange, onSave }: { merchant: OperatorMerchant; mayChange: boolean; onSave: Save }) {
  const [countries, setCountries] = useState(merchant.blockedCountries.join(', '));
  const [allow, setAllow] = useState(merchant.ipAllowList.join('\n'));
  const [block, setBlock] = useState(merchant.ipBlockList.join('\n'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blockedCountries = splitList(countries).map((item) => item.toUpperCase());
    void onSave(
      '/region',
      { blockedCountries, ipAllowList: splitList(allow), ipBlockList: splitList(block) },
      `Region rules saved: ${blockedCountries.length} blocked countries, ${splitList(allow).length} allowed and ${splitList(block).length} blocked addresses.`,
    ).then((isSaved) => {
      if (isSaved) setCountries(blockedCountries.join(', '));
    });
  };
  return (
    <form className="card settings-card form" aria-labelledby="region-title" onSubmit={submit}>
      <div className="card-head">
        <h2 id="region-title">Region rules</h2>
      </div>
      <p className="muted small">The allow list wins over both block rules. Addresses: one IP or CIDR (e.g. 10.0.0.0/8) per line.</p>
      <label className="field">
        <span>Blocked countries (two-letter codes)</span>
        <input
          value={countries}
          onChange={(event) => setCountries(event.target.value)}
          placeholder={mayChange ? 'e.g. US, GB' : 'None'}
          disabled={!mayChange}
        />
      </label>
      <div className="field-row">
        <label className="field">
          <span>IP allow list</span>
          <textarea rows={4} value={allow} onChange={(event) => setAllow(event.target.value)} disabled={!mayChange} className="mono" />
        </label>
        <label className="field">
          <span>IP block list</span>
          <textarea rows={4} value={block} onChange={(event) => setBlock(event.target.value)} disabled={!mayChange} className="mono" />
        </label>
      </div>
      {mayChange ? (
        <div className="actions">
          <button type="submit" className="button primary">
            Save region rules
          </button>
        </div>
      ) : null}
    </form>
  );
}

function RegistrationCard({
  rules,
  mayChange,
  onSave,
}: {
  rules: FieldRule[];
  mayChange: boolean;
  onSave: (field: FieldRule['field'], body: Partial<FieldRule>, success: string) => Promise<void>;
}) {
  return (
    <section className="card settings-card wide-card" aria-labelledby="registration-title">
      <div className="card-head">
        <h2 id="registration-title">Registration rules</h2>
      </div>
      {rules.length === 0 ? (
        <p className="empty">No registration rules for this merchant.</p>
      ) : (
        <table className="table rules">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Shown</th>
              <th scope="col">Required</th>
              <th scope="col">Length</th>
              <th scope="col">Pattern</th>
              <th scope="col" aria-label="Save" />
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <RuleRow key={rule.field} rule={rule} mayChange={mayChange} onSave={onSave} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function RuleRow({
  rule,
  mayChange,
  onSave,
}: {
  rule: FieldRule;
  mayChange: boolean;
  onSave: (field: FieldRule['field'], body: Partial<FieldRule>, success: string) => Promise<void>;
}) {
  const [minLength, setMinLength] = useState(String(rule.minLength));
  const [maxLength, setMaxLength] = useState(String(rule.maxLength));
  const [patternId, setPatternId] = useState(rule.patternId);
  useEffect(() => {
    setMinLength(String(rule.minLength));
    setMaxLength(String(rule.maxLength));
    setPatternId(rule.patternId);
  }, [rule]);
  const isDirty = minLength !== String(rule.minLength) || maxLength !== String(rule.maxLength) || patternId !== rule.patternId;
  const lengthInput = (bound: 'minimum' | 'maximum', value: string, onChange: (value: string) => void) => (
    <input
      type="number"
      min={0}
      max={255}
      aria-label={`${rule.field} ${bound} length`}
      value={value}
      disabled={!mayChange}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <tr data-testid={`rule-${rule.field}`}>
      <td data-label="Field">
        <strong>{rule.field}</strong>
      </td>
      <td data-label="Shown">
        <Switch
          label={`${rule.field} shown`}
          checked={rule.shown}
          disabled={!mayChange}
          onChange={(shown) =>
            onSave(
              rule.field,
              shown ? { shown } : { shown, required: false },
              `${rule.field} is ${shown ? 'shown' : 'hidden'} on the sign-up form.`,
            )
          }
        />
      </td>
      <td data-label="Required">
        <Switch
          label={`${rule.field} required`}
          checked={rule.required}
          disabled={!mayChange || !rule.shown}
          onChange={(required) =>
            onSave(
              rule.field,
              required ? { required, shown: true } : { required },
              `${rule.field} is ${required ? 'required' : 'optional'}.`,
            )
          }
        />
      </td>
      <td data-label="Length">
        <span className="length-pair">
          {lengthInput('minimum', minLength, setMinLength)}
          <span className="muted">to</span>
          {lengthInput('maximum', maxLength, setMaxLength)}
        </span>
      </td>
      <td data-label="Pattern">
        <select
          aria-label={`${rule.field} pattern`}
          value={patternId}
          disabled={!mayChange}
          onChange={(event) => setPatternId(event.target.value as FieldRule['patternId'])}
        >
          <Options values={PATTERN_IDS} text={(id) => id.toLowerCase().replaceAll('_', ' ')} />
        </select>
      </td>
      <td data-label="">
        {mayChange && isDirty ? (
          <button
            type="button"
            className="button primary small-button"
            onClick={() =>
              void onSave(
                rule.field,
                { minLength: Number(minLength), maxLength: Number(maxLength), patternId },
                `${rule.field}: ${minLength} to ${maxLength} characters, ${patternId.toLowerCase().replaceAll('_', ' ')}.`,
              )
            }
          >
            Save
          </button>
        ) : null}
      </td>
    </tr>
  );
}
