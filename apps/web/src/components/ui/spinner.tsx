import type { CSSProperties } from 'react';
import styles from './spinner.module.css';

interface SpinnerProps {
  size?: number;
  /** Announced to screen readers while the content loads. */
  label: string;
  isCentered?: boolean;
}

export function Spinner({ size = 28, label, isCentered = false }: SpinnerProps) {
  const spinner = (
    <span className={styles.spinner} style={{ '--spinner-size': `${size}px` } as CSSProperties} role="status" aria-label={label} />
  );
  return isCentered ? <div className={styles.center}>{spinner}</div> : spinner;
}
