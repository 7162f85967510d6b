import styles from './loyalty.module.css';

interface ProgressLineProps {
  label: string;
  /** Already formatted for the member ("1,200.00 / 5,000.00"). */
  figures: string;
  percent: number;
}

/** A labelled progress bar: what it measures, the figures, the bar (green once reached). */
export function ProgressLine({ label, figures, percent }: ProgressLineProps) {
  return (
    <div className={styles.progressRow}>
      <div className={styles.progressText}>
        <span>{label}</span>
        <span className={styles.figure}>{figures}</span>
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-tone={percent >= 100 ? 'success' : undefined}
      >
        <span className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
