import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextArea } from '@/components/ui/text-area';
import { type ApplicationInput, applicationSchema, COMMENT_MAX_LENGTH, commentLength } from '../utils/application-form';
import { ErrorText } from './error-text';
import { ImagePicker } from './image-picker';
import styles from './promotions.module.css';

interface ApplicationFormProps {
  onSubmit: (input: { comment: string; images: File[] }) => Promise<unknown>;
  error: unknown;
  isPending: boolean;
}

/** The activity application: a comment of up to 140 characters and up to three png/jpg images. */
export function ApplicationForm({ onSubmit, error, isPending }: ApplicationFormProps) {
  const { t } = useTranslation('promotions');
  const schema = applicationSchema({
    commentRequired: t('apply.errors.commentRequired'),
    commentTooLong: t('apply.errors.commentTooLong', { max: COMMENT_MAX_LENGTH }),
    imageType: t('apply.errors.imageType'),
    imageSize: t('apply.errors.imageSize'),
    imageCount: t('apply.errors.imageCount'),
  });
  const { register, handleSubmit, watch, setValue, formState } = useForm<ApplicationInput, unknown, { comment: string; images: File[] }>({
    defaultValues: { comment: '', images: [] },
    resolver: zodResolver(schema),
  });
  const comment = watch('comment');
  const images = watch('images');
  const length = commentLength(comment);
  const { errors } = formState;
  const imageErrors = Array.isArray(errors.images) ? (errors.images as ({ message?: string } | undefined)[]) : [];
  const submit = handleSubmit(async (values) => {
    await onSubmit(values);
  });
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate data-testid="application-form">
      <TextArea
        label={t('apply.comment')}
        {...register('comment')}
        rows={3}
        error={errors.comment?.message}
        hint={t('apply.commentHint')}
        counter={
          <span data-over={length > COMMENT_MAX_LENGTH ? true : undefined}>
            {length}/{COMMENT_MAX_LENGTH}
          </span>
        }
        isRequired
      />
      <ImagePicker
        label={t('apply.images')}
        hint={t('apply.imagesHint')}
        files={images}
        onChange={(files) => setValue('images', files, { shouldValidate: formState.isSubmitted })}
        error={Array.isArray(errors.images) ? undefined : errors.images?.message}
        fileErrors={imageErrors.map((item) => item?.message)}
      />
      <ErrorText error={error} />
      <Button type="submit" disabled={isPending} aria-busy={isPending}>
        {isPending ? <Spinner size={16} label={t('apply.sending')} /> : null}
        {t('apply.submit')}
      </Button>
    </form>
  );
}
