import {
  CHAT_IMAGE_MAX_BYTES,
  type ChatConversationValue,
  type ChatMessageValue,
  type ChatRealtimeMessage,
} from '@kismat/contracts/live-chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { type ChatIdentity, forgetGuestId, resolveChatIdentity } from '../api/chat-identity';
import { type ChatRoomValue, getChatRoom } from '../api/get-chat-room';
import { markChatRead } from '../api/mark-chat-read';
import { sendChatImage } from '../api/send-chat-image';
import { type SentChatMessage, sendChatMessage } from '../api/send-chat-message';
import { signalTyping } from '../api/signal-typing';
import { type ChatSocketStatus, useChatSocket } from './use-chat-socket';

/** A message on its way (or refused): shown at the end of the list until the server has it. */
export interface PendingMessage {
  clientMessageId: string;
  kind: 'TEXT' | 'IMAGE';
  body: string;
  file?: File;
  previewUrl?: string;
  state: 'sending' | 'failed';
  error?: string;
}

const TYPING_SHOWN_MS = 5000;
const TYPING_SENT_EVERY_MS = 3000;

/** Messages in conversation order, each once (a live push and a catch-up may bring the same one). */
export function mergeMessages(current: readonly ChatMessageValue[], incoming: readonly ChatMessageValue[]): ChatMessageValue[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.conversationId - b.conversationId || a.seq - b.seq);
}

function isChatEvent(value: unknown): value is ChatRealtimeMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('chat.');
}

/**
 * The chat room's state: who is chatting, the conversation, its messages (from the server, by
 * seq) and the ones on their way, whether an operator is online or typing, the socket's status.
 * Nothing is lost across a dropped connection: every (re)connect asks the server for the
 * messages after the last seq it has, a gap in the live seqs does the same, and a message that
 * failed to send is sent again with the same clientMessageId, which the server stores once.
 */
