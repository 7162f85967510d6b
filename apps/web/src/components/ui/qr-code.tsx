import { type CSSProperties, useEffect, useRef, useState } from 'react';
import styles from './qr-code.module.css';
import { useHasBeenVisible } from './use-has-been-visible';

interface QrCodeProps {
  value: string;
  size?: number;
  /** Describes what scanning does, e.g. "QR code: download for Android". */
  label: string;
}

/** A QR code drawn in the browser. The encoder loads only when a code is first on screen. */
export function QrCode({ value, size = 132, label }: QrCodeProps) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const frame = useRef<HTMLSpanElement>(null);
  // A code in a closed side menu or a hidden panel never loads the encoder.
  const isVisible = useHasBeenVisible(frame);

  useEffect(() => {
    if (!isVisible) return;
    let isCurrent = true;
    setDataUrl(null);
    import('qrcode')
      .then((qrcode) =>
        qrcode.toDataURL(value, { margin: 0, width: size * 2, errorCorrectionLevel: 'M', color: { dark: '#0a0d22', light: '#ffffff' } }),
      )
      .then((url) => {
        if (isCurrent) setDataUrl(url);
      })
      .catch(() => {
        // The link is still shown beside the code; a missing picture is not worth an error.
      });
    return () => {
      isCurrent = false;
    };
  }, [value, size, isVisible]);

  return (
    <span ref={frame} className={styles.frame} style={{ '--qr-size': `${size}px` } as CSSProperties}>
      {dataUrl ? (
        <img className={styles.image} src={dataUrl} alt={label} width={size} height={size} />
      ) : (
        <span className={styles.placeholder} role="img" aria-label={label} />
      )}
    </span>
  );
}
