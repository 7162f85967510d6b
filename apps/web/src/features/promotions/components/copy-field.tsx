import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import styles from './promotions.module.css';

/** A value the member shares (invite link, code) with a copy button that says when it worked. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('promotions');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard permission (an embedded browser): the text is selectable beside the button.
      setState('failed');
    }
  };
  return (
    <div className={styles.copyField}>
      <span className={styles.copyLabel}>{label}</span>
      <div className={styles.copyRow}>
        <output className={styles.copyValue} data-testid={testId} title={value}>
          {value}
        </output>
        <Button size="small" variant="outline" onClick={() => void copy()} aria-label={t('copy.button', { label })}>
          <Icon name={state === 'copied' ? 'check' : 'edit'} size={16} />
          {state === 'copied' ? t('copy.copied') : t('copy.short')}
        </Button>
      </div>
      <span className={styles.copyStatus} role="status">
        {state === 'failed' ? t('copy.failed') : ''}
      </span>
    </div>
  );
}
