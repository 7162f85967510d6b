import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { formatMoney } from '@/lib/format-money';
import styles from './originals.module.css';
import { SoundToggle } from './sound-toggle';

/** Balance (the one the stake comes from) and the sound switch, above every original's board. */
export function GameTopBar({
  balance,
  isSoundOn,
  onToggleSound,
}: {
  balance: bigint | null;
  isSoundOn: boolean;
  onToggleSound: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={blocks.apart}>
      <div>
        <div className={styles.label}>{t('originals.balance')}</div>
        <div className={styles.balance} data-testid="original-balance">
          {balance === null ? '—' : formatMoney(balance)}
        </div>
      </div>
      <SoundToggle isOn={isSoundOn} onToggle={onToggleSound} />
    </div>
  );
}
