import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';
import { Icon, type IconName } from './icon';
import styles from './message-dialog.module.css';

export type MessageTone = 'info' | 'warning' | 'danger' | 'success';

const TONE_ICONS: Record<MessageTone, IconName> = { info: 'info', warning: 'alert', danger: 'alert', success: 'check' };

interface MessageDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  tone?: MessageTone;
  /** The confirm button; without onCancel the dialog is a plain notice with one button. */
  confirmLabel?: string;
  onConfirm: () => void;
  cancelLabel?: string;
  onCancel?: () => void;
  isBusy?: boolean;
}

/** A small notice or confirmation over the page or over another popup. */
export function MessageDialog({
  isOpen,
  title,
  children,
  tone = 'info',
  confirmLabel,
  onConfirm,
  cancelLabel,
  onCancel,
  isBusy = false,
}: MessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onCancel ?? onConfirm} title={title} width={400} height={200} isClosable={!isBusy}>
      <div className={styles.body} data-tone={tone}>
        <span className={styles.icon}>
          <Icon name={TONE_ICONS[tone]} size={22} />
        </span>
        <div className={styles.text}>{children}</div>
      </div>
      <div className={styles.actions}>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={isBusy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
        ) : null}
        <Button onClick={onConfirm} disabled={isBusy} data-autofocus="" aria-busy={isBusy || undefined}>
          {confirmLabel ?? t('common.ok')}
        </Button>
      </div>
    </Dialog>
  );
}
