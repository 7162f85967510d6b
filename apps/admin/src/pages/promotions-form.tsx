import {
  CLAIM_MODES,
  LIMIT_PERIODS,
  OPERATOR_PROMOTION_PATHS,
  type OperatorPromotionValue,
  PROMOTION_KINDS,
} from '@kismat/contracts/promotions';
import { type FormEvent, useState } from 'react';
import { api, failureText } from '../api';
import { ProblemList } from '../components/feedback';
import { EditableRows, Options, spaced } from '../components/fields';
import { bodyOf, draftOf, emptyDraft, LANGUAGE_CODES, type PromotionDraft } from './promotions-form-model';
import { KindFields } from './promotions-kind-fields';
import { PromotionPreview } from './promotions-preview';
import { PrizeEditor } from './promotions-prize-editor';

const KIND_DEFAULTS: Partial<Record<PromotionDraft['kind'], Partial<PromotionDraft>>> = {
  FIRST_DEPOSIT: { claimMode: 'AUTOMATIC', rewardKind: 'PERCENT', minDeposit: '500.00' },
  RELOAD: { claimMode: 'AUTOMATIC', rewardKind: 'PERCENT', percent: '10', cap: '1000.00', minDeposit: '300.00', limitPeriod: 'DAY' },
  RED_ENVELOPE: {
    claimMode: 'CLAIM',
    rewardKind: 'PRIZE_TABLE',
    minDeposit: '',
    perMemberLimit: '3',
    limitPeriod: 'DAY',
    turnoverMultiple: '1',
  },
  RAFFLE: {
    claimMode: 'CLAIM',
    rewardKind: 'FIXED',
    fixedAmount: '77.00',
    minDeposit: '',
    perMemberLimit: '1',
    limitPeriod: 'DAY',
    turnoverMultiple: '1',
  },
  REFERRAL: {
    claimMode: 'AUTOMATIC',
    rewardKind: 'FIXED',
    fixedAmount: '377.00',
    minDeposit: '',
    perMemberLimit: '5',
    limitPeriod: 'NONE',
    turnoverMultiple: '1',
    config: { cap: '1777.00', minDeposit: '300.00', minValidBet: '300.00', qualifyDays: '7' },
  },
  ACTIVITY: {
    claimMode: 'APPLICATION',
    rewardKind: 'FIXED',
    minDeposit: '',
    turnoverMultiple: '1',
    config: { minAmount: '10.00', maxAmount: '500.00' },
  },
};

