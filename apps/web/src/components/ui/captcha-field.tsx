import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThrottledCallback } from '@/lib/use-throttled-callback';
import styles from './captcha-field.module.css';
import { Spinner } from './spinner';
import { TextField, type TextFieldProps } from './text-field';

/** Spec section 9: a new captcha image at most once a second. */
export const CAPTCHA_REFRESH_THROTTLE_MS = 1000;

export interface CaptchaImage {
  imageUrl: string;
  captchaId: string | undefined;
}

interface CaptchaFieldProps extends Omit<TextFieldProps, 'trailing' | 'label'> {
  label?: string;
  loadCaptcha: () => Promise<CaptchaImage>;
  /** Receives each new captcha id (the form sends it with the answer). */
  onCaptchaId: (captchaId: string | undefined) => void;
  /** Changing this asks for a new image (after a failed attempt used the old one up). */
  refreshKey?: number;
}

/** The answer input with its image; clicking the image loads a new one (throttled). */
export function CaptchaField({ loadCaptcha, onCaptchaId, refreshKey = 0, label, ...inputProps }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const loadRef = useRef(loadCaptcha);
  loadRef.current = loadCaptcha;
  const idRef = useRef(onCaptchaId);
  idRef.current = onCaptchaId;

  const load = useCallback(async () => {
    setIsLoading(true);
    setHasFailed(false);
    try {
      let captcha: CaptchaImage;
      try {
        captcha = await loadRef.current();
      } catch {
        // The server refuses a second image within a second (per browser): wait once and retry.
        await new Promise((resolve) => setTimeout(resolve, CAPTCHA_REFRESH_THROTTLE_MS));
        captcha = await loadRef.current();
      }
      setImage(captcha.imageUrl);
      idRef.current(captcha.captchaId);
    } catch {
      setHasFailed(true);
    } finally {
      setIsLoading(false);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for a new image.
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const refresh = useThrottledCallback(() => void load(), CAPTCHA_REFRESH_THROTTLE_MS);

  return (
    <TextField
      icon="shield"
      label={label ?? t('common.captcha')}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={6}
      {...inputProps}
      trailing={
        <button
          type="button"
          className={styles.image}
          onClick={refresh}
          aria-label={t('common.refreshCaptcha')}
          title={t('common.refreshCaptcha')}
        >
          {image && !hasFailed ? <img src={image} alt={t('common.captchaImage')} width={114} height={40} /> : null}
          {hasFailed ? <span className={styles.failed}>{t('common.retry')}</span> : null}
          {isLoading ? (
            <span className={styles.loading}>
              <Spinner size={16} label={t('common.loading')} />
            </span>
          ) : null}
        </button>
      }
    />
  );
}
