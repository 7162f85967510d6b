import type { MemberActionValue, MemberChangeAgentValue, MemberFileValue, MemberResetPasswordValue } from '@kismat/contracts/member-desk';
import { type OperatorMe, roleMay } from '@kismat/contracts/operator-accounts';
import { type ReactNode, useCallback, useState } from 'react';
import { api } from '../api';
import { Fact } from '../components/fact';
import { useLoaded } from '../components/use-loaded';
import { formatMoney, formatTime } from '../format';
import { PromotionsTab, RoundsTab } from './members-play-tabs';
import { MEMBER_TABS, type MemberTab, memberHref } from './members-route';
import { CashierTab, DevicesTab, LedgerTab, LinkedTab, NotesTab } from './members-tabs';
import { MemberStatusPill, ReasonDialog } from './members-widgets';

type ActionId = 'lock' | 'unlock' | 'logout' | 'tester' | 'reset' | 'agent';

const ACTIONS: Record<ActionId, { title: string; explanation: string; confirm: string; className: string }> = {
  lock: {
    title: 'Lock this account',
    explanation: 'Every open session ends now and the member cannot log in until the account is unlocked.',
    confirm: 'Lock account',
    className: 'danger',
  },
  unlock: { title: 'Unlock this account', explanation: 'The member can log in again.', confirm: 'Unlock account', className: 'primary' },
  logout: {
    title: 'Log the member out everywhere',
    explanation: 'Every open session ends now; the member can log in again with the password.',
    confirm: 'Log out everywhere',
    className: 'warn',
  },
  agent: {
    title: 'Change agent',
    explanation: 'The member and everyone below it move under the new agent. History stays with the team it was earned in.',
    confirm: 'Move',
    className: 'warn',
  },
  reset: {
    title: 'Reset password',
    explanation:
      'The member gets an SMS code for "forgot password" on the site, or a reset link by e-mail, and chooses the new password. You never see it.',
    confirm: 'Send',
    className: 'primary',
  },
  tester: {
    title: 'Tester account',
    explanation: 'Tester accounts are house staff checking the site.',
    confirm: 'Save',
    className: 'primary',
  },
};

