import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';
import { Icon } from './icon';

/** Spec section 2: "Default size is 200 by 200 with a 100 ms delay." */
export const DIALOG_DEFAULT_SIZE = 200;
export const DIALOG_OPEN_DELAY_MS = 100;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export interface DialogProps {
  isOpen: boolean;
  /** Called by the close button and Escape; never by a click outside (spec). */
  onClose: () => void;
  title: ReactNode;
  /** The title still names the dialog for screen readers when it is not shown. */
  isTitleHidden?: boolean;
  /** The close button is shown by default; a caller may hide it. */
  showCloseButton?: boolean;
  /** A dialog that must be answered (e.g. forced password change) is not closable at all. */
  isClosable?: boolean;
  width?: number | string;
  height?: number | string;
  openDelayMs?: number;
  className?: string;
  children: ReactNode;
}

// Several dialogs may be open (a confirm over a form): the page stays locked until the last closes.
let scrollLocks = 0;

function lockPageScroll(): () => void {
  scrollLocks += 1;
  document.body.dataset.scrollLocked = '';
  const root = document.getElementById('root');
  // The page behind is inert: no focus, no clicks, hidden from screen readers.
  root?.setAttribute('inert', '');
  return () => {
    scrollLocks -= 1;
    if (scrollLocks > 0) return;
    delete document.body.dataset.scrollLocked;
    root?.removeAttribute('inert');
  };
}

function toCssSize(size: number | string): string {
  return typeof size === 'number' ? `${size}px` : size;
}

/** Modal dialog: focus trapped, page scroll locked, `aria-modal`, opened after a short delay. */
export function Dialog({
  isOpen,
  onClose,
  title,
  isTitleHidden = false,
  showCloseButton = true,
  isClosable = true,
  width = DIALOG_DEFAULT_SIZE,
  height = DIALOG_DEFAULT_SIZE,
  openDelayMs = DIALOG_OPEN_DELAY_MS,
  className,
  children,
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [isShown, setIsShown] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!isOpen) {
      setIsShown(false);
      return;
    }
    const timer = window.setTimeout(() => setIsShown(true), openDelayMs);
    return () => window.clearTimeout(timer);
  }, [isOpen, openDelayMs]);

  useEffect(() => {
    if (!isShown) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockPageScroll();
    const panel = panelRef.current;
    // Focus goes to the content (a form's first field), not to the close button.
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>(`[data-dialog-body] :is(${FOCUSABLE})`) ??
      panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    return () => {
      unlock();
      previouslyFocused?.focus();
    };
  }, [isShown]);

  useEffect(() => {
    if (!isShown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel) return;
      // Only the top-most dialog reacts when dialogs are stacked.
      const dialogs = document.querySelectorAll('[data-dialog-panel]');
      if (dialogs[dialogs.length - 1] !== panel) return;
      if (event.key === 'Escape' && isClosable) {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (element) => !element.closest('[hidden], [inert]'),
      );
      if (focusable.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first?.focus();
      } else if (!panel.contains(active)) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isShown, isClosable]);

  if (!isShown || typeof document === 'undefined') return null;

  const style: CSSProperties = { width: toCssSize(width), minHeight: toCssSize(height) };
  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={panelRef}
        data-dialog-panel=""
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={[styles.panel, className].filter(Boolean).join(' ')}
        style={style}
      >
        <div className={isTitleHidden ? 'visually-hidden' : styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        </div>
        {showCloseButton && isClosable ? (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" size={18} />
          </button>
        ) : null}
        <div className={styles.body} data-dialog-body="">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
