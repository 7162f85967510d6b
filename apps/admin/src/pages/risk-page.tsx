import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { RISK_ADMIN_PATHS, RISK_FLAG_STATUSES, RISK_RULES, type RiskFlagValue, type RiskRule } from '@kismat/contracts/risk-admin';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { ListTable } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { Options } from '../components/fields';
import { MerchantPage, useMerchants } from '../components/merchant-picker';
import { formatTime } from '../format';
import { canManage, canMoveMoney } from '../roles';
import { merchantPath } from './loyalty-hub';

/*
 * Risk (issue 19): the flags the rules raised, newest first, filtered by status, rule and member
 * (filters live in the address), each reviewed once with a note. A member's open HIGH flag holds
 * their withdrawals until it is reviewed (docs/risk.md).
 */

export const RULE_LABELS: Record<RiskRule, string> = {
  SHARED_DEVICE: 'Shared device',
  SHARED_IP: 'Shared IP',
  SHARED_BANK_ACCOUNT: 'Shared payout account',
  SHARED_PHONE: 'Shared phone',
  MANY_ACCOUNTS_ONE_IP: 'Many accounts, one IP',
  DEPOSIT_WITHDRAW_LOW_PLAY: 'Deposit → withdraw, little play',
  BOTH_SIDES: 'Both sides bet',
};

type Page = { items: RiskFlagValue[]; nextBefore: number | null; openCount: number };
type Filters = { status: string; rule: string; member: string };

function filtersFromHash(): Filters {
  const params = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  return { status: params.get('status') ?? 'OPEN', rule: params.get('rule') ?? '', member: params.get('member') ?? '' };
}

