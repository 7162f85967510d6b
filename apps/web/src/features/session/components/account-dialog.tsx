import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { type FormBannerGroup, useFormBanner } from '../api/get-form-banner';
import styles from './account-dialog.module.css';

interface AccountDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  subtitle?: string;
  /** The banner group of spec section 3 (w_login_{lang}, w_reg_{lang}, w_forget). */
  bannerGroup?: FormBannerGroup;
  isClosable?: boolean;
  width?: number;
  children: ReactNode;
}

/**
 * The frame of the account popups: the merchant's banner on top (or a plain brand header when
 * none is configured or it failed to load), the title, then the form.
 */
export function AccountDialog({
  isOpen,
  onClose,
  title,
  subtitle,
  bannerGroup,
  isClosable = true,
  width = 440,
  children,
}: AccountDialogProps) {
  const banner = useFormBanner(bannerGroup ?? 'login');
  const shownBanner = bannerGroup ? banner : null;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      isTitleHidden
      width={width}
      height={320}
      isClosable={isClosable}
      className={styles.dialog}
    >
      <div className={styles.top}>
        {shownBanner ? (
          <img className={styles.banner} src={shownBanner.url} alt={shownBanner.title} width={1200} height={400} />
        ) : (
          <div className={styles.fallback} aria-hidden="true" />
        )}
      </div>
      <div className={styles.heading}>
        <p className={styles.title} aria-hidden="true">
          {title}
        </p>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {children}
    </Dialog>
  );
}
