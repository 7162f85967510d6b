import { EditableRows } from '../components/fields';
import type { PromotionDraft } from './promotions-form-model';

type Update = (patch: Partial<PromotionDraft>) => void;

function ConfigField({
  draft,
  update,
  name,
  label,
  hint,
}: {
  draft: PromotionDraft;
  update: Update;
  name: string;
  label: string;
  hint?: string;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        value={draft.config[name] ?? ''}
        onChange={(event) => update({ config: { ...draft.config, [name]: event.target.value } })}
        inputMode="decimal"
      />
      {hint ? <small className="muted">{hint}</small> : null}
    </label>
  );
}

/** The settings a kind adds: red envelope tiers, raffle prize and eligibility, referral thresholds, activity amounts. */
export function KindFields({ draft, update }: { draft: PromotionDraft; update: Update }) {
  switch (draft.kind) {
    case 'RED_ENVELOPE':
      return (
        <fieldset className="card">
          <legend>Envelopes earned per day</legend>
          <EditableRows
            rows={draft.tiers}
            onChange={(tiers) => update({ tiers })}
            blank={{ type: 'validBet', amount: '', chances: '1' }}
            addLabel="Add tier"
            minRows={1}
            fields={(tier, patch) => (
              <>
                <label className="field">
                  <span>Counted on</span>
                  <select value={tier.type} onChange={(event) => patch({ type: event.target.value as 'deposit' | 'validBet' })}>
                    <option value="deposit">deposits of the day</option>
                    <option value="validBet">valid bet of the day</option>
                  </select>
                </label>
                <label className="field">
                  <span>At least</span>
                  <input value={tier.amount} inputMode="decimal" onChange={(event) => patch({ amount: event.target.value })} />
                </label>
                <label className="field">
                  <span>Envelopes</span>
                  <input value={tier.chances} inputMode="numeric" onChange={(event) => patch({ chances: event.target.value })} />
                </label>
              </>
            )}
          />
        </fieldset>
      );
    case 'RAFFLE':
      return (
        <fieldset className="card">
          <legend>Raffle</legend>
          <p className="hint">
            The prize is the fixed reward above; members claim once per limit period (awards per member: 1, per day or week).
          </p>
          <div className="field-row">
            <ConfigField draft={draft} update={update} name="eligibilityDeposit" label="Deposits today at least" hint="Empty: not needed" />
            <ConfigField draft={draft} update={update} name="eligibilityBet" label="Valid bet today at least" hint="Empty: not needed" />
          </div>
        </fieldset>
      );
    case 'REFERRAL':
      return (
        <fieldset className="card">
          <legend>Invite friends</legend>
          <p className="hint">
            Each qualified friend pays the fixed reward above (e.g. 377.00) until the cap; the last one pays the remainder.
          </p>
          <div className="field-row">
            <ConfigField
              draft={draft}
              update={update}
              name="cap"
              label="Cap per member"
              hint="e.g. 1777.00; the last reward pays the remainder"
            />
          </div>
          <div className="field-row">
            <ConfigField draft={draft} update={update} name="minDeposit" label="Friend's deposits at least" />
            <ConfigField draft={draft} update={update} name="minValidBet" label="Friend's valid bet at least" />
            <ConfigField draft={draft} update={update} name="qualifyDays" label="Within days of registering" />
          </div>
        </fieldset>
      );
    case 'ACTIVITY':
      return (
        <fieldset className="card">
          <legend>Activity application</legend>
          <p className="hint">Members apply with a comment (140 characters) and up to 3 images; reviewers award an amount in this range.</p>
          <div className="field-row">
            <ConfigField draft={draft} update={update} name="minAmount" label="Smallest award" />
            <ConfigField draft={draft} update={update} name="maxAmount" label="Largest award" />
          </div>
        </fieldset>
      );
    default:
      return null;
  }
}
