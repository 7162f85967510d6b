import type { ChatMessageValue, ChatRealtimeMessage, OperatorConversationRow } from '@kismat/contracts/live-chat';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { api, failureText, fetchImage } from '../api';
import { formatTime } from '../format';
import { chatPath, newClientMessageId, visitorName } from './support-paths';

export type ChatListener = (event: ChatRealtimeMessage) => void;

interface PaneProps {
  code: string;
  me: string;
  conversationId: number;
  canned: { id: number; title: string; body: string }[];
  operators: { username: string; isOnline: boolean }[];
  subscribe: (listener: ChatListener) => () => void;
  onChanged: () => void;
}

function ChatImage({ code, messageId }: { code: string; messageId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let created: string | null = null;
    fetchImage(chatPath('image', { code, messageId })).then(
      (objectUrl) => {
        created = objectUrl;
        setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [code, messageId]);
  return url ? <img src={url} alt="Sent by the member" className="chat-image" /> : <span className="muted small">Loading picture…</span>;
}

/**
 * One conversation in the console: its messages live (text shown as text, never as HTML), the
 * visitor typing, take / transfer / close, and the answer box with canned answers. A gap in the
 * live seqs, or a reconnect, reloads from the server, so nothing the visitor wrote is missed.
 */
export function SupportChatPane({ code, me, conversationId, canned, operators, subscribe, onChanged }: PaneProps) {
  const [row, setRow] = useState<OperatorConversationRow | null>(null);
  const [messages, setMessages] = useState<ChatMessageValue[]>([]);
  const [draft, setDraft] = useState('');
  const [transferTo, setTransferTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [typingUntil, setTypingUntil] = useState(0);
  const [, setTick] = useState(0);
  const lastSeq = useRef(0);
  const readSent = useRef(0);
  const typingSent = useRef(0);
  const endRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const value = await api<{ conversation: OperatorConversationRow; messages: ChatMessageValue[] }>(
        'GET',
        `${chatPath('messages', { code, id: conversationId })}?after=0`,
      );
      setRow(value.conversation);
      setMessages(value.messages);
      lastSeq.current = value.messages.at(-1)?.seq ?? 0;
    } catch (caught) {
      setError(failureText(caught, 'The conversation could not be loaded.'));
    }
  }, [code, conversationId]);

  useEffect(() => {
    setMessages([]);
    setRow(null);
    readSent.current = 0;
    void load();
  }, [load]);

  useEffect(
    () =>
      subscribe((event) => {
        if (event.conversationId !== conversationId) return;
        if (event.type === 'chat.message') {
          if (event.message.seq !== lastSeq.current + 1) {
            void load();
            return;
          }
          lastSeq.current = event.message.seq;
          setMessages((current) => (current.some((item) => item.id === event.message.id) ? current : [...current, event.message]));
          if (event.message.sender !== 'OPERATOR') setTypingUntil(0);
        } else if (event.type === 'chat.assigned') {
          setRow((current) => (current ? { ...current, status: event.status, assignedOperator: event.operator } : current));
        } else if (event.type === 'chat.typing' && event.from === 'VISITOR') {
          setTypingUntil(Date.now() + 5000);
          setTimeout(() => setTick((tick) => tick + 1), 5100);
        } else if (event.type === 'chat.read' && event.by === 'VISITOR') {
          setRow((current) => (current ? { ...current, visitorReadSeq: Math.max(current.visitorReadSeq, event.seq) } : current));
        }
      }),
    [subscribe, conversationId, load],
  );

  // What the operator has on screen counts as read (the member's read ticks).
  const lastVisitorSeq = messages.filter((item) => item.sender === 'MEMBER' || item.sender === 'GUEST').at(-1)?.seq ?? 0;
  useEffect(() => {
    if (lastVisitorSeq <= readSent.current) return;
    readSent.current = lastVisitorSeq;
    api('POST', chatPath('read', { code, id: conversationId }), { seq: lastVisitorSeq }).then(onChanged, () => undefined);
  }, [lastVisitorSeq, code, conversationId, onChanged]);

  useEffect(() => {
    if (messages.length > 0) endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  const act = async (path: 'take' | 'close' | 'transfer', body?: unknown) => {
    setError(null);
    try {
      await api('POST', chatPath(path, { code, id: conversationId }), body);
      await load();
      onChanged();
    } catch (caught) {
      setError(failureText(caught, 'The action failed.'));
    }
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setError(null);
    try {
      const sent = await api<{ message: ChatMessageValue }>('POST', chatPath('messages', { code, id: conversationId }), {
        clientMessageId: newClientMessageId(),
        text,
      });
      setDraft('');
      if (sent.message.seq === lastSeq.current + 1) {
        lastSeq.current = sent.message.seq;
        setMessages((current) => (current.some((item) => item.id === sent.message.id) ? current : [...current, sent.message]));
      }
      onChanged();
    } catch (caught) {
      setError(failureText(caught, 'The answer was not sent.'));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) void send(event);
  };
  const onType = (value: string) => {
    setDraft(value);
    if (Date.now() - typingSent.current < 3000) return;
    typingSent.current = Date.now();
    api('POST', chatPath('typing', { code, id: conversationId })).catch(() => undefined);
  };

  if (!row) return <p className="muted">{error ?? 'Loading…'}</p>;
  const isClosed = row.status === 'CLOSED';
  const isMine = row.assignedOperator === me;
  return (
    <div className="chat-pane" data-testid="chat-pane">
      <div className="chat-pane-head">
        <div>
          <strong>{visitorName(row)}</strong>{' '}
          <span className={`pill pill-${row.status.toLowerCase()}`} data-testid="chat-pane-status">
            {row.status}
          </span>
          <span className="muted small"> {row.assignedOperator ? `with ${row.assignedOperator}` : 'nobody has taken it yet'}</span>
        </div>
        {isClosed ? null : (
          <div className="actions">
            {!isMine ? (
              <button type="button" className="button" onClick={() => void act('take')}>
                Take
              </button>
            ) : null}
            <select value={transferTo} onChange={(event) => setTransferTo(event.target.value)} aria-label="Transfer to">
              <option value="">Transfer to…</option>
              {operators
                .filter((operator) => operator.username !== row.assignedOperator)
                .map((operator) => (
                  <option key={operator.username} value={operator.username}>
                    {operator.username}
                    {operator.isOnline ? ' (online)' : ''}
                  </option>
                ))}
            </select>
            <button
              type="button"
              className="button ghost"
              disabled={!transferTo}
              onClick={() => void act('transfer', { operator: transferTo })}
            >
              Transfer
            </button>
            <button type="button" className="button ghost" onClick={() => void act('close')}>
              Close chat
            </button>
          </div>
        )}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
      <div className="chat-log" role="log" aria-live="polite" data-testid="chat-log">
        {messages.map((message) =>
          message.sender === 'SYSTEM' ? (
            <p key={message.id} className="chat-system">
              {message.senderName === 'transfer' ? `Transferred: ${message.body}` : `Closed by ${message.body}`}
            </p>
          ) : (
            <div key={message.id} className="chat-line" data-side={message.sender === 'OPERATOR' ? 'operator' : 'visitor'}>
              <div className="chat-bubble">
                <span className="chat-author">{message.sender === 'OPERATOR' ? message.senderName : visitorName(row)}</span>
                {message.kind === 'IMAGE' ? <ChatImage code={code} messageId={message.id} /> : <p className="chat-text">{message.body}</p>}
                <span className="chat-meta">
                  {formatTime(message.createdAt)}
                  {message.sender === 'OPERATOR' ? (row.visitorReadSeq >= message.seq ? ' · read' : ' · sent') : ''}
                </span>
              </div>
            </div>
          ),
        )}
        {typingUntil > Date.now() ? <p className="chat-typing">{visitorName(row)} is typing…</p> : null}
        <div ref={endRef} />
      </div>
      {isClosed ? (
        <p className="muted">This chat is closed. The member's next message opens a new one.</p>
      ) : (
        <form className="chat-compose" onSubmit={(event) => void send(event)}>
          <select
            aria-label="Canned answer"
            value=""
            onChange={(event) => {
              const picked = canned.find((item) => String(item.id) === event.target.value);
              if (picked) setDraft((current) => (current.trim() ? `${current.trim()} ${picked.body}` : picked.body));
            }}
          >
            <option value="">Canned answer…</option>
            {canned.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </select>
          <textarea
            value={draft}
            rows={2}
            maxLength={2000}
            placeholder={
              row.assignedOperator && !isMine ? `Held by ${row.assignedOperator}: take it to answer` : 'Type an answer (Enter sends)'
            }
            aria-label="Answer"
            data-testid="chat-answer"
            onChange={(event) => onType(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="button" disabled={!draft.trim()} data-testid="chat-send-answer">
            Send
          </button>
        </form>
      )}
    </div>
  );
}
