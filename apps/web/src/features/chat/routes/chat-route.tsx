import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import styles from '../components/chat.module.css';
import { ChatComposer } from '../components/chat-composer';
import { ChatMessageList } from '../components/chat-message-list';
import { useChatRoom } from '../hooks/use-chat-room';

/**
 * /chat: the live chat room (issue 18), for a member or a visitor. CBS_launchChat opens it when
 * the merchant has live chat on and no external desk. Banners say when the connection is being
 * restored and when no operator is online (the message is kept and answered later: for a
 * member also in the inbox).
 */
export function ChatRoute() {
  const { t } = useTranslation('chat');
  const room = useChatRoom();
  const { conversation } = room;
  const statusText =
    conversation === null
      ? t('status.new')
      : conversation.status === 'CLOSED'
        ? t('status.closed')
        : conversation.status === 'OPEN'
          ? t('status.open', { operator: conversation.assignedOperator ?? t('operator') })
          : t('status.waiting');

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')} icon="headset">
      <div className={styles.room} data-testid="chat-room">
        {!room.isLoaded ? (
          <div className={styles.center}>
            <Spinner label={t('connection.connecting')} />
          </div>
        ) : room.loadError ? (
          <div className={styles.center} role="alert" data-testid="chat-load-error">
            <p>{room.loadError.message || t('loadFailed')}</p>
            <Button variant="outline" onClick={() => window.location.reload()}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : (
          <>
            <p className={styles.status} data-testid="chat-status" data-status={conversation?.status ?? 'NEW'}>
              <span className={styles.dot} data-online={room.isOperatorOnline ? 'true' : 'false'} />
              {statusText}
            </p>
            {room.status === 'reconnecting' ? (
              <p className={styles.banner} data-kind="warning" role="status" data-testid="chat-reconnecting">
                {t('connection.reconnecting')}
              </p>
            ) : null}
            {!room.isOperatorOnline && conversation?.status !== 'OPEN' ? (
              <p className={styles.banner} data-kind="info" data-testid="chat-offline">
                {room.identity?.kind === 'guest' ? t('offline.guest') : t('offline.member')}
              </p>
            ) : null}
            <ChatMessageList
              identity={room.identity}
              conversation={conversation}
              messages={room.messages}
              pending={room.pending}
              isOperatorTyping={room.isOperatorTyping}
              onRetry={room.retry}
              onDiscard={room.discard}
            />
            <ChatComposer isDisabled={!room.identity} onSendText={room.sendText} onSendImage={room.sendImage} onTyping={room.onTyping} />
          </>
        )}
      </div>
    </PageFrame>
  );
}
