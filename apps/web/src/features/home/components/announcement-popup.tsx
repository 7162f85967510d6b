import type { AnnouncementItem } from '@kismat/contracts/messages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPopupClosed, markPopupClosed } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { type PopupSelection, selectPopups } from '../utils/popup-audience';

const NoticeDialog = lazy(() => import('./notice-dialog').then((module) => ({ default: module.NoticeDialog })));

/**
 * The public announcement popup, once the login state is known: audience B for visitors, A for
 * members, F on a first login only; once a session unless closed (markers in sessionStorage).
 */
export function AnnouncementPopup({ popups }: { popups: readonly AnnouncementItem[] }) {
  const { t } = useTranslation();
  const isLogin = useSessionStore((state) => state.isLogin);
  const isFirstLogin = useSessionStore((state) => state.isFirstLogin);
  // A member's state is known once member info arrived; a visitor's at once.
  const isKnown = useSessionStore((state) => !state.isLogin || state.member !== null);
  const [selection, setSelection] = useState<PopupSelection | null>(null);

  useEffect(() => {
    if (!isKnown) return;
    const next = selectPopups(popups, { isLogin, isFirstLogin }, isPopupClosed);
    setSelection(next.items.length > 0 ? next : null);
  }, [popups, isLogin, isFirstLogin, isKnown]);

  if (!selection) return null;
  const close = () => {
    for (const marker of selection.markers) markPopupClosed(marker);
    setSelection(null);
  };
  return (
    <Suspense fallback={null}>
      <NoticeDialog title={t('home.popup.title')} items={selection.items} initialIndex={0} onClose={close} />
    </Suspense>
  );
}
