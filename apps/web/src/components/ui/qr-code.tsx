import { type CSSProperties, useEffect, useState } from 'react';
import styles from './qr-code.module.css';

interface QrCodeProps {
  value: string;
  size?: number;
  /** Describes what scanning does, e.g. "QR code: download for Android". */
  label: string;
}

/** A QR code drawn in the browser. The encoder loads only when a code is first shown. */
export function QrCode({ value, size = 132, label }: QrCodeProps) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
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
  }, [value, size]);

  return (
    <span className={styles.frame} style={{ '--qr-size': `${size}px` } as CSSProperties}>
      {dataUrl ? (
        <img className={styles.image} src={dataUrl} alt={label} width={size} height={size} />
      ) : (
        <span className={styles.placeholder} role="img" aria-label={label} />
      )}
    </span>
  );
}
