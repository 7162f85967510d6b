import { progressPercent } from '../utils/money';
import styles from './promotions.module.css';

interface ProgressBarProps {
  done: string;
  required: string;
  /** What the bar measures, e.g. "Turnover 4,250.00 of 8,500.00". */
  label: string;
  tone?: 'gold' | 'purple' | 'success';
}

/** A progress bar over two API amounts; the percentage is computed in minor units, never floats. */
export function ProgressBar({ done, required, label, tone = 'gold' }: ProgressBarProps) {
  const percent = progressPercent(done, required);
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-tone={percent >= 100 ? 'success' : tone}
    >
      <span className={styles.progressFill} style={{ width: `${percent}%` }} />
    </div>
  );
}