function ReviewForm({ code, flag, onDone }: { code: string; flag: RiskFlagValue; onDone: (text: string | null) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (outcome: 'CONFIRMED' | 'DISMISSED', event?: FormEvent) => {
    event?.preventDefault();
    if (note.trim().length < 3) return;
    setIsBusy(true);
    try {
      const path = merchantPath(RISK_ADMIN_PATHS.flagReview, code, flag.id);
      await api('POST', path, { outcome, note: note.trim() });
      onDone(`Flag #${flag.id} ${outcome === 'CONFIRMED' ? 'confirmed' : 'dismissed'}.`);
    } catch (caught) {
      setError(failureText(caught, 'The review could not be saved.'));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <form className="review-form" onSubmit={(event) => void submit('DISMISSED', event)} data-testid="risk-review">
      <label className="field compact">
        <span>Note (what you checked)</span>
        <input value={note} onChange={(event) => setNote(event.target.value)} name="note" maxLength={500} />
      </label>
      {error ? <span className="field-error">{error}</span> : null}
      <div className="actions">
        <button
          type="button"
          className="button danger"
          disabled={isBusy || note.trim().length < 3}
          onClick={() => void submit('CONFIRMED')}
        >
          Confirm abuse
        </button>
        <button type="submit" className="button ghost" disabled={isBusy || note.trim().length < 3}>
          Dismiss
        </button>
        <button type="button" className="button ghost" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function RiskPage({ me }: { me: OperatorMe }) {
  const merchantList = useMerchants(me);
  const { code } = merchantList;
  const [filters, setFilters] = useState<Filters>(filtersFromHash);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const mayReview = canMoveMoney(me);

  const load = useCallback(
    async (before?: number) => {
      if (!code) return;
      const query = new URLSearchParams();
      if (filters.status) query.set('status', filters.status);
      if (filters.rule) query.set('rule', filters.rule);
      if (filters.member.trim()) query.set('member', filters.member.trim());
      if (before) query.set('before', String(before));
      try {
        const next = await api<Page>('GET', `${merchantPath(RISK_ADMIN_PATHS.flags, code)}?${query}`);
        setError(null);
        setPage((old) => (before && old ? { ...next, items: [...old.items, ...next.items] } : next));
      } catch (caught) {
        setError(failureText(caught, 'The flags could not be loaded.'));
      }
    },
    [code, filters],
  );

  useEffect(() => {
    setPage(null);
    void load();
    const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== '') as [string, string][]);
    window.history.replaceState(null, '', `#/risk?${query}`);
  }, [load, filters]);

  const scan = async () => {
    if (!code) return;
    try {
      const result = await api<{ flagged: number }>('POST', merchantPath(RISK_ADMIN_PATHS.scan, code));
      setFeedback({ tone: 'success', text: `Scan finished: ${result.flagged} new flag${result.flagged === 1 ? '' : 's'}.` });
      await load();
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The scan could not run.') });
    }
  };

  return (
    <MerchantPage
      id="risk"
      title={<>Risk {page ? <span className="pill pill-scheduled">{page.openCount} open</span> : null}</>}
      merchants={merchantList}
      testId="risk-page"
      actions={
        canManage(me) ? (
          <button type="button" className="button ghost" onClick={() => void scan()}>
            Run rules now
          </button>
        ) : null
      }
    >
      <p className="muted">An open HIGH flag holds the member’s withdrawals until it is reviewed. Rules run every five minutes.</p>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setFilters({
            status: String(data.get('status') ?? ''),
            rule: String(data.get('rule') ?? ''),
            member: String(data.get('member') ?? ''),
          });
        }}
      >
        <label className="field compact">
          <span>Status</span>
          <select name="status" defaultValue={filters.status}>
            <option value="">Any</option>
            <Options values={RISK_FLAG_STATUSES} text={(status) => status.toLowerCase()} />
          </select>
        </label>
        <label className="field compact">
          <span>Rule</span>
          <select name="rule" defaultValue={filters.rule}>
            <option value="">Any rule</option>
            <Options values={RISK_RULES} text={(rule) => RULE_LABELS[rule]} />
          </select>
        </label>
        <label className="field compact">
          <span>Member</span>
          <input name="member" defaultValue={filters.member} placeholder="username" />
        </label>
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <ListTable
        error={error}
        rows={page?.items ?? null}
        empty="No flags match."
        headings={['#', 'Raised', 'Member', 'Rule', 'Severity', 'Evidence', 'Status', { label: '', ariaLabel: 'Review' }]}
        row={(flag) => (
          <tr key={flag.id} data-testid="risk-row">
            <td data-label="#">{flag.id}</td>
            <td data-label="Raised">{formatTime(flag.createdAt)}</td>
            <td data-label="Member">
              <a href={`#/members?q=${encodeURIComponent(flag.username)}&field=username`}>{flag.username}</a>
            </td>
            <td data-label="Rule">{RULE_LABELS[flag.rule]}</td>
            <td data-label="Severity">
              <span className={`pill severity-${flag.severity.toLowerCase()}`}>{flag.severity.toLowerCase()}</span>
            </td>
            <td data-label="Evidence" className="comment-cell">
              {flag.evidence}
              {Array.isArray(flag.detail.withMemberIds) && flag.detail.withMemberIds.length > 0 ? (
                <span className="muted"> · with {(flag.detail.withMemberIds as number[]).map((id) => `#${id}`).join(', ')}</span>
              ) : null}
            </td>
            <td data-label="Status">
              {flag.status === 'OPEN' ? (
                <span className="pill pill-scheduled">open</span>
              ) : (
                <span title={flag.reviewNote ?? ''}>
                  {flag.status.toLowerCase()} by {flag.reviewedBy} · {flag.reviewNote}
                </span>
              )}
            </td>
            <td data-label="Review">
              {flag.status === 'OPEN' && mayReview ? (
                reviewing === flag.id && code ? (
                  <ReviewForm
                    code={code}
                    flag={flag}
                    onDone={(text) => {
                      setReviewing(null);
                      if (text) {
                        setFeedback({ tone: 'success', text });
                        void load();
                      }
                    }}
                  />
                ) : (
                  <button type="button" className="button ghost" onClick={() => setReviewing(flag.id)}>
                    Review
                  </button>
                )
              ) : null}
            </td>
          </tr>
        )}
      />
      {page?.nextBefore ? (
        <button type="button" className="button ghost" onClick={() => void load(page.nextBefore ?? undefined)}>
          Older flags
        </button>
      ) : null}
    </MerchantPage>
  );
}
