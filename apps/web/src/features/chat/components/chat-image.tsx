import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatIdentity } from '../api/chat-identity';
import { getChatImage } from '../api/get-chat-image';
import styles from './chat.module.css';

/** An image message: fetched with the chat's credentials (an <img> alone could not send them), shown as a blob. */
export function ChatImage({ identity, messageId }: { identity: ChatIdentity | null; messageId: number }) {
  const { t } = useTranslation('chat');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!identity) return;
    let created: string | null = null;
    let isCancelled = false;
    getChatImage(identity, messageId).then(
      (objectUrl) => {
        created = objectUrl;
        if (isCancelled) URL.revokeObjectURL(objectUrl);
        else setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      isCancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [identity, messageId]);
  if (!url) return <span className={styles.imageLoading}>{t('imageLoading')}</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className={styles.imageLink}>
      <img src={url} alt={t('image')} className={styles.image} />
    </a>
  );
}
