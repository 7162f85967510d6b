import blocks from '@/components/ui/blocks.module.css';
import { ProgressMeter } from '../../../components/ui/progress-meter';
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
    <div className={blocks.progressRow}>
      <div className={`${blocks.progressText} ${styles.progressText}`}>
        <span>{label}</span>
        <span className={blocks.figure}>{figures}</span>
      </div>
      <ProgressMeter label={label} percent={percent} tone={percent >= 100 ? 'success' : undefined} />
    </div>
  );
}
