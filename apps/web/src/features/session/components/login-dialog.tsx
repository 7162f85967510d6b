import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PlaceholderDialogBody } from '@/components/ui/placeholder-dialog-body';
import { type LoginMode, openRegisterModal } from '@/stores/modal-store';

interface LoginDialogProps {
  isOpen: boolean;
  /** Agent mode (from /agent) hides remember-password and one-click login (spec section 2). */
  mode: LoginMode;
  onClose: () => void;
}

/** The login popup's frame. The form itself (username and SMS tabs, captcha) comes next. */
export function LoginDialog({ isOpen, mode, onClose }: LoginDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={mode === 'agent' ? t('login.agentTitle') : t('login.title')} width={420} height={280}>
      <PlaceholderDialogBody
        icon="lock"
        text={t('login.placeholder')}
        actions={
          <Button isBlock onClick={onClose} data-autofocus="">
            {t('common.ok')}
          </Button>
        }
        footer={
          mode === 'member' ? (
            <>
              {t('login.noAccount')}{' '}
              <button type="button" onClick={openRegisterModal}>
                {t('header.register')}
              </button>
            </>
          ) : null
        }
      />
    </Dialog>
  );
}
