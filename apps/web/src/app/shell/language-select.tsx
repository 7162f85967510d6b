import { LANGUAGES, type Language, parseLanguage } from '@kismat/contracts/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useChangeLanguage } from '@/features/system/hooks/use-change-language';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { useLanguage } from '@/stores/language-store';
import styles from './language-select.module.css';

interface LanguageSelectProps {
  /** Globe only (collapsed side menu); the native select still opens on click. */
  isCompact?: boolean;
  className?: string;
}

/** A native select: every platform gives it a proper accessible picker, phones included. */
export function LanguageSelect({ isCompact = false, className }: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const language = useLanguage();
  const changeLanguage = useChangeLanguage();
  return (
    <div className={[styles.field, isCompact ? styles.compact : '', className ?? ''].filter(Boolean).join(' ')} title={t('shell.language')}>
      <Icon name="globe" size={18} />
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={language}
        onChange={(event) => void changeLanguage(parseLanguage(event.target.value))}
      >
        {LANGUAGES.map((code: Language) => (
          <option key={code} value={code} lang={code.toLowerCase()}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={14} className={styles.chevron} />
    </div>
  );
}
