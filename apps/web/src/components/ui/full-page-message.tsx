import type { ReactNode } from 'react';
import blocks from './blocks.module.css';
import styles from './full-page-message.module.css';
import { Icon, type IconName } from './icon';

interface FullPageMessageProps {
  icon: IconName;
  title: string;
  text: string;
  brand?: ReactNode;
  details?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
}

/** A whole-screen message (maintenance, region block, failures) in the site's look. */
export function FullPageMessage({ icon, title, text, brand, details, actions, footer }: FullPageMessageProps) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        {brand ? <div className={styles.brand}>{brand}</div> : null}
        <span className={styles.emblem}>
          <Icon name={icon} size={40} strokeWidth={1.5} />
        </span>
        <h1 className={`${blocks.goldText} ${styles.title}`}>{title}</h1>
        <p className={styles.text}>{text}</p>
        {details ? <div className={styles.details}>{details}</div> : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </main>
  );
}
