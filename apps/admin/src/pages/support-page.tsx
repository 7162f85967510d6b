import type { ChatRealtimeMessage, OperatorConversationRow } from '@kismat/contracts/live-chat';
import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api';
import { MerchantPicker, useMerchants } from '../components/merchant-picker';
import { Page } from '../components/page';
import { type SubTab, SubTabs, useHashSection } from '../components/sub-tabs';
import { useLoaded } from '../components/use-loaded';
import { formatTime } from '../format';
import './support-console.css';
import { SupportCannedAnswers } from './support-canned-answers';
import { type ChatListener, SupportChatPane } from './support-chat-pane';
import { SupportMemberContext } from './support-member-context';
import { chatPath, visitorName } from './support-paths';
import { SupportTranscripts } from './support-transcripts';
import { useSupportSocket } from './use-support-socket';

const TABS: readonly SubTab<'chats' | 'closed' | 'transcripts' | 'canned'>[] = [
  { id: 'chats', label: 'Waiting and open' },
  { id: 'closed', label: 'Closed' },
  { id: 'transcripts', label: 'Transcript search' },
  { id: 'canned', label: 'Canned answers' },
];

/**
 * Live chat support console (issue 18): the queue of waiting and open chats of the chosen
 * merchant (waiting first, longest waiting first), the chat pane, the member's context beside
 * it; transcripts and canned answers on their own tabs. Everything updates live over /ws while
 * the console is open, which is also what tells members an operator is online.
 */
export function SupportPage({ me }: { me: OperatorMe }) {
  const { merchants, code, choose, error: merchantError } = useMerchants(me);
  const section = useHashSection(TABS);
  const [selected, setSelected] = useState<number | null>(null);
  const listeners = useRef(new Set<ChatListener>());
  const status = section === 'closed' ? 'CLOSED' : 'ACTIVE';

  const loadQueue = useCallback(
    () =>
      code
        ? api<{ list: OperatorConversationRow[] }>('GET', `${chatPath('conversations', { code })}?status=${status}`)
        : Promise.resolve({ list: [] }),
    [code, status],
  );
  const queue = useLoaded(loadQueue, 'The chats could not be loaded.');
  const loadCanned = useCallback(
    () =>
      code
        ? api<{ list: { id: number; title: string; body: string }[] }>('GET', chatPath('canned', { code }))
        : Promise.resolve({ list: [] }),
    [code],
  );
  const canned = useLoaded(loadCanned, 'The canned answers could not be loaded.');
  const loadOperators = useCallback(
    () =>
      code
        ? api<{ list: { username: string; isOnline: boolean }[] }>('GET', chatPath('operators', { code }))
        : Promise.resolve({ list: [] }),
    [code],
  );
  const operators = useLoaded(loadOperators, 'The operators could not be loaded.');

  // Queue reloads are coalesced: a burst of messages reloads it once.
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { reload } = queue;
  const reloadQueue = useCallback(() => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void reload(), 250);
  }, [reload]);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const isLive = useSupportSocket(code, {
    onReady: reloadQueue,
    onEvent: (event: ChatRealtimeMessage) => {
      for (const listener of listeners.current) listener(event);
      if (event.type === 'chat.message' || event.type === 'chat.assigned' || event.type === 'chat.read') reloadQueue();
    },
  });
  const subscribe = useCallback((listener: ChatListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  const rows = queue.data?.list ?? [];
  const current = rows.find((row) => row.id === selected) ?? null;
  return (
    <Page
      id="support"
      title="Live chat"
      actions={
        <div className="actions">
          <span
            className={`pill ${isLive ? 'pill-approved' : 'pill-pending'}`}
            data-testid="support-live"
            title="While this page is open, members see that an operator is online"
          >
            {isLive ? 'Online' : 'Connecting…'}
          </span>
          <MerchantPicker merchants={merchants} code={code} onChoose={choose} />
        </div>
      }
    >
      {merchantError ? <p className="field-error">{merchantError}</p> : null}
      <SubTabs page="support" tabs={TABS} current={section} label="Live chat sections" />
      {!code ? null : section === 'transcripts' ? (
        <SupportTranscripts code={code} />
      ) : section === 'canned' ? (
        <SupportCannedAnswers code={code} list={canned.data?.list ?? []} onChanged={() => void canned.reload()} />
      ) : (
        <div className="chat-console">
          <aside className="chat-queue" aria-label="Chats">
            {queue.error ? <p className="field-error">{queue.error}</p> : null}
            {rows.length === 0 ? (
              <p className="muted">{status === 'ACTIVE' ? 'No chat is waiting. New chats appear here live.' : 'No closed chats yet.'}</p>
            ) : null}
            <ul>
              {rows.map((row) => (
                <li key={row.id}>
                  <button
                    type="button"
                    className="chat-queue-row"
                    aria-current={row.id === selected ? 'true' : undefined}
                    data-testid="chat-queue-row"
                    onClick={() => setSelected(row.id)}
                  >
                    <span className="chat-queue-top">
                      <strong>{visitorName(row)}</strong>
                      <span className={`pill pill-${row.status.toLowerCase()}`}>{row.status}</span>
                      {row.unread > 0 ? <span className="chat-unread">{row.unread}</span> : null}
                    </span>
                    <span className="chat-queue-last">{row.lastBody || 'Picture'}</span>
                    <span className="muted small">
                      {formatTime(row.lastMessageAt)}
                      {row.assignedOperator ? ` · ${row.assignedOperator}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </aside>
          <section className="chat-main" aria-label="Conversation">
            {selected === null ? (
              <p className="muted">Choose a chat on the left.</p>
            ) : (
              <SupportChatPane
                key={selected}
                code={code}
                me={me.username}
                conversationId={selected}
                canned={canned.data?.list ?? []}
                operators={operators.data?.list ?? []}
                subscribe={subscribe}
                onChanged={reloadQueue}
              />
            )}
          </section>
          <aside className="chat-side" aria-label="Member">
            {current ? <SupportMemberContext code={code} conversationId={current.id} isGuest={current.memberId === null} /> : null}
          </aside>
        </div>
      )}
    </Page>
  );
}
