import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './placeholder-dialog-body.module.css';

interface PlaceholderDialogBodyProps {
  icon: IconName;
  text: string;
  actions?: ReactNode;
  footer?: ReactNode;
}

/** Body of a popup whose form is not built yet: says so plainly, offers the way on. */
export function PlaceholderDialogBody({ icon, text, actions, footer }: PlaceholderDialogBodyProps) {
  return (
    <div className={styles.body}>
      <span className={styles.art}>
        <Icon name={icon} size={30} strokeWidth={1.5} />
      </span>
      <p className={styles.text}>{text}</p>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
      {footer ? <div className={styles.switch}>{footer}</div> : null}
    </div>
  );
}
