import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PlaceholderDialogBody } from '@/components/ui/placeholder-dialog-body';

interface FeedbackDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The feedback popup's frame. The form (question type, description, captcha) comes next. */
export function FeedbackDialog({ isOpen, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('feedback.title')} width={420} height={300}>
      <PlaceholderDialogBody
        icon="feedback"
        text={t('feedback.placeholder')}
        actions={
          <Button isBlock onClick={onClose} data-autofocus="">
            {t('common.ok')}
          </Button>
        }
      />
    </Dialog>
  );
}
