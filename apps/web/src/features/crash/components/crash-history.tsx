import { useTranslation } from 'react-i18next';
import { pointTone } from '../utils/crash-clock';
import styles from './crash.module.css';

/** The last crash points as coloured chips, newest first (red under 2×, blue to 10×, gold beyond). */
export function CrashHistory({ history }: { history: readonly { roundId: string; crashPoint: string }[] }) {
  const { t } = useTranslation();
  return (
    <ol className={styles.history} aria-label={t('crash.history')} data-testid="crash-history">
      {history.map((entry) => (
        <li key={entry.roundId} className={styles.historyChip} data-tone={pointTone(Math.round(Number(entry.crashPoint) * 100))}>
          {entry.crashPoint}×
        </li>
      ))}
    </ol>
  );
}
