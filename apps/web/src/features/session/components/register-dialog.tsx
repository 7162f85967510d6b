import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PlaceholderDialogBody } from '@/components/ui/placeholder-dialog-body';
import { openLoginModal } from '@/stores/modal-store';

interface RegisterDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The register popup's frame. The form (username and mobile tabs, captcha, terms) comes next. */
export function RegisterDialog({ isOpen, onClose }: RegisterDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('register.title')} width={420} height={280}>
      <PlaceholderDialogBody
        icon="userPlus"
        text={t('register.placeholder')}
        actions={
          <Button isBlock onClick={onClose} data-autofocus="">
            {t('common.ok')}
          </Button>
        }
        footer={
          <>
            {t('register.haveAccount')}{' '}
            <button type="button" onClick={() => openLoginModal()}>
              {t('header.login')}
            </button>
          </>
        }
      />
    </Dialog>
  );
}
