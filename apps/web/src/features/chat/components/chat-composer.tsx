import { CHAT_TEXT_MAX } from '@kismat/contracts/live-chat';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from './chat.module.css';

interface ChatComposerProps {
  isDisabled: boolean;
  onSendText: (text: string) => void;
  onSendImage: (file: File, previewUrl: string) => boolean;
  onTyping: () => void;
}

/** The composer: a text box (Enter sends, Shift+Enter a new line) and a picture with its preview before it goes. */
export function ChatComposer({ isDisabled, onSendText, onSendImage, onTyping }: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [image, setImage] = useState<{ file: File; url: string } | null>(null);
  const [imageError, setImageError] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (isDisabled) return;
    if (image) {
      if (!onSendImage(image.file, image.url)) {
        setImageError(true);
        return;
      }
      // The pending message keeps showing the preview; it is revoked with the page.
      setImage(null);
    }
    if (text.trim()) onSendText(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  const pick = (file: File | undefined) => {
    if (!file) return;
    const isAllowed = ['image/png', 'image/jpeg'].includes(file.type) && file.size <= 2 * 1024 * 1024;
    setImageError(!isAllowed);
    if (isAllowed) setImage({ file, url: URL.createObjectURL(file) });
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <form className={styles.composer} onSubmit={submit}>
      {image ? (
        <div className={styles.preview}>
          <img src={image.url} alt={t('composer.imagePreview')} />
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              URL.revokeObjectURL(image.url);
              setImage(null);
            }}
          >
            {t('composer.removeImage')}
          </Button>
        </div>
      ) : null}
      {imageError ? (
        <p className={styles.rule} role="alert">
          {t('composer.imageRule')}
        </p>
      ) : null}
      <div className={styles.inputRow}>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg"
          className={styles.fileInput}
          id="chat-image"
          data-testid="chat-image-input"
          onChange={(event) => pick(event.target.files?.[0])}
        />
        <label htmlFor="chat-image" className={styles.attach} title={t('composer.attach')} aria-label={t('composer.attach')}>
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M21 12.5 12.7 20.8a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6l7.8-7.8" />
          </svg>
        </label>
        <textarea
          className={styles.textarea}
          value={text}
          rows={1}
          maxLength={CHAT_TEXT_MAX}
          placeholder={t('composer.placeholder')}
          aria-label={t('composer.label')}
          data-testid="chat-input"
          onChange={(event) => {
            setText(event.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={isDisabled || (!text.trim() && !image)} data-testid="chat-send">
          {t('composer.send')}
        </Button>
      </div>
    </form>
  );
}
