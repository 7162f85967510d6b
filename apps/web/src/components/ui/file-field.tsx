import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from './blocks.module.css';
import { buttonClassName } from './button';
import { FieldMessage, FieldShell, useFieldId } from './field-shell';
import styles from './file-field.module.css';
import { Icon } from './icon';

interface FileFieldProps {
  label: string;
  accept?: string;
  hint?: ReactNode;
  error?: string | null;
  isRequired?: boolean;
  onChange: (file: File | null) => void;
}

/**
 * A file picker with the site's own button and the chosen file's name, both in the page language.
 * The native input (still the one that opens the picker, and keyboard-focusable) is hidden: its
 * "Choose file / No file chosen" text is the browser's language, English on most phones.
 */
export function FileField({ label, accept, hint, error, isRequired, onChange }: FileFieldProps) {
  const { t } = useTranslation();
  const inputId = useFieldId(undefined);
  const messageId = `${inputId}-message`;
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <FieldShell label={label} controlId={inputId} isRequired={isRequired} isInvalid={Boolean(error)}>
      <div className={styles.row}>
        <input
          id={inputId}
          type="file"
          accept={accept}
          className={`${blocks.visuallyHidden} ${styles.native}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setFileName(file?.name ?? null);
            onChange(file);
          }}
        />
        <label htmlFor={inputId} className={buttonClassName({ variant: 'outline', size: 'small', className: styles.pick })}>
          <Icon name="download" size={16} />
          {fileName ? t('common.changeFile') : t('common.chooseFile')}
        </label>
        <span className={styles.name} data-chosen={fileName ? '' : undefined} data-testid="file-name">
          {fileName ?? t('common.noFileChosen')}
        </span>
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </FieldShell>
  );
}
