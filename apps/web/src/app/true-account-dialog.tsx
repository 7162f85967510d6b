import { useTranslation } from 'react-i18next';
import { MessageDialog } from '@/components/ui/message-dialog';
import { openRegisterModal } from '@/stores/modal-store';

/** Spec: a trial player's member-only action is refused with "a true account is needed". */
export function TrueAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageDialog
      isOpen
      title={t('trial.title')}
      tone="warning"
      confirmLabel={t('trial.register')}
      onConfirm={openRegisterModal}
      cancelLabel={t('trial.later')}
      onCancel={onClose}
    >
      {t('trial.text')}
    </MessageDialog>
  );
}
