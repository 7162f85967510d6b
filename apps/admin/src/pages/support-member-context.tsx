import type { MemberChatContext } from '@kismat/contracts/live-chat';
import { useCallback } from 'react';
import { api } from '../api';
import { useLoaded } from '../components/use-loaded';
import { formatTime } from '../format';
import { chatPath } from './support-paths';

/** Beside the chat: the member's balance, last deposits and withdrawals, open turnover, limits and recent rounds. */
export function SupportMemberContext({ code, conversationId, isGuest }: { code: string; conversationId: number; isGuest: boolean }) {
  const load = useCallback(
    () => api<MemberChatContext | null>('GET', chatPath('context', { code, id: conversationId })),
    [code, conversationId],
  );
  const { data, error } = useLoaded(load, 'The member context could not be loaded.', { clearOnChange: true });
  if (isGuest) return <p className="muted">A visitor who is not logged in: no member account to show.</p>;
  if (error) return <p className="field-error">{error}</p>;
  if (!data) return <p className="muted">Loading…</p>;
  return (
    <div className="chat-context" data-testid="chat-context">
      <dl className="chat-facts">
        <dt>Member</dt>
        <dd>
          <strong>{data.username}</strong> (#{data.memberId})
        </dd>
        <dt>VIP</dt>
        <dd>{data.vipLevel ?? 0}</dd>
        <dt>Balance</dt>
        <dd className="num">{data.balance}</dd>
        <dt>Open turnover</dt>
        <dd className="num">{data.openTurnover}</dd>
      </dl>
      <ContextList
        title="Last deposits"
        rows={data.deposits.map((row) => [`#${row.id}`, row.amount, row.status, formatTime(row.createdAt)])}
      />
      <ContextList
        title="Last withdrawals"
        rows={data.withdrawals.map((row) => [`#${row.id}`, row.amount, row.status, formatTime(row.createdAt)])}
      />
      <ContextList title="Limits (used / limit)" rows={data.limits.map((row) => [row.kind, row.period, row.amount])} />
      <ContextList
        title="Recent rounds"
        rows={data.rounds.map((row) => [row.game, `bet ${row.bet}`, `win ${row.win}`, formatTime(row.at)])}
      />
    </div>
  );
}

function ContextList({ title, rows }: { title: string; rows: string[][] }) {
  return (
    <section className="chat-context-list">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted small">None</p>
      ) : (
        <ul>
          {rows.map((cells) => (
            <li key={cells.join('|')}>
              {cells.map((cell) => (
                <span key={cell}>{cell}</span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
