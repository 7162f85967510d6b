import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './page-frame.module.css';

interface PageFrameProps {
  title: string;
  subtitle?: string;
  icon?: IconName;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame every screen shares: one h1, an optional icon badge and actions, then content. */
export function PageFrame({ title, subtitle, icon, actions, children }: PageFrameProps) {
  return (
    <section className={styles.frame} aria-labelledby="page-title">
      <header className={styles.head}>
        <div className={styles.titleGroup}>
          {icon ? (
            <span className={styles.badge}>
              <Icon name={icon} size={24} />
            </span>
          ) : null}
          <div>
            <h1 id="page-title" className={styles.title}>
              {title}
            </h1>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
