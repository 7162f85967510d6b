import type { ChatConversationValue, ChatMessageValue } from '@kismat/contracts/live-chat';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { formatTime } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import type { ChatIdentity } from '../api/chat-identity';
import type { PendingMessage } from '../hooks/use-chat-room';
import styles from './chat.module.css';
import { ChatImage } from './chat-image';

interface ChatMessageListProps {
  identity: ChatIdentity | null;
  conversation: ChatConversationValue | null;
  messages: ChatMessageValue[];
  pending: PendingMessage[];
  isOperatorTyping: boolean;
  onRetry: (item: PendingMessage) => void;
  onDiscard: (item: PendingMessage) => void;
}

/**
 * The conversation: the visitor's messages on the right with read ticks (one: sent, two: the
 * operator read it), the operator's on the left, system lines centred, then what is still on its
 * way. Text is rendered as text (React escapes it): a `<script>` in a message shows as characters.
 */
export function ChatMessageList({ identity, conversation, messages, pending, isOperatorTyping, onRetry, onDiscard }: ChatMessageListProps) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const endRef = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length;
  useEffect(() => {
    if (count > 0 || isOperatorTyping) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count, isOperatorTyping]);
  const operatorName = conversation?.assignedOperator ?? t('operator');

  return (
    <div className={styles.list} role="log" aria-live="polite" data-testid="chat-messages">
      {messages.length === 0 && pending.length === 0 ? <p className={styles.empty}>{t('empty')}</p> : null}
      {messages.map((message) => {
        if (message.sender === 'SYSTEM') {
          return (
            <p key={message.id} className={styles.system} data-testid="chat-system">
              {message.senderName === 'transfer' ? t('system.transfer') : t('system.close')}
            </p>
          );
        }
        const isMine = message.sender === 'MEMBER' || message.sender === 'GUEST';
        const isRead = isMine && conversation?.id === message.conversationId && (conversation?.operatorReadSeq ?? 0) >= message.seq;
        return (
          <div key={message.id} className={styles.row} data-mine={isMine ? 'true' : 'false'}>
            <div className={styles.bubble} data-testid={isMine ? 'chat-mine' : 'chat-theirs'}>
              {isMine ? null : <span className={styles.author}>{message.senderName ?? t('operator')}</span>}
              {message.kind === 'IMAGE' ? (
                <ChatImage identity={identity} messageId={message.id} />
              ) : (
                <p className={styles.text}>{message.body}</p>
              )}
              <span className={styles.meta}>
                <time dateTime={message.createdAt}>{formatTime(message.createdAt, language)}</time>
                {isMine ? (
                  <span
                    className={styles.ticks}
                    data-read={isRead ? 'true' : 'false'}
                    role="img"
                    aria-label={isRead ? t('state.read') : t('state.sent')}
                    data-testid="chat-ticks"
                  >
                    <Icon name="check" size={12} />
                    {isRead ? <Icon name="check" size={12} /> : null}
                  </span>
                ) : null}
              </span>
            </div>
          </div>
        );
      })}
      {pending.map((item) => (
        <div key={item.clientMessageId} className={styles.row} data-mine="true">
          <div className={styles.bubble} data-pending={item.state}>
            {item.kind === 'IMAGE' && item.previewUrl ? (
              <img src={item.previewUrl} alt={t('image')} className={styles.image} />
            ) : (
              <p className={styles.text}>{item.body}</p>
            )}
            {item.state === 'sending' ? (
              <span className={styles.meta}>{t('state.sending')}</span>
            ) : (
              <span className={styles.failed} role="alert">
                {item.error || t('state.failed')}
                <Button variant="ghost" size="small" onClick={() => onRetry(item)}>
                  {t('state.retry')}
                </Button>
                <Button variant="ghost" size="small" onClick={() => onDiscard(item)}>
                  {t('state.discard')}
                </Button>
              </span>
            )}
          </div>
        </div>
      ))}
      {isOperatorTyping ? (
        <p className={styles.typing} data-testid="chat-typing">
          {t('typing', { operator: operatorName })}
        </p>
      ) : null}
      <div ref={endRef} />
    </div>
  );
}
