import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateInputPattern, formatDateInput, parseDateInput } from '@/lib/format-date';
import { useLanguage } from '@/stores/language-store';
import blocks from './blocks.module.css';
import styles from './date-input.module.css';
import { Icon } from './icon';

export interface DateInputProps {
  /** "2024-05-15", or '' for none. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  id?: string;
  name?: string;
  readOnly?: boolean;
  className?: string;
  /** Extra class of the typed input (a field frame's borderless input). */
  inputClassName?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  onBlur?: () => void;
}

function isWithin(value: string, min: string | undefined, max: string | undefined): boolean {
  return (!min || value >= min) && (!max || value <= max);
}

/**
 * A date typed and shown as the interface language writes it (DD/MM/YYYY, day first, either digit
 * set), with a button for the browser's calendar. A bare <input type="date"> shows the browser's
 * locale instead: MM/DD/YYYY on an American-English browser, whatever the page's language.
 */
export function DateInput({ value, onChange, min, max, readOnly, className, inputClassName, onBlur, ...textProps }: DateInputProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const nativeRef = useRef<HTMLInputElement>(null);
  // The typed text follows the value whenever the value or the language changes from outside.
  const [shown, setShown] = useState({ value, language, text: formatDateInput(value, language) });
  if (shown.value !== value || shown.language !== language) setShown({ value, language, text: formatDateInput(value, language) });

  const commit = (next: string) => {
    setShown({ value: next, language, text: formatDateInput(next, language) });
    if (next !== value) onChange(next);
  };

  const type = (text: string) => {
    if (text.trim() === '') {
      setShown({ value: '', language, text });
      if (value !== '') onChange('');
      return;
    }
    const parsed = parseDateInput(text, language);
    if (parsed && isWithin(parsed, min, max)) {
      setShown({ value: parsed, language, text });
      if (parsed !== value) onChange(parsed);
    } else {
      setShown({ ...shown, text });
    }
  };

  const openCalendar = () => {
    const native = nativeRef.current;
    if (!native) return;
    try {
      native.showPicker();
    } catch {
      // Older browsers have no showPicker; the typed field still works.
      native.focus();
    }
  };

  return (
    <span className={[styles.wrap, className].filter(Boolean).join(' ')}>
      <input
        {...textProps}
        type="text"
        className={[styles.text, inputClassName].filter(Boolean).join(' ')}
        inputMode="numeric"
        autoComplete="off"
        placeholder={dateInputPattern(language)}
        value={shown.text}
        readOnly={readOnly}
        onChange={(event) => type(event.target.value)}
        onBlur={() => {
          // Half-typed or impossible dates go back to the date in force.
          setShown({ value, language, text: formatDateInput(value, language) });
          onBlur?.();
        }}
      />
      {readOnly ? null : (
        <>
          <button
            type="button"
            className={`${blocks.iconButton} ${styles.picker}`}
            onClick={openCalendar}
            aria-label={t('common.openCalendar')}
          >
            <Icon name="calendar" size={18} />
          </button>
          <span className={styles.native}>
            <input
              ref={nativeRef}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              lang={language.toLowerCase()}
              value={value}
              min={min}
              max={max}
              onChange={(event) => commit(event.target.value)}
            />
          </span>
        </>
      )}
    </span>
  );
}
