import type { NotificationValue } from '@kismat/contracts/cashier';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import styles from './inbox.module.css';

/**
 * What a message says beyond its title. An operator message's body is HTML the server passed
 * through its allow-list sanitiser; it is sanitised once more here (DOMPurify, same allow-list
 * spirit) before it reaches the page, so a bypass would need both to fail. Answers and reasons
 * are plain text: React escapes them, so `<script>` shows as those characters.
 */
export function InboxMessageBody({ message }: { message: NotificationValue }) {
  const { t } = useTranslation();
  if (message.kind === 'operator_message') {
    const html = DOMPurify.sanitize(message.html ?? '', {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form', 'iframe'],
      FORBID_ATTR: ['style'],
    });
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list and DOMPurify above.
      <div className={styles.html} data-testid="inbox-html" dangerouslySetInnerHTML={{ __html: html }} />
    );
  }
  if (message.kind === 'feedback_answered' || message.kind === 'chat_answered') {
    return (
      <div className={styles.answer} data-testid="inbox-answer">
        {message.kind === 'feedback_answered' && message.title ? (
          <p className={styles.quote}>
            <span className={styles.label}>{t('inbox.yourFeedback')}: </span>
            {message.title}
          </p>
        ) : null}
        <p className={styles.label}>{t('inbox.from')}</p>
        <p className={styles.text}>{message.body}</p>
      </div>
    );
  }
  if (message.reason) {
    return (
      <p className={styles.text}>
        <span className={styles.label}>{t('inbox.reason')}: </span>
        {message.reason}
      </p>
    );
  }
  return null;
}
