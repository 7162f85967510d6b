import { useTranslation } from 'react-i18next';
import styles from './originals.module.css';

/** Sound on or off (off by default; the choice is kept on this device). */
export function SoundToggle({ isOn, onToggle }: { isOn: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.soundButton} aria-pressed={isOn} onClick={onToggle} data-testid="sound-toggle">
      {isOn ? t('originals.soundOn') : t('originals.soundOff')}
    </button>
  );
}
