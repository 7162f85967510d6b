import type { ReactNode } from 'react';
import styles from './empty-state.module.css';
import { Icon, type IconName } from './icon';

interface EmptyStateProps {
  icon?: IconName;
  title: string;
  text?: string;
  actions?: ReactNode;
}

export function EmptyState({ icon = 'sparkle', title, text, actions }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <span className={styles.art}>
        <Icon name={icon} size={32} strokeWidth={1.5} />
      </span>
      <h2 className={styles.title}>{title}</h2>
      {text ? <p className={styles.text}>{text}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
