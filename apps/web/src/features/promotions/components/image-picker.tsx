import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Icon } from '@/components/ui/icon';
import { IMAGE_MAX_COUNT } from '../utils/application-form';
import styles from './promotions.module.css';

interface ImagePickerProps {
  label: string;
  hint: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The form's message for the list (count) or a file (type, size), by index. */
  error?: string;
  fileErrors?: readonly (string | undefined)[];
}

/** Up to three images with previews; each can be removed before sending. */
export function ImagePicker({ label, hint, files, onChange, error, fileErrors = [] }: ImagePickerProps) {
  const { t } = useTranslation('promotions');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );
  const isFull = files.length >= IMAGE_MAX_COUNT;
  return (
    <div className={styles.picker}>
      <label htmlFor={inputId} className={styles.pickerLabel}>
        {label}
      </label>
      <ul className={`${blocks.wrapList} ${styles.previews}`}>
        {files.map((file, index) => (
          <li
            key={`${file.name}-${file.size}-${file.lastModified}`}
            className={styles.preview}
            data-invalid={fileErrors[index] ? true : undefined}
          >
            <img src={previews[index]} alt={t('apply.previewAlt', { name: file.name })} />
            <button
              type="button"
              className={styles.previewRemove}
              onClick={() => onChange(files.filter((_, at) => at !== index))}
              aria-label={t('apply.removeImage', { name: file.name })}
            >
              <Icon name="close" size={14} />
            </button>
            {fileErrors[index] ? <span className={styles.previewError}>{fileErrors[index]}</span> : null}
          </li>
        ))}
        {isFull ? null : (
          <li>
            <button type="button" className={styles.addImage} onClick={() => inputRef.current?.click()}>
              <Icon name="download" size={20} />
              <span>{t('apply.addImage', { count: files.length, max: IMAGE_MAX_COUNT })}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg"
        multiple
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Over three is kept, so the form can say so instead of dropping files silently.
          if (picked.length > 0) onChange([...files, ...picked]);
          event.target.value = '';
        }}
      />
      <span className={error ? styles.fieldError : styles.fieldHint} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </span>
    </div>
  );
}
