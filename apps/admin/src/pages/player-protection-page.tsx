import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import {
  OPERATOR_RG_PATHS,
  RG_LIMIT_KINDS,
  RG_NEAR_LIMIT_PERCENT,
  RG_PERIODS,
  type RgHistoryItem,
  type RgLimitKind,
  type RgOverviewValue,
  type RgPeriod,
  type RgUnit,
  rgUnitOf,
} from '@kismat/contracts/responsible-gambling';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { DataTable, ListTable, Pager } from '../components/data-table';
import { Fact } from '../components/fact';
import { ErrorAlert, type Feedback, FeedbackBanner } from '../components/feedback';
import { Options } from '../components/fields';
import { MerchantPage, useMerchants } from '../components/merchant-picker';
import { formatMoney, formatTime } from '../format';

/**
 * Player protection (issue 17): a member's limits, time-out or self-exclusion and every change,
 * read-only (the server audits each read); any operator may set a stricter limit (it only ever
 * protects the member; the server refuses a looser one: RG_OPERATOR_CANNOT_LOOSEN); and the report of members
 * at or near a limit. Members are opened from the report or by their member id.
 */

interface RgMember {
  memberId: number;
  username: string;
  overview: RgOverviewValue;
  history: RgHistoryItem[];
}

interface NearLimitRow {
  memberId: number;
  username: string;
  kind: RgLimitKind;
  period: RgPeriod;
  unit: RgUnit;
  value: string;
  used: string;
  usedPercent: number;
  atLimit: boolean;
}

const PAGE_SIZE = 20;
const KIND_LABELS: Record<RgLimitKind, string> = { DEPOSIT: 'Deposit', LOSS: 'Loss', WAGER: 'Wager', SESSION_TIME: 'Session time' };
const PERIOD_LABELS: Record<RgPeriod, string> = { DAY: '24 hours', WEEK: '7 days', MONTH: '1 month' };

function pathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

function valueText(unit: RgUnit, value: string | null): string {
  if (value === null) return 'none';
  return unit === 'MINUTES' ? `${value} min` : formatMoney(value);
}

function exclusionText(overview: RgOverviewValue): string {
  const exclusion = overview.exclusion;
  if (!exclusion) return 'None';
  const what = exclusion.kind === 'TIME_OUT' ? 'Time-out' : 'Self-exclusion';
  const until = exclusion.endsAt ? `until ${formatTime(exclusion.endsAt)}` : 'permanent';
  const state = exclusion.active ? 'in force' : 'ended';
  return `${what} (${exclusion.duration}) ${until}, ${state}${exclusion.returnRequestedAt ? `; return asked ${formatTime(exclusion.returnRequestedAt)}` : ''}`;
}