/** Create a promotion or edit a draft / paused one: copy in three languages, window, audience, reward, turnover, limits, budget. */
export function PromotionsForm({
  promotion,
  onDone,
}: {
  promotion: OperatorPromotionValue | null;
  onDone: (message: string | null) => void;
}) {
  const [draft, setDraft] = useState<PromotionDraft>(() => (promotion ? draftOf(promotion) : emptyDraft()));
  const [problems, setProblems] = useState<string[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  const update = (patch: Partial<PromotionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const field = <Key extends keyof PromotionDraft>(key: Key) => ({
    value: draft[key] as string,
    onChange: (event: { target: { value: string } }) => update({ [key]: event.target.value } as Partial<PromotionDraft>),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = bodyOf(draft);
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setIsBusy(true);
    setProblems([]);
    try {
      const saved = promotion
        ? await api<OperatorPromotionValue>('PUT', OPERATOR_PROMOTION_PATHS.update.replace(':id', String(promotion.id)), result.body)
        : await api<OperatorPromotionValue>('POST', OPERATOR_PROMOTION_PATHS.create, result.body);
      onDone(`Promotion #${saved.id} "${saved.title.EN}" saved as ${saved.status.toLowerCase()}.`);
    } catch (caught) {
      setProblems([failureText(caught, 'The server could not be reached.')]);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <section aria-labelledby="promotion-form-title">
      <div className="section-head">
        <h1 id="promotion-form-title">{promotion ? `Edit promotion #${promotion.id}` : 'New promotion'}</h1>
        <button type="button" className="button ghost" onClick={() => onDone(null)}>
          Back to the list
        </button>
      </div>
      <form className="form promotion-form" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="card">
          <legend>Kind and claim</legend>
          <div className="field-row">
            <label className="field">
              <span>Kind</span>
              <select
                value={draft.kind}
                disabled={promotion !== null}
                onChange={(event) => {
                  const kind = event.target.value as PromotionDraft['kind'];
                  update({ kind, ...KIND_DEFAULTS[kind] });
                }}
              >
                <Options values={PROMOTION_KINDS} text={spaced} />
              </select>
            </label>
            <label className="field">
              <span>Claim mode</span>
              <select {...field('claimMode')}>
                <Options values={CLAIM_MODES} text={(mode) => mode.toLowerCase()} />
              </select>
            </label>
            <label className="field">
              <span>Sort order</span>
              <input {...field('sortOrder')} inputMode="numeric" />
            </label>
          </div>
        </fieldset>

        <fieldset className="card">
          <legend>Copy</legend>
          {LANGUAGE_CODES.map((language) => (
            <div key={language} className="field-row">
              <label className="field">
                <span>Title ({language})</span>
                <input
                  value={draft.title[language]}
                  maxLength={120}
                  lang={language.toLowerCase()}
                  onChange={(event) => update({ title: { ...draft.title, [language]: event.target.value } })}
                />
              </label>
              <label className="field">
                <span>Body ({language})</span>
                <textarea
                  value={draft.body[language]}
                  rows={3}
                  maxLength={4000}
                  lang={language.toLowerCase()}
                  onChange={(event) => update({ body: { ...draft.body, [language]: event.target.value } })}
                />
              </label>
            </div>
          ))}
          <label className="field">
            <span>Image URL (optional)</span>
            <input {...field('imageUrl')} placeholder="/assets/promotions/... or https://..." />
          </label>
        </fieldset>

        <PromotionPreview id={promotion?.id ?? null} title={draft.title} body={draft.body} />

        <fieldset className="card">
          <legend>Window and audience</legend>
          <div className="field-row">
            <label className="field">
              <span>Starts</span>
              <input type="datetime-local" {...field('startsAt')} />
            </label>
            <label className="field">
              <span>Ends (empty: no end)</span>
              <input type="datetime-local" {...field('endsAt')} />
            </label>
          </div>
          <div className="field-row">
            <label className="field">
              <span>Audience</span>
              <select {...field('audienceKind')}>
                <option value="ALL">all members</option>
                <option value="NEW_MEMBERS">new members</option>
                <option value="VIP_LEVELS">VIP levels</option>
                <option value="AGENT_DOWNLINES">agents' downlines</option>
              </select>
            </label>
            {draft.audienceKind === 'NEW_MEMBERS' ? (
              <label className="field">
                <span>Registered within days</span>
                <input {...field('audienceDays')} inputMode="numeric" />
              </label>
            ) : null}
            {draft.audienceKind === 'VIP_LEVELS' || draft.audienceKind === 'AGENT_DOWNLINES' ? (
              <label className="field">
                <span>{draft.audienceKind === 'VIP_LEVELS' ? 'Levels (comma separated)' : 'Agent ids (comma separated)'}</span>
                <input {...field('audienceList')} />
              </label>
            ) : null}
          </div>
        </fieldset>

        <fieldset className="card">
          <legend>Reward</legend>
          <div className="field-row">
            <label className="field">
              <span>Reward rule</span>
              <select {...field('rewardKind')}>
                <option value="PERCENT">percent of the deposit, capped</option>
                <option value="FIXED">fixed amount</option>
                <option value="PRIZE_TABLE">weighted prize table</option>
              </select>
            </label>
            {draft.rewardKind === 'PERCENT' ? (
              <>
                <label className="field">
                  <span>Percent</span>
                  <input {...field('percent')} inputMode="decimal" />
                </label>
                <label className="field">
                  <span>Cap</span>
                  <input {...field('cap')} inputMode="decimal" />
                </label>
              </>
            ) : null}
            {draft.rewardKind === 'FIXED' ? (
              <label className="field">
                <span>Amount</span>
                <input {...field('fixedAmount')} inputMode="decimal" />
              </label>
            ) : null}
            {draft.kind === 'FIRST_DEPOSIT' || draft.kind === 'RELOAD' ? (
              <label className="field">
                <span>Minimum deposit</span>
                <input {...field('minDeposit')} inputMode="decimal" />
              </label>
            ) : null}
          </div>
        </fieldset>
        {draft.rewardKind === 'PRIZE_TABLE' ? <PrizeEditor prizes={draft.prizes} onChange={(prizes) => update({ prizes })} /> : null}
        <KindFields draft={draft} update={update} />

        <fieldset className="card">
          <legend>Turnover and limits</legend>
          <div className="field-row">
            <label className="field">
              <span>Turnover multiple (x the bonus)</span>
              <input {...field('turnoverMultiple')} inputMode="decimal" />
            </label>
            <label className="field">
              <span>Max bet while active (empty: none)</span>
              <input {...field('maxBet')} inputMode="decimal" />
            </label>
            <label className="field">
              <span>Expires after days (empty: never)</span>
              <input {...field('expiryDays')} inputMode="numeric" />
            </label>
          </div>
          <div className="field-row">
            <label className="field">
              <span>Awards per member</span>
              <input {...field('perMemberLimit')} inputMode="numeric" />
            </label>
            <label className="field">
              <span>Per</span>
              <select {...field('limitPeriod')}>
                <Options values={LIMIT_PERIODS} text={(period) => (period === 'NONE' ? 'whole promotion' : period.toLowerCase())} />
              </select>
            </label>
            <label className="field">
              <span>Total budget (empty: none)</span>
              <input {...field('budget')} inputMode="decimal" />
            </label>
          </div>
          <p className="hint">
            What counts towards turnover, by game type (percent of valid bet; * is every other type; void, trial and hedged play never
            count):
          </p>
          <EditableRows
            rows={draft.contributions}
            onChange={(contributions) => update({ contributions })}
            blank={{ gameType: '', percent: '100' }}
            addLabel="Add game type"
            fields={(row, patch) => (
              <>
                <label className="field compact">
                  <span>Game type</span>
                  <input
                    value={row.gameType}
                    placeholder="RNG, LIVE, LOTT, *"
                    onChange={(event) => patch({ gameType: event.target.value })}
                  />
                </label>
                <label className="field compact">
                  <span>Counts %</span>
                  <input value={row.percent} inputMode="numeric" onChange={(event) => patch({ percent: event.target.value })} />
                </label>
              </>
            )}
          />
        </fieldset>

        <ProblemList problems={problems} />
        <div className="actions">
          <button type="submit" className="button primary" disabled={isBusy}>
            {isBusy ? 'Saving…' : promotion ? 'Save changes' : 'Save as draft'}
          </button>
          <button type="button" className="button ghost" onClick={() => onDone(null)}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
