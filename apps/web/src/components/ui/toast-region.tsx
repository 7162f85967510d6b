import { useTranslation } from 'react-i18next';
import { useToastStore } from '@/stores/toast-store';
import blocks from './blocks.module.css';
import { Icon } from './icon';
import styles from './toast-region.module.css';

/** Where toasts appear: a polite live region, so screen readers read them without moving focus. */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <div className={styles.region} aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-tone={toast.tone} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <Icon name={toast.tone === 'error' ? 'alert' : toast.tone === 'info' ? 'help' : 'shield'} size={18} />
          <span className={styles.text}>{toast.text}</span>
          <button
            type="button"
            className={`${blocks.iconButton} ${styles.close}`}
            onClick={() => dismiss(toast.id)}
            aria-label={t('common.close')}
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