function StricterLimitForm({ code, member, onSaved }: { code: string; member: RgMember; onSaved: (member: RgMember) => void }) {
  const [kind, setKind] = useState<RgLimitKind>('DEPOSIT');
  const [period, setPeriod] = useState<RgPeriod>('DAY');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const unit = rgUnitOf(kind);
  const isValueValid =
    unit === 'MINUTES' ? /^\d{1,5}$/.test(value.trim()) && Number(value) > 0 : /^\d{1,12}(\.\d{1,2})?$/.test(value.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setFeedback(null);
    try {
      const saved = await api<RgMember>('POST', pathOf(OPERATOR_RG_PATHS.memberLimit, { code, memberId: member.memberId }), {
        kind,
        period,
        value: value.trim(),
        reason: reason.trim(),
      });
      onSaved(saved);
      setFeedback({
        tone: 'success',
        text: `${KIND_LABELS[kind]} limit (${PERIOD_LABELS[period]}) set to ${valueText(unit, value.trim())}.`,
      });
      setValue('');
      setReason('');
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The server could not be reached.') });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)} aria-labelledby="stricter-title">
      <h3 id="stricter-title">Set a stricter limit</h3>
      <p className="hint">Applies at once. The server refuses a value looser than the limit in force; only the member can loosen one.</p>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      <div className="field-row">
        <label className="field">
          <span>Kind</span>
          <select value={kind} onChange={(event) => setKind(event.target.value as RgLimitKind)}>
            <Options values={RG_LIMIT_KINDS} text={(item) => KIND_LABELS[item]} />
          </select>
        </label>
        <label className="field">
          <span>Period</span>
          <select value={period} onChange={(event) => setPeriod(event.target.value as RgPeriod)}>
            <Options values={RG_PERIODS} text={(item) => PERIOD_LABELS[item]} />
          </select>
        </label>
        <label className="field">
          <span>{unit === 'MINUTES' ? 'Minutes' : 'Amount'}</span>
          <input
            value={value}
            onChange={(event) => setValue(event.target.value)}
            inputMode={unit === 'MINUTES' ? 'numeric' : 'decimal'}
            required
            aria-invalid={value !== '' && !isValueValid}
          />
        </label>
      </div>
      <label className="field">
        <span>Reason (kept in the audit log)</span>
        <textarea value={reason} onChange={(event) => setReason(event.target.value)} required minLength={3} maxLength={200} rows={2} />
      </label>
      <button type="submit" className="button primary" disabled={isBusy || !isValueValid || reason.trim().length < 3}>
        {isBusy ? 'Saving…' : 'Set stricter limit'}
      </button>
    </form>
  );
}

function MemberView({ code, member, onSaved }: { code: string; member: RgMember; onSaved: (member: RgMember) => void }) {
  const { overview } = member;
  return (
    <section className="card" aria-labelledby="rg-member-title" data-testid="rg-member">
      <h2 id="rg-member-title">
        {member.username} <span className="code">#{member.memberId}</span>
      </h2>
      <dl className="facts">
        <Fact label="Time-out / self-exclusion" value={exclusionText(overview)} testId="rg-exclusion" />
        <Fact label="Reality check" value={overview.realityCheckMinutes ? `every ${overview.realityCheckMinutes} min` : 'off'} />
        <Fact label="Restricted (what agents see)" value={overview.restricted ? 'yes' : 'no'} />
      </dl>
      <h3>Limits in force</h3>
      {overview.limits.length === 0 ? <p className="empty">No limits.</p> : null}
      {overview.limits.length > 0 ? (
        <DataTable headings={['Limit', 'Period', 'Value', 'Used', 'Used %', 'Set by', 'Set at']}>
          {overview.limits.map((limit) => (
            <tr key={`${limit.kind}-${limit.period}`}>
              <td data-label="Limit">{KIND_LABELS[limit.kind]}</td>
              <td data-label="Period">{PERIOD_LABELS[limit.period]}</td>
              <td data-label="Value">{valueText(limit.unit, limit.value)}</td>
              <td data-label="Used">{valueText(limit.unit, limit.used)}</td>
              <td data-label="Used %">{Math.round(limit.usedPercent)}%</td>
              <td data-label="Set by">{limit.setBy === 'OPERATOR' ? 'operator' : 'member'}</td>
              <td data-label="Set at">{formatTime(limit.setAt)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {overview.pending.length > 0 ? (
        <>
          <h3>Waiting for the member (24 h, then their confirmation)</h3>
          <ul>
            {overview.pending.map((change) => (
              <li key={change.changeId}>
                {KIND_LABELS[change.kind]} · {PERIOD_LABELS[change.period]}: {valueText(change.unit, change.oldValue)} →{' '}
                {valueText(change.unit, change.newValue)}, confirmable from {formatTime(change.effectiveAt)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>History</h3>
      {member.history.length === 0 ? <p className="empty">No changes.</p> : null}
      {member.history.length > 0 ? (
        <DataTable headings={['Requested', 'Limit', 'Change', 'Effective', 'Status', 'By', 'Reason']}>
          {member.history.map((item) => (
            <tr key={item.changeId}>
              <td data-label="Requested">{formatTime(item.requestedAt)}</td>
              <td data-label="Limit">
                {KIND_LABELS[item.kind]} · {PERIOD_LABELS[item.period]}
              </td>
              <td data-label="Change">
                {valueText(item.unit, item.oldValue)} → {valueText(item.unit, item.newValue)}
              </td>
              <td data-label="Effective">{formatTime(item.effectiveAt)}</td>
              <td data-label="Status">{item.status.toLowerCase()}</td>
              <td data-label="By">{item.by === 'OPERATOR' ? (item.operator ?? 'operator') : 'member'}</td>
              <td data-label="Reason">{item.reason ?? ''}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <StricterLimitForm code={code} member={member} onSaved={onSaved} />
    </section>
  );
}

function NearLimitsReport({ code, onOpen }: { code: string; onOpen: (memberId: number) => void }) {
  const [threshold, setThreshold] = useState(RG_NEAR_LIMIT_PERCENT);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<NearLimitRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    api<{ list: NearLimitRow[]; total: number }>(
      'GET',
      `${pathOf(OPERATOR_RG_PATHS.nearLimits, { code })}?threshold=${threshold}&page=${page}&size=${PAGE_SIZE}`,
    )
      .then((answer) => {
        setRows(answer.list);
        setTotal(answer.total);
      })
      .catch((caught: unknown) => setError(failureText(caught, 'The report could not be loaded.')));
  }, [code, threshold, page]);
  return (
    <section className="card" aria-labelledby="near-limits-title" data-testid="rg-near-limits">
      <div className="card-head">
        <h2 id="near-limits-title">Members near or at a limit</h2>
        <label className="field inline">
          <span>Used at least</span>
          <select
            value={threshold}
            onChange={(event) => {
              setThreshold(Number(event.target.value));
              setPage(1);
            }}
          >
            <Options values={[50, 80, 90, 100]} text={(value) => `${value}%`} />
          </select>
        </label>
      </div>
      <ListTable
        error={error}
        rows={rows}
        empty="No member has used that much of a limit."
        headings={['Member', 'Limit', 'Period', 'Used', 'Value', 'Used %', { label: '', ariaLabel: 'Open' }]}
        row={(row) => (
          <tr key={`${row.memberId}-${row.kind}-${row.period}`} data-at-limit={row.atLimit ? '' : undefined}>
            <td data-label="Member">{row.username}</td>
            <td data-label="Limit">{KIND_LABELS[row.kind]}</td>
            <td data-label="Period">{PERIOD_LABELS[row.period]}</td>
            <td data-label="Used">{valueText(row.unit, row.used)}</td>
            <td data-label="Value">{valueText(row.unit, row.value)}</td>
            <td data-label="Used %">
              <strong>{Math.round(row.usedPercent)}%</strong>
              {row.atLimit ? ' · at limit' : ''}
            </td>
            <td>
              <button type="button" className="button ghost" onClick={() => onOpen(row.memberId)}>
                Open
              </button>
            </td>
          </tr>
        )}
      />
      <Pager pageNo={page} pageSize={PAGE_SIZE} total={total} noun="rows" onPage={setPage} />
    </section>
  );
}

export function PlayerProtectionPage({ me }: { me: OperatorMe }) {
  const merchantList = useMerchants(me);
  const { code } = merchantList;
  const [memberIdText, setMemberIdText] = useState('');
  const [member, setMember] = useState<RgMember | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = useCallback(
    async (memberId: number) => {
      if (!code) return;
      setError(null);
      try {
        setMember(await api<RgMember>('GET', pathOf(OPERATOR_RG_PATHS.member, { code, memberId })));
        setMemberIdText(String(memberId));
      } catch (caught) {
        setMember(null);
        setError(failureText(caught, 'The member could not be loaded.'));
      }
    },
    [code],
  );

  return (
    <MerchantPage
      id="rg"
      title="Player protection"
      merchants={merchantList}
      intro={
        <p className="hint">
          Limits, time-outs and self-exclusions members set for themselves (issue 17). Reading a member is recorded in the audit log.
        </p>
      }
    >
      <form
        className="card form inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const id = Number(memberIdText.trim());
          if (Number.isInteger(id) && id > 0) void open(id);
        }}
      >
        <label className="field inline">
          <span>Member id</span>
          <input value={memberIdText} onChange={(event) => setMemberIdText(event.target.value)} inputMode="numeric" required />
        </label>
        <button type="submit" className="button primary" disabled={!code}>
          Open member
        </button>
      </form>
      <ErrorAlert error={error} />
      {member && code ? <MemberView code={code} member={member} onSaved={setMember} /> : null}
      {code ? <NearLimitsReport code={code} onOpen={(memberId) => void open(memberId)} /> : null}
    </MerchantPage>
  );
}