function Overview({ file }: { file: MemberFileValue }) {
  const { member, balances, protection } = file;
  return (
    <div className="member-grid">
      <section className="card" aria-labelledby="m-profile">
        <h2 id="m-profile">Profile</h2>
        <dl className="facts">
          <Fact label="Real name" value={member.realName} />
          <Fact label="Nickname" value={member.nickname} />
          <Fact label="Phone" value={member.mobile} testId="member-phone" />
          <Fact label="E-mail" value={member.email} />
          <Fact label="Birthday" value={member.birthday} />
          <Fact label="Language" value={member.language} />
          <Fact label="Agent" value={member.agentUsername} />
          <Fact label="Joined" value={formatTime(member.createdAt)} />
          <Fact label="Last login" value={`${formatTime(member.lastLoginAt)}${member.lastLoginIp ? ` · ${member.lastLoginIp}` : ''}`} />
          <Fact label="Registered from" value={member.registerIp} />
          <Fact label="Authenticator" value={member.hasTotp ? 'On' : 'Off'} />
          <Fact label="Open sessions" value={member.openSessions} testId="member-sessions" />
        </dl>
      </section>
      <section className="card" aria-labelledby="m-money">
        <h2 id="m-money">Balances {balances.currency ? <span className="muted">({balances.currency})</span> : null}</h2>
        <dl className="facts">
          <Fact label="Cash" value={formatMoney(balances.cash)} />
          <Fact label="Held" value={formatMoney(balances.held)} />
          <Fact label="Available" value={formatMoney(balances.available)} />
          <Fact label="Bonus" value={formatMoney(balances.bonus)} />
          <Fact label="Agent earnings" value={formatMoney(balances.agentEarnings)} />
          <Fact label="Points" value={`${file.points.balance} (earned ${file.points.earnedTotal})`} />
          <Fact label="VIP" value={file.vip.rank === 0 ? 'No level' : `${file.vip.name ?? 'Level'} (rank ${file.vip.rank})`} />
        </dl>
      </section>
      <section className="card" aria-labelledby="m-protection">
        <h2 id="m-protection">Limits and exclusions</h2>
        <p className="muted small">Read-only: the member sets these; changes go through Player protection.</p>
        {protection.exclusion ? (
          <p className="banner error">
            {protection.exclusion.kind.replace(/_/g, ' ').toLowerCase()}{' '}
            {protection.exclusion.endsAt ? `until ${formatTime(protection.exclusion.endsAt)}` : '(permanent)'}
            {protection.exclusion.active ? '' : ' · ended'}
          </p>
        ) : null}
        {protection.limits.length === 0 ? <p className="empty">No limits set.</p> : null}
        <ul className="flag-list">
          {protection.limits.map((limit) => (
            <li key={`${limit.kind}-${limit.period}`}>
              <strong>
                {limit.kind} · {limit.period}
              </strong>{' '}
              {limit.value} <span className="muted">used {limit.used}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="m-banks">
        <h2 id="m-banks">Bank accounts</h2>
        {file.bankAccounts.length === 0 ? <p className="empty">No bank account bound.</p> : null}
        <ul className="flag-list">
          {file.bankAccounts.map((bank) => (
            <li key={`${bank.bankName}-${bank.accountNumber}`}>
              <strong>{bank.bankName}</strong> <span className="mono">{bank.accountNumber}</span> · {bank.accountName}{' '}
              {bank.isConfirmed ? (
                <span className="pill pill-approved">Bound</span>
              ) : (
                <span className="pill pill-pending">Unconfirmed</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** One member's page: who they are, the actions an operator may take, and a tab per kind of record. */
/** Each record tab's content, read for the member by id (the overview shows the file itself). */
const RECORD_TABS: Record<Exclude<MemberTab, 'overview'>, (props: { id: number }) => ReactNode> = {
  ledger: LedgerTab,
  rounds: RoundsTab,
  cashier: CashierTab,
  promotions: PromotionsTab,
  devices: DevicesTab,
  linked: LinkedTab,
  notes: NotesTab,
};

export function MemberFile({ me, id, tab }: { me: OperatorMe; id: number; tab: MemberTab }) {
  const [action, setAction] = useState<ActionId | null>(null);
  const [isTester, setIsTester] = useState(false);
  const [channel, setChannel] = useState<'SMS' | 'EMAIL'>('SMS');
  const [agentUsername, setAgentUsername] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const RecordTab = tab === 'overview' ? null : RECORD_TABS[tab];
  const {
    data: file,
    error,
    reload,
  } = useLoaded(
    useCallback(() => api<MemberFileValue>('GET', `/admin-api/members/${id}`), [id]),
    'This member could not be loaded.',
  );
  if (error) return <p className="banner error">{error}</p>;
  if (!file) return <p className="empty">Loading…</p>;
  const { member } = file;
  const canMoney = roleMay(me.role, 'money');
  const canSettings = roleMay(me.role, 'settings');

  const run = async (reason: string) => {
    if (!action) return;
    if (action === 'reset') {
      const sent = await api<MemberResetPasswordValue>('POST', `/admin-api/members/${id}/reset-password`, { reason, channel });
      setNotice(sent.channel === 'SMS' ? `A reset code went by SMS to ${sent.sentTo}.` : `A reset link went by e-mail to ${sent.sentTo}.`);
      return;
    }
    if (action === 'agent') {
      const moved = await api<MemberChangeAgentValue>('POST', `/admin-api/members/${id}/agent`, {
        reason,
        agentUsername: agentUsername.trim(),
      });
      setNotice(`Moved under ${moved.agentUsername} with ${moved.movedMembers - 1} member(s) below.`);
      await reload();
      return;
    }
    const body = action === 'tester' ? { reason, isTester } : { reason };
    const result = await api<MemberActionValue>('POST', `/admin-api/members/${id}/${action}`, body);
    const done: Record<Exclude<ActionId, 'reset' | 'agent'>, string> = {
      lock: `Account locked; ${result.revokedSessions} session(s) ended.`,
      unlock: 'Account unlocked.',
      logout: `${result.revokedSessions} session(s) ended.`,
      tester: result.isTester ? 'Marked as a tester account.' : 'No longer a tester account.',
    };
    setNotice(done[action]);
    await reload();
  };

  return (
    <section aria-labelledby="member-title" className="members">
      <button
        type="button"
        className="button link back"
        onClick={() => {
          window.location.hash = '#/members';
        }}
      >
        ← Members
      </button>
      <div className="section-head member-head">
        <h1 id="member-title">
          {member.username} <MemberStatusPill status={member.status} />
          {member.isTester ? <span className="pill pill-note">Tester</span> : null}
          <span className="muted small">
            {' '}
            #{member.id} · {member.merchantCode}
          </span>
        </h1>
        <div className="actions">
          {member.status === 'FROZEN' ? (
            <button type="button" className="button primary" disabled={!canMoney} onClick={() => setAction('unlock')}>
              Unlock
            </button>
          ) : (
            <button
              type="button"
              className="button danger-outline"
              disabled={!canMoney || member.status === 'CLOSED'}
              onClick={() => setAction('lock')}
              data-testid="member-lock"
            >
              Lock
            </button>
          )}
          <button type="button" className="button ghost" onClick={() => setAction('logout')} disabled={member.openSessions === 0}>
            Force logout
          </button>
          <button
            type="button"
            className="button ghost"
            disabled={!member.mobile && !member.email}
            onClick={() => {
              setChannel(member.mobile ? 'SMS' : 'EMAIL');
              setAction('reset');
            }}
          >
            Reset password
          </button>
          <button
            type="button"
            className="button ghost"
            disabled={!canSettings}
            onClick={() => {
              setAgentUsername('');
              setAction('agent');
            }}
          >
            Change agent
          </button>
          <button
            type="button"
            className="button ghost"
            disabled={!canSettings}
            onClick={() => {
              setIsTester(!member.isTester);
              setAction('tester');
            }}
          >
            {member.isTester ? 'Unmark tester' : 'Mark as tester'}
          </button>
        </div>
      </div>
      {!canMoney ? (
        <p className="muted small">
          Your role ({me.role}) may read this page, add notes and log the member out; locking needs finance or admin.
        </p>
      ) : null}
      {notice ? (
        <p className="banner success" role="status" data-testid="member-notice">
          {notice}
        </p>
      ) : null}
      <nav className="tabs sub-tabs" aria-label="Member records">
        {MEMBER_TABS.map((item) => (
          <a key={item.id} href={memberHref(id, item.id)} className="tab" aria-current={item.id === tab ? 'page' : undefined}>
            {item.label}
          </a>
        ))}
      </nav>
      {RecordTab ? <RecordTab id={id} /> : <Overview file={file} />}
      {action ? (
        <ReasonDialog
          title={action === 'tester' ? (isTester ? 'Mark as tester' : 'Unmark tester') : ACTIONS[action].title}
          explanation={ACTIONS[action].explanation}
          confirmLabel={ACTIONS[action].confirm}
          confirmClassName={ACTIONS[action].className}
          onConfirm={run}
          onClose={() => setAction(null)}
        >
          {action === 'agent' ? (
            <label className="field">
              <span>New agent (username)</span>
              <input value={agentUsername} onChange={(event) => setAgentUsername(event.target.value)} required autoComplete="off" />
            </label>
          ) : null}
          {action === 'reset' ? (
            <fieldset className="field reset-channels">
              <legend>Send by</legend>
              {(
                [
                  { value: 'SMS', to: member.mobile, text: 'SMS to', none: 'no number' },
                  { value: 'EMAIL', to: member.email, text: 'E-mail to', none: 'no address' },
                ] as const
              ).map((option) => (
                <label key={option.value}>
                  <input
                    type="radio"
                    name="reset-channel"
                    checked={channel === option.value}
                    disabled={!option.to}
                    onChange={() => setChannel(option.value)}
                  />{' '}
                  {option.text} {option.to ?? option.none}
                </label>
              ))}
            </fieldset>
          ) : null}
        </ReasonDialog>
      ) : null}
    </section>
  );
}
