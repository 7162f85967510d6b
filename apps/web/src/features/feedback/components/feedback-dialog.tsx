import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CaptchaField } from '@/components/ui/captcha-field';
import { Dialog } from '@/components/ui/dialog';
import styles from '@/components/ui/form-layout.module.css';
import { MessageDialog } from '@/components/ui/message-dialog';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextArea } from '@/components/ui/text-area';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { showToast } from '@/stores/toast-store';
import { getCaptcha } from '../api/get-captcha';
import { QUESTION_TYPES, type QuestionType, useSubmitFeedback } from '../api/submit-feedback';
import { FEEDBACK_HINT_MIN, FEEDBACK_MAX_LENGTH, feedbackLength, missingFeedbackFields } from '../utils/feedback-form';

interface FeedbackFields {
  type: string;
  description: string;
  captcha: string;
}

interface FeedbackDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * feedbackModal (spec sections 2, 5 and 8): question type, a description (trimmed, at most
 * 200 characters, hint 20 to 200, live counter) and a captcha. Empty fields are named in one
 * warning ("X is empty"); success closes the popup.
 */
export function FeedbackDialog({ isOpen, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation('feedback');
  const sender = useSessionStore((state) => state.account ?? '');
  const submit = useSubmitFeedback();
  const [captchaId, setCaptchaId] = useState<string | undefined>();
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const [missing, setMissing] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, watch, setValue } = useForm<FeedbackFields>({
    defaultValues: { type: '', description: '', captcha: '' },
  });
  const length = feedbackLength(watch('description'));

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    const empty = missingFeedbackFields(fields);
    if (empty.length > 0) {
      setMissing(t('isEmpty', { fields: empty.map((field) => t(`fields.${field}`)).join(t('listSeparator')) }));
      return;
    }
    try {
      await submit.mutateAsync({
        content: fields.description.trim(),
        sender,
        type: Number(fields.type) as QuestionType,
        captcha: fields.captcha.trim(),
        captchaId,
      });
      showToast(t('sent'));
      onClose();
    } catch (error) {
      setValue('captcha', '');
      setCaptchaRefresh((count) => count + 1);
      setFormError(error instanceof ApiError && error.status !== 404 ? error.message : t('unavailable'));
    }
  });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('title')} width={480} height={300}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.lead}>{t('lead')}</p>
        <div className={styles.fields}>
          <SelectField label={t('fields.type')} isRequired {...register('type')}>
            <option value="">{t('choose')}</option>
            {QUESTION_TYPES.map((question) => (
              <option key={question.value} value={String(question.value)}>
                {t(`types.${question.type}`)}
              </option>
            ))}
          </SelectField>
          <TextArea
            label={t('fields.description')}
            isRequired
            maxLength={FEEDBACK_MAX_LENGTH}
            placeholder={t('placeholder')}
            hint={t('hint', { min: FEEDBACK_HINT_MIN, max: FEEDBACK_MAX_LENGTH })}
            counter={`${length}/${FEEDBACK_MAX_LENGTH}`}
            {...register('description')}
          />
          <CaptchaField
            label={t('fields.captcha')}
            loadCaptcha={getCaptcha}
            onCaptchaId={setCaptchaId}
            refreshKey={captchaRefresh}
            isRequired
            {...register('captcha')}
          />
        </div>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="large" isBlock disabled={submit.isPending}>
          {submit.isPending ? <Spinner size={18} label={t('sending')} /> : null}
          {t('submit')}
        </Button>
      </form>
      <MessageDialog isOpen={missing !== null} title={t('missingTitle')} tone="warning" onConfirm={() => setMissing(null)}>
        {missing}
      </MessageDialog>
    </Dialog>
  );
}
