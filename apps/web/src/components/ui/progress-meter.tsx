import styles from './progress-meter.module.css';

export type ProgressTone = 'gold' | 'purple' | 'success';

interface ProgressMeterProps {
  /** What the bar measures, read out as its accessible name. */
  label: string;
  /** 0 to 100, already worked out by the caller (in minor units where it is money). */
  percent: number;
  /** The fill's colour; gold when not given. */
  tone?: ProgressTone;
}

/** A progress bar (role progressbar, 0 to 100) whose fill is as wide as the percentage. */
export function ProgressMeter({ label, percent, tone }: ProgressMeterProps) {
  return (
    <div
      className={styles.meter}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-tone={tone}
    >
      <span className={styles.fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
