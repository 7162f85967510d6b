import type { ReactNode } from 'react';
import blocks from '@/components/ui/blocks.module.css';
import { ProgressMeter, type ProgressTone } from '../../../components/ui/progress-meter';
import { progressPercent } from '../utils/money';
import styles from './promotions.module.css';

interface ProgressBarProps {
  done: string;
  required: string;
  /** What the bar measures, e.g. "Turnover 4,250.00 of 8,500.00". */
  label: string;
  tone?: ProgressTone;
}

/** A progress bar over two API amounts; the percentage is computed in minor units, never floats. */
export function ProgressBar({ done, required, label, tone = 'gold' }: ProgressBarProps) {
  const percent = progressPercent(done, required);
  return <ProgressMeter label={label} percent={percent} tone={percent >= 100 ? 'success' : tone} />;
}

/** A figure beside a progress bar: its label, then the amount in bold (`testId` on the amount). */
export function ProgressFigure({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <span className={`${blocks.progressText} ${styles.progressText}`}>
      <span>{label}</span>
      <strong data-testid={testId}>{children}</strong>
    </span>
  );
}