export function useChatRoom() {
  const [identity, setIdentity] = useState<ChatIdentity | null>(null);
  const [conversation, setConversation] = useState<ChatConversationValue | null>(null);
  const [messages, setMessages] = useState<ChatMessageValue[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [isOperatorOnline, setOperatorOnline] = useState(true);
  const [typingUntil, setTypingUntil] = useState(0);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [isLoaded, setLoaded] = useState(false);
  const conversationRef = useRef<ChatConversationValue | null>(null);
  const lastSeqRef = useRef(0);
  const pendingRef = useRef<PendingMessage[]>([]);
  const lastTypingSentRef = useRef(0);
  const readSentRef = useRef(0);
  pendingRef.current = pending;

  const setPendingList = useCallback((update: (list: PendingMessage[]) => PendingMessage[]) => {
    pendingRef.current = update(pendingRef.current);
    setPending(pendingRef.current);
  }, []);

  const adoptConversation = useCallback((next: ChatConversationValue | null) => {
    if (!next) return;
    const current = conversationRef.current;
    if (current && current.id !== next.id) lastSeqRef.current = 0;
    conversationRef.current = next;
    setConversation(next);
  }, []);

  const acceptMessages = useCallback(
    (incoming: readonly ChatMessageValue[]) => {
      if (incoming.length === 0) return;
      const currentId = conversationRef.current?.id;
      for (const message of incoming) {
        if (message.conversationId === currentId) lastSeqRef.current = Math.max(lastSeqRef.current, message.seq);
      }
      const sentIds = new Set(incoming.map((message) => message.clientMessageId).filter(Boolean));
      setPendingList((list) => list.filter((item) => !sentIds.has(item.clientMessageId)));
      setMessages((current) => mergeMessages(current, incoming));
    },
    [setPendingList],
  );

  const applyRoom = useCallback(
    (room: ChatRoomValue) => {
      adoptConversation(room.conversation);
      setOperatorOnline(room.isOperatorOnline);
      acceptMessages(room.messages);
    },
    [adoptConversation, acceptMessages],
  );

  /** Everything after the last seq this page has (all of it when the server's open conversation is another one). */
  const catchUp = useCallback(
    async (who: ChatIdentity) => {
      let after = lastSeqRef.current;
      for (let page = 0; page < 20; page += 1) {
        const room = await getChatRoom(who, after);
        if (room.conversation && room.conversation.id !== conversationRef.current?.id && after > 0) {
          after = 0;
          lastSeqRef.current = 0;
          continue;
        }
        applyRoom(room);
        if (room.messages.length < 200) return;
        after = lastSeqRef.current;
      }
    },
    [applyRoom],
  );

  // Who is chatting: the member, or this browser's guest id (a refused one is replaced once).
  useEffect(() => {
    let isCancelled = false;
    const start = async (isRetry: boolean): Promise<void> => {
      try {
        const who = await resolveChatIdentity();
        await catchUp(who);
        if (isCancelled) return;
        setIdentity(who);
        setLoaded(true);
      } catch (error) {
        if (isCancelled) return;
        if (!isRetry && error instanceof ApiError && error.code === 'AUTH_REQUIRED') {
          forgetGuestId();
          return start(true);
        }
        setLoadError(error instanceof ApiError ? error : new ApiError('NETWORK_ERROR', '', 0));
        setLoaded(true);
      }
    };
    void start(false);
    return () => {
      isCancelled = true;
    };
  }, [catchUp]);

  const deliver = useCallback(
    async (item: PendingMessage, who: ChatIdentity) => {
      setPendingList((list) =>
        list.map((entry) => (entry.clientMessageId === item.clientMessageId ? { ...entry, state: 'sending', error: '' } : entry)),
      );
      try {
        const sent: SentChatMessage =
          item.kind === 'IMAGE' && item.file
            ? await sendChatImage(who, { clientMessageId: item.clientMessageId, file: item.file })
            : await sendChatMessage(who, { clientMessageId: item.clientMessageId, text: item.body });
        adoptConversation(sent.conversation);
        acceptMessages([sent.message]);
      } catch (error) {
        const message = error instanceof ApiError && !error.isNetworkError ? error.message : '';
        setPendingList((list) =>
          list.map((entry) => (entry.clientMessageId === item.clientMessageId ? { ...entry, state: 'failed', error: message } : entry)),
        );
      }
    },
    [adoptConversation, acceptMessages, setPendingList],
  );

  const onEvent = useCallback(
    (value: unknown) => {
      if (!isChatEvent(value) || !identity) return;
      const current = conversationRef.current;
      if (value.type === 'chat.message') {
        const { message } = value;
        // Another conversation (this visitor's new one, opened in another tab) or a gap: ask the server.
        if (message.conversationId !== current?.id || message.seq > lastSeqRef.current + 1) {
          void catchUp(identity).catch(() => undefined);
          return;
        }
        acceptMessages([message]);
        if (message.sender === 'OPERATOR') {
          setOperatorOnline(true);
          setTypingUntil(0);
        }
        return;
      }
      if (!current || value.conversationId !== current.id) return;
      if (value.type === 'chat.assigned') {
        adoptConversation({ ...current, status: value.status, assignedOperator: value.operator });
        if (value.status === 'OPEN') setOperatorOnline(true);
      } else if (value.type === 'chat.read' && value.by === 'OPERATOR') {
        adoptConversation({ ...current, operatorReadSeq: Math.max(current.operatorReadSeq, value.seq) });
      } else if (value.type === 'chat.typing' && value.from === 'OPERATOR') {
        setTypingUntil(Date.now() + TYPING_SHOWN_MS);
      }
    },
    [identity, catchUp, acceptMessages, adoptConversation],
  );

  const status: ChatSocketStatus = useChatSocket(identity, {
    onMessage: onEvent,
    onReady: () => {
      if (!identity) return;
      void catchUp(identity).catch(() => undefined);
      // What failed while the connection was down goes again, under the same ids.
      for (const item of pendingRef.current) if (item.state === 'failed' && !item.error) void deliver(item, identity);
    },
    onRefused: () => {
      if (identity?.kind === 'guest') forgetGuestId();
    },
  });

  // The operator's answers count as read while the page is in view (their read ticks).
  const lastOperatorSeq = messages.reduce(
    (highest, message) =>
      message.conversationId === conversation?.id && message.sender !== 'MEMBER' && message.sender !== 'GUEST'
        ? Math.max(highest, message.seq)
        : highest,
    0,
  );
  useEffect(() => {
    if (!identity || !conversation || lastOperatorSeq <= readSentRef.current) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    readSentRef.current = lastOperatorSeq;
    void markChatRead(identity, lastOperatorSeq).catch(() => undefined);
  }, [identity, conversation, lastOperatorSeq]);

  // The typing indicator hides itself when no new signal came.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (typingUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), typingUntil - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [typingUntil, now]);

  const queue = (item: PendingMessage) => {
    if (!identity) return;
    setPendingList((list) => [...list, item]);
    void deliver(item, identity);
  };

  return {
    identity,
    status,
    conversation,
    messages,
    pending,
    isOperatorOnline,
    isOperatorTyping: typingUntil > Date.now(),
    isLoaded,
    loadError,
    sendText: (text: string) => {
      const body = text.trim();
      if (body) queue({ clientMessageId: newIdempotencyKey(), kind: 'TEXT', body, state: 'sending' });
    },
    /** A png or jpg of at most 2 MB; anything else answers false (the composer says why). */
    sendImage: (file: File, previewUrl: string): boolean => {
      if (!['image/png', 'image/jpeg'].includes(file.type) || file.size > CHAT_IMAGE_MAX_BYTES) return false;
      queue({ clientMessageId: newIdempotencyKey(), kind: 'IMAGE', body: '', file, previewUrl, state: 'sending' });
      return true;
    },
    retry: (item: PendingMessage) => identity && void deliver(item, identity),
    discard: (item: PendingMessage) => setPendingList((list) => list.filter((entry) => entry.clientMessageId !== item.clientMessageId)),
    onTyping: () => {
      if (!identity || !conversationRef.current || Date.now() - lastTypingSentRef.current < TYPING_SENT_EVERY_MS) return;
      lastTypingSentRef.current = Date.now();
      void signalTyping(identity).catch(() => undefined);
    },
  };
}

export type ChatRoomState = ReturnType<typeof useChatRoom>;
